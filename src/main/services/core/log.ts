/** The session log: every change the GM makes is an entry, written in the change's own transaction. */
import type BetterSqlite3 from 'better-sqlite3'
import type { Kysely } from 'kysely'
import type { Database, LogEntryRow } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'
import type { RolledFace } from '../../engines/dice'
import type { Tx } from './context'
import { AppError } from './errors'
import { currentGameTime, openSessionId } from './game-time'
import { logWritten } from './action-scope'
import { audienceWritten, decideAudiences } from './audience'

export interface NewLogEntry {
  campaignId: number
  kind: string
  payload: Record<string, unknown>
  sessionId?: number | null
  gameTime?: number
  /** Every face rolled for this change, in order (DICE-3). */
  dice?: readonly RolledFace[] | null
  gmOnly?: boolean
  /** Undo's or redo's own bookkeeping, no part of the story (core/audience.ts). */
  bookkeeping?: boolean
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
  const { campaignId, ...rest } = entry
  return (await appendLogs(tx, campaignId, [rest]))[0]!
}

const insertStatements = new WeakMap<object, BetterSqlite3.Statement<unknown[]>>()

function insertStatement(sqlite: BetterSqlite3.Database): BetterSqlite3.Statement<unknown[]> {
  let stmt = insertStatements.get(sqlite)
  if (!stmt) {
    stmt = sqlite.prepare<unknown[]>(
      'insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, dice, gm_only, audience, players) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
    )
    insertStatements.set(sqlite, stmt)
  }
  return stmt
}

/**
 * Appends entries of one campaign in order, inside the caller's transaction, as one batch: the open
 * session and the clock's time are looked up once, and the rows go in through one prepared
 * statement. Each entry is announced once the transaction commits, as `appendLog` does.
 * @example await appendLogs(tx, 1, [{ kind: 'clock.advanced', payload: {…} }, { kind: 'clock.event.new-day', payload: {…} }])
 */
export async function appendLogs(tx: Tx, campaignId: number, entries: readonly Omit<NewLogEntry, 'campaignId'>[]): Promise<LogEntry[]> {
  if (entries.length === 0) return []
  // A change holding one campaign's lock writes that campaign's log and no other (writer-lock.ts).
  if (tx.campaignLock !== undefined && tx.campaignLock !== campaignId) {
    throw new Error(`a change of campaign ${tx.campaignLock} tried to write to the log of campaign ${campaignId}`)
  }
  const openSession = entries.some((e) => e.sessionId === undefined) ? await openSessionId(tx.trx, campaignId) : null
  const now = entries.some((e) => e.gameTime === undefined) ? await currentGameTime(tx.trx, campaignId) : 0
  const audiences = await decideAudiences(
    tx,
    campaignId,
    entries.map((e) => ({ kind: e.kind, payload: e.payload, gmOnly: e.gmOnly === true, bookkeeping: e.bookkeeping === true })),
  )
  const rows = entries.map((e, i) => ({
    campaign_id: campaignId,
    session_id: e.sessionId !== undefined ? e.sessionId : openSession,
    game_time: e.gameTime ?? now,
    real_time: tx.realTime,
    kind: e.kind,
    payload: JSON.stringify(e.payload),
    dice: e.dice && e.dice.length > 0 ? JSON.stringify(e.dice) : null,
    gm_only: e.gmOnly ? 1 : 0,
    audience: audiences[i]!.audience,
    players: audiences[i]!.players,
  }))
  const ids = tx.sqlite ? insertOnSqlite(tx.sqlite, rows) : await insertInBatches(tx, rows)
  // Each entry as `toLogEntry` reads it back, but for its payload and dice: the caller's own (plain
  // data, as every change's payloads are), not parsed again from the JSON just written (a year of
  // downtime's 12,000 payloads took 9 ms to parse back).
  const logged = rows.map(
    (r, i): LogEntry => ({
      id: ids[i]!,
      campaignId,
      sessionId: r.session_id,
      gameTime: r.game_time,
      realTime: r.real_time,
      kind: r.kind,
      payload: entries[i]!.payload,
      dice: r.dice === null ? null : [...entries[i]!.dice!],
      gmOnly: r.gm_only === 1,
      undone: false,
    }),
  )
  audienceWritten(
    tx,
    logged.filter((_, i) => rows[i]!.audience !== 'book'),
  )
  for (const entry of logged) {
    logWritten(tx, entry)
    tx.emitAfterCommit('log.added', entry)
  }
  return logged
}

type LogInsert = Omit<LogEntryRow, 'id' | 'undone'>

/**
 * Rows per multi-row INSERT on SQLite, largest first (10 values a row, well under its 32,766
 * parameters): a long run goes in statements of 256 rows, its tail in statements of 32, the last
 * few one by one. Fewer, longer statements bind the same values in less time (a year of downtime's
 * 12,000 entries: 4 ms less at 256 a statement than at 64).
 */
