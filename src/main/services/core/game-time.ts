/** Where and when play stands: the clock's game time (CLK-1) and the session being played. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { gameTime } from '../../engines/clock'
import { SETTING_DEFAULTS } from '../../../shared/contract'

/**
 * Seconds since the campaign began, as the clock stands; before the clock's first step (or when
 * every step has been undone), the campaign's start (CLK-1).
 * @example await currentGameTime(db, 1) // 37800: Day 1 · 10:30
 */
export async function currentGameTime(db: Kysely<Database>, campaignId: number): Promise<number> {
  const row = await db
    .selectFrom('clock')
    .select((eb) => ['state', eb.exists(eb.selectFrom('clock_step').select('id').where('campaign_id', '=', campaignId).where('undone', '=', 0)).as('moved')])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst()
  if (row && row.moved) {
    const time = (JSON.parse(row.state) as { time?: unknown }).time
    return typeof time === 'number' ? time : 0
  }
  const start = await db.selectFrom('setting').select('value').where('campaign_id', '=', campaignId).where('key', '=', 'clock.start').executeTakeFirst()
  const { day, time } = start ? (JSON.parse(start.value) as (typeof SETTING_DEFAULTS)['clock.start']) : SETTING_DEFAULTS['clock.start']
  return gameTime(day, time)
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
