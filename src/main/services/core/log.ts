/** The session log: every change the GM makes is an entry, written in the change's own transaction. */
import type { Kysely } from 'kysely'
import type { Database, LogEntryRow } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'
import type { RolledFace } from '../../engines/dice'
import type { Tx } from './context'
import { AppError } from './errors'
import { currentGameTime, openSessionId } from './game-time'
import { logWritten } from './action-scope'

export interface NewLogEntry {
  campaignId: number
  kind: string
  payload: Record<string, unknown>
  sessionId?: number | null
  gameTime?: number
  /** Every face rolled for this change, in order (DICE-3). */
  dice?: readonly RolledFace[] | null
  gmOnly?: boolean
}

export function toLogEntry(row: LogEntryRow): LogEntry {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    sessionId: row.session_id,
    gameTime: row.game_time,
    realTime: row.real_time,
    kind: row.kind,
    payload: JSON.parse(row.payload) as Record<string, unknown>,
    dice: row.dice === null ? null : (JSON.parse(row.dice) as RolledFace[]),
    gmOnly: row.gm_only === 1,
    undone: row.undone === 1,
  }
}

/**
 * The session a change belongs to: the one the GM named, none when they said so (null), and
 * otherwise the session being played, so that what happens while a session is open is in it
 * (and in its recap) wherever on the screens it was made. A session of another campaign is
 * refused, naming the field.
 * @example await sessionOfChange(tx.trx, 1, undefined) // 12: the open session
 */
export async function sessionOfChange(db: Kysely<Database>, campaignId: number, sessionId: number | null | undefined): Promise<number | null> {
  if (sessionId === undefined) return openSessionId(db, campaignId)
  if (sessionId === null) return null
  const row = await db.selectFrom('session').select('id').where('id', '=', sessionId).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row) {
    throw new AppError('invalid_input', `There is no session ${sessionId} in this campaign; nothing was written.`, [
      { field: 'sessionId', problem: 'no session of this campaign has this id' },
    ])
  }
  return row.id
}

/**
 * Appends an entry inside the caller's transaction and announces it once that commits.
 * @example await appendLog(tx, { campaignId: 1, kind: 'note', payload: { text: 'The bridge is out.' } })
 */
export async function appendLog(tx: Tx, entry: NewLogEntry): Promise<LogEntry> {
  const row = await tx.trx
    .insertInto('log_entry')
    .values({
      campaign_id: entry.campaignId,
      // During play, an entry belongs to the open session unless the change names one (or none: null).
      session_id: entry.sessionId !== undefined ? entry.sessionId : await openSessionId(tx.trx, entry.campaignId),
      // Recorded when the clock stands now, unless the change says when it happened (CLK-1).
      game_time: entry.gameTime ?? (await currentGameTime(tx.trx, entry.campaignId)),
      real_time: tx.realTime,
      kind: entry.kind,
      payload: JSON.stringify(entry.payload),
      dice: entry.dice && entry.dice.length > 0 ? JSON.stringify(entry.dice) : null,
      gm_only: entry.gmOnly ? 1 : 0,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
  const logged = toLogEntry(row)
  logWritten(tx, logged)
  tx.emitAfterCommit('log.added', logged)
  return logged
}

/**
 * A page of the log, newest first; pass the oldest id seen as `beforeId` for the next page.
 * @example await listLog(db, { campaignId: 1, limit: 50 })
 */
export async function listLog(
  db: Kysely<Database>,
  q: { campaignId: number; beforeId?: number; limit: number; kind?: string },
): Promise<LogEntry[]> {
  let query = db.selectFrom('log_entry').selectAll().where('campaign_id', '=', q.campaignId)
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId)
  if (q.kind !== undefined) query = query.where('kind', '=', q.kind)
  const rows = await query.orderBy('id', 'desc').limit(q.limit).execute()
  return rows.map(toLogEntry)
}