const SQLITE_BATCH_ROWS = [256, 32] as const

const batchStatements = new WeakMap<BetterSqlite3.Database, Map<number, BetterSqlite3.Statement<unknown[]>>>()

function batchStatement(sqlite: BetterSqlite3.Database, size: number): BetterSqlite3.Statement<unknown[]> {
  let bySize = batchStatements.get(sqlite)
  if (!bySize) batchStatements.set(sqlite, (bySize = new Map()))
  let stmt = bySize.get(size)
  if (!stmt) {
    const values = Array.from({ length: size }, () => '(?, ?, ?, ?, ?, ?, ?, ?, ?, ?)').join(', ')
    stmt = sqlite.prepare<unknown[]>(`insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, dice, gm_only, audience, players) values ${values} returning id`).pluck()
    bySize.set(size, stmt)
  }
  return stmt
}

/**
 * SQLite: a run of rows goes in multi-row statements (`SQLITE_BATCH_ROWS`), their ids read back by
 * RETURNING, and what is left one prepared statement a row. The ids of one statement's rows rise
 * in the order of its rows (the write lock is held), so sorted they are the rows' ids in order.
 */
function insertOnSqlite(sqlite: BetterSqlite3.Database, rows: LogInsert[]): number[] {
  const stmt = insertStatement(sqlite)
  const one = (r: LogInsert) => Number(stmt.run(r.campaign_id, r.session_id, r.game_time, r.real_time, r.kind, r.payload, r.dice, r.gm_only, r.audience, r.players).lastInsertRowid)
  const ids: number[] = []
  let at = 0
  for (const size of SQLITE_BATCH_ROWS) {
    if (rows.length - at < size) continue
    const batch = batchStatement(sqlite, size)
    const params: unknown[] = new Array(size * 10)
    for (; rows.length - at >= size; at += size) {
      for (let i = 0; i < size; i++) {
        const r = rows[at + i]!
        const p = i * 10
        params[p] = r.campaign_id
        params[p + 1] = r.session_id
        params[p + 2] = r.game_time
        params[p + 3] = r.real_time
        params[p + 4] = r.kind
        params[p + 5] = r.payload
        params[p + 6] = r.dice
        params[p + 7] = r.gm_only
        params[p + 8] = r.audience
        params[p + 9] = r.players
      }
      const made = (batch.all(...params) as number[]).sort((a, b) => a - b)
      for (const id of made) ids.push(id)
    }
  }
  for (; at < rows.length; at++) ids.push(one(rows[at]!))
  return ids
}

/** Rows per INSERT over the network (well under PostgreSQL's 65,535 parameters). */
const BATCH_ROWS = 1_000

/**
 * A database server: many rows to an INSERT. One statement's ids rise in the order of its rows
 * (other campaigns' changes may take ids in between, never out of order), so the returned ids,
 * sorted, are the rows' in order.
 */
async function insertInBatches(tx: Tx, rows: LogInsert[]): Promise<number[]> {
  const ids: number[] = []
  for (let at = 0; at < rows.length; at += BATCH_ROWS) {
    const made = await tx.trx.insertInto('log_entry').values(rows.slice(at, at + BATCH_ROWS)).returning('id').execute()
    ids.push(...made.map((r) => r.id).sort((a, b) => a - b))
  }
  return ids
}

/**
 * A page of the log, newest first; pass the oldest id seen as `beforeId` for the next page.
 * @example await listLog(db, { campaignId: 1, limit: 50 })
 */
export async function listLog(
  db: Kysely<Database>,
  q: { campaignId: number; beforeId?: number; limit: number; kind?: string },
): Promise<LogEntry[]> {
  // Undo's own bookkeeping is told in the History panel, not in the log.
  let query = db.selectFrom('log_entry').selectAll().where('campaign_id', '=', q.campaignId).where('audience', '!=', 'book')
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId)
  if (q.kind !== undefined) query = query.where('kind', '=', q.kind)
  const rows = await query.orderBy('id', 'desc').limit(q.limit).execute()
  return rows.map(toLogEntry)
}

/**
 * The entries of the given kinds a step wrote (ids `first` … `last`), newest first: what a
 * follower of the clock reads to put back what the step did when it is undone.
 * @example for (const e of await stepEntries(tx, 1, { first: 40, last: 52 }, ['ladder.combat.round'])) …
 */
export async function stepEntries(tx: Tx, campaignId: number, logs: { first: number; last: number }, kinds: readonly string[]): Promise<LogEntry[]> {
  const rows = await tx.trx
    .selectFrom('log_entry')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('id', '>=', logs.first)
    .where('id', '<=', logs.last)
    .where('kind', 'in', [...kinds])
    .orderBy('id', 'desc')
    .execute()
  return rows.map(toLogEntry)
}
