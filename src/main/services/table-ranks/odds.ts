/**
 * Exact odds for the Ranks table (DICE-2), straight from the engine: each rank's chance before the
 * roll (RK-2), with an aspect always invoked, and for an aspect on the roll in play (RK-4).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { RankOdds } from '../../../shared/api/table-ranks.contract'
import { aspectOdds, type Rank } from '../../engines/ranks'
import { chartOf, rankRollOdds } from '../../engines/ranks/table-odds'
import { AppError, notFound } from '../core'
import { engineRoll } from './roll-store'

/**
 * RK-2, RK-4: odds before the roll, plain and with an aspect invoked: the engine's `rankRollOdds`,
 * the same function the page calls.
 * @example rollOdds({ rank: 'good' }).success
 */
export function rollOdds(input: { rank: Rank }): RankOdds & { withAspect: RankOdds } {
  return rankRollOdds(input)
}

/**
 * RK-4: odds of invoking an aspect on a roll, over the aspect die's six faces.
 * @example await oddsOfAspect(db, { rollId: 7 })
 */
export async function oddsOfAspect(db: Kysely<Database>, input: { rollId: number }): Promise<RankOdds> {
  const row = await db.selectFrom('ranks_roll').selectAll().where('id', '=', input.rollId).executeTakeFirst()
  if (!row) throw notFound('rank roll', input.rollId)
  if (row.aspect !== null) {
    const problem = `an aspect was already invoked on this roll (+${row.aspect}); only one aspect per task (RK-4)`
    throw new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}.`, [{ field: 'rollId', problem }])
  }
  return chartOf(aspectOdds(engineRoll(row)))
}
