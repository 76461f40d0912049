/** The campaign's current game time (CLK-1), for anything recorded without a time of its own. */
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema'

/**
 * Seconds since the campaign began, as the clock stands; 0 before the clock has first moved.
 * @example await currentGameTime(db, 1) // 37800: Day 1 · 10:30
 */
export async function currentGameTime(db: Kysely<Database>, campaignId: number): Promise<number> {
  const row = await db.selectFrom('clock').select('state').where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row) return 0
  const time = (JSON.parse(row.state) as { time?: unknown }).time
  return typeof time === 'number' ? time : 0
}
