/**
 * Exact odds for every roll the table makes (DICE-2), straight from the engine's odds functions:
 * never sampled. Outcomes are keyed in the rules' own terms (rungs, damage levels, sides). The
 * computation is the engine's `tableOdds`, the same one the page calls, so both show one answer.
 */
import type { z } from 'zod'
import type { Odds, OddsInput } from '../../../shared/api/table-ladder.contract'
import { tableOdds } from '../../engines/ladder/table-odds'
import { byTheRules } from './refusal'

export { aheadOdds, contenderOf, ladderRungs, taskOf } from '../../engines/ladder/table-odds'

type Input = z.output<typeof OddsInput>

/**
 * The exact odds of a roll before it is made.
 * @example ladderOdds({ kind: 'task', asset: 'poor', difficulty: 'expert', wonky: null, extended: false }).success // { outcome: 'success', p: 1/36 }
 */
export function ladderOdds(input: Input): Odds {
  // Asking for odds writes nothing, so a refusal only says what is wrong.
  return byTheRules('asset', () => tableOdds(input), '')
}
