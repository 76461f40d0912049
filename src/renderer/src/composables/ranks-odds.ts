/**
 * The Ranks table's exact odds before a roll (RK-2, RK-4, DICE-2) computed where they are shown:
 * the engine is pure and the input is a rank alone, so the roll panel calls it in the page instead
 * of asking the main process. The numbers are the engine's own, shaped as `ranks.odds` answers them.
 */
import type { z } from 'zod'
import { ranksTableContract, type RankOdds } from '../../../shared/api/table-ranks.contract'
import { rankRollOdds } from '../../../main/engines/ranks/table-odds'

const Input = ranksTableContract['ranks.odds'].input

/**
 * The odds of a rank roll, plain and with an aspect invoked, or the sentence that says why not.
 * @example ranksOdds({ rank: 'fair' }) // { odds: { success: 0.5833…, … }, error: null }
 */
export function ranksOdds(request: z.input<typeof Input>): { odds: RankOdds & { withAspect: RankOdds }; error: null } | { odds: null; error: string } {
  const parsed = Input.safeParse(request)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    return { odds: null, error: issue ? `Rank: ${issue.message}` : 'These odds cannot be worked out.' }
  }
  return { odds: rankRollOdds(parsed.data), error: null }
}
