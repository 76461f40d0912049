/** The campaign a Ranks table belongs to, and the names its characters go by in the engine's words. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { SYSTEMS } from '../../../shared/systems'
import { AppError, notFound } from '../core'

/**
 * Refused unless the campaign exists and plays Resolution and Ranks.
 * @example await requireRanksCampaign(tx.trx, 1)
 */
export async function requireRanksCampaign(db: Kysely<Database>, campaignId: number): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw notFound('campaign', campaignId)
  if (row.system !== 'ranks') {
    const problem = `this campaign plays ${SYSTEMS[row.system].name}, and this table is for ${SYSTEMS.ranks.name}`
    throw new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. Nothing was changed.`, [{ field: 'campaignId', problem }])
  }
}

/**
 * The names the engine compares characters by (RK-7: who faces which Danger): each character's
 * name, with its id added where two of those asked share one.
 * @example await engineNames(db, [4, 5]) // Map { 4 => 'Alexis', 5 => 'Georgia' }
 */
export async function engineNames(db: Kysely<Database>, ids: readonly number[]): Promise<Map<number, string>> {
  const unique = [...new Set(ids)]
  if (unique.length === 0) return new Map()
  const rows = await db.selectFrom('character').select(['id', 'name']).where('id', 'in', unique).execute()
  const count = new Map<string, number>()
  for (const r of rows) count.set(r.name, (count.get(r.name) ?? 0) + 1)
  return new Map(rows.map((r) => [r.id, (count.get(r.name) ?? 0) > 1 ? `${r.name} (#${r.id})` : r.name]))
}
