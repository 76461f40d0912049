/** Where and when play stands: the clock's game time (CLK-1) and the session being played. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

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

/**
 * The session being played: the most recent open one, or null. What is logged during play belongs
 * to it unless the change names another.
 * @example await openSessionId(db, 1) // 12
 */
export async function openSessionId(db: Kysely<Database>, campaignId: number): Promise<number | null> {
  const row = await db
    .selectFrom('session')
    .select('id')
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'open')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()
  return row?.id ?? null
}
