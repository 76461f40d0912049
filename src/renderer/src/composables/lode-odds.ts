/**
 * LODE's exact odds before a roll (DICE-2) computed where they are shown: the engine is pure, and
 * what the service reads from the database (the campaign's Web, the roller's name and Energy now,
 * LODE-6, LODE-9) the table has already loaded, so the roll panel works them out in the page. The
 * numbers are the engine's own `lodeTableOdds`, shaped as `lode.odds` answers them.
 */
import type { z } from 'zod'
import { tableLodeContract, type LodePoolOdds } from '../../../shared/api/table-lode.contract'
import { lodeOpposedTableOdds, lodeTableOdds, type OddsRoller } from '../../../main/engines/lode/table-odds'

const Input = tableLodeContract['lode.odds'].input

const LABELS: Record<string, string> = {
  baseDice: 'Base Dice',
  advantages: 'Advantages',
  disadvantages: 'Disadvantages',
  blessing: 'Blessing',
  curse: 'Curse',
  energy: 'Energy',
  mode: 'Roll',
}

/**
 * The odds of a pool or Fluke Die on the campaign's Web, for a roller with the Energy they have
 * now (null: the GM or a nameless side), or the sentence that says why not.
 * @example lodeOdds({ campaignId: 1, characterId: 4, baseDice: 2, advantages: 3, energy: 1 }, 9, { name: 'Brann', energy: 2 })
 */
export function lodeOdds(request: z.input<typeof Input>, web: number, roller: OddsRoller | null): { odds: LodePoolOdds; error: null } | { odds: null; error: string } {
  const parsed = Input.safeParse(request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[0] ?? '')
    return { odds: null, error: issue ? `${LABELS[field] ?? field}: ${issue.message}` : 'These odds cannot be worked out.' }
  }
  try {
    return { odds: lodeTableOdds(parsed.data, web, roller), error: null }
  } catch (err) {
    return { odds: null, error: (err as Error).message }
  }
}

const OpposedInput = tableLodeContract['lode.opposedOdds'].input

/**
 * LODE-7's exact chances that each side wins or ties, with each side's own odds, for rollers with
 * the Energy they have now; or the sentence that says why not.
 * @example lodeOpposedOdds({ campaignId: 1, a: { characterId: 4, advantages: 3 }, b: { characterId: null } }, 9, [{ name: 'Brann', energy: 2 }, null])
 */
export function lodeOpposedOdds(
  request: z.input<typeof OpposedInput>,
  web: number,
  rollers: [OddsRoller | null, OddsRoller | null],
): { odds: ReturnType<typeof lodeOpposedTableOdds>; error: null } | { odds: null; error: string } {
  const parsed = OpposedInput.safeParse(request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = String(issue?.path[1] ?? issue?.path[0] ?? '')
    return { odds: null, error: issue ? `${LABELS[field] ?? field}: ${issue.message}` : 'These odds cannot be worked out.' }
  }
  try {
    return { odds: lodeOpposedTableOdds(parsed.data, web, rollers), error: null }
  } catch (err) {
    return { odds: null, error: (err as Error).message }
  }
}
