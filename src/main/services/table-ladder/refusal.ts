/**
 * The Ladder engine says what is wrong in plain sentences (a RangeError for a bad input, an Error
 * for a move the rules do not allow now); the table turns them into refusals a GM can act on.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { SYSTEMS } from '../../../shared/systems'
import { AppError, notFound } from '../core'

/**
 * Runs an engine call; its complaint becomes a refusal naming the field, so nothing is written.
 * @example byTheRules('asset', () => taskOdds({ asset: 'superb' })) // refused: superb needs the extended ladder
 */
export function byTheRules<T>(field: string, fn: () => T, outcome = ' Nothing was written.'): T {
  try {
    return fn()
  } catch (err) {
    if (err instanceof AppError) throw err
    const message = (err as Error).message
    throw new AppError(err instanceof RangeError ? 'invalid_input' : 'refused', `${message}${outcome}`, [{ field, problem: message }])
  }
}

/**
 * A refusal with one field's problem.
 * @example refuse('characterId', 'Only a character of the campaign has Plot Points to spend.')
 */
export function refuse(field: string, problem: string, outcome = 'Nothing was written.'): AppError {
  return new AppError('refused', `${problem} ${outcome}`, [{ field, problem }])
}

/**
 * The campaign must exist and play The Ladder.
 * @example await requireLadderCampaign(db, 1)
 */
export async function requireLadderCampaign(db: Kysely<Database>, campaignId: number): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw notFound('campaign', campaignId)
  if (row.system !== 'ladder') {
    throw refuse('campaignId', `This campaign plays ${SYSTEMS[row.system].name}; The Ladder's table is only for Ladder campaigns.`)
  }
}
