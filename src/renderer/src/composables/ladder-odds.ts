/**
 * The Ladder's exact odds (DICE-2) computed where they are shown: the engine is pure, so the roll
 * panels call it in the page instead of asking the main process, and the chart follows an input in
 * the same frame. The numbers are the engine's own, shaped as `ladder.odds` answers them.
 */
import type { z } from 'zod'
import { OddsInput, type Odds } from '../../../shared/api/table-ladder.contract'
import { tableOdds } from '../../../main/engines/ladder/table-odds'

/**
 * The exact odds of a roll before it is made, or the sentence that says why they cannot be given
 * (the engine's own, as `ladder.odds` refuses it; or the field that is wrong).
 * @example ladderOdds({ kind: 'task', asset: 'poor', difficulty: 'expert' }) // { odds: { …, success: { outcome: 'success', p: 1/36 } }, error: null }
 */
export function ladderOdds(request: z.input<typeof OddsInput>): { odds: Odds; error: null } | { odds: null; error: string } {
  const parsed = OddsInput.safeParse(request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { odds: null, error: issue ? `${issue.path.join('.') || 'input'}: ${issue.message}` : 'These odds cannot be worked out.' }
  }
  try {
    return { odds: tableOdds(parsed.data), error: null }
  } catch (err) {
    return { odds: null, error: (err as Error).message }
  }
}
