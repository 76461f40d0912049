/**
 * The log's words go into the search index after the change that logged them (migration 0016): a
 * log entry's insert only queues its id, so a long advance does not wait on FTS5 tokenizing every
 * line. Once a change has committed, the queue is indexed in small batches, each its own short
 * transaction (on SQLite, one that waits on no fsync: `indexWithoutSync`), letting other calls in
 * between; a search first indexes whatever is still queued, so it always finds every entry. A
 * queue left by a crash or a power cut is indexed the same way later.
 */
import type BetterSqlite3 from 'better-sqlite3'
import { sql, type Kysely, type Transaction } from 'kysely'
import { sqliteOf } from '../../db/connection'
import { takeIndexLock } from './writer-lock'
import type { Database } from '../../db/schema'

/** Entries per batch: about 40 ms of indexing, so a call waiting behind one is not held long. */
const BATCH = 250

/**
 * What migration 0013 indexes of a log entry: every string in its payload, and its kind as words.
 * The queue is the outer loop (a CROSS JOIN keeps SQLite's planner from reordering it,
 * https://www.sqlite.org/optoverview.html#manual_control_of_query_plans_using_cross_join): left
 * to itself it walks the log's every entry up to the batch's last id and looks each up in the
 * queue, a cost that grows with the log, where the queue holds a handful.
 */
export const INDEX_QUEUED = `insert into search_index (rowid, title, body, extra, campaign_id, kind, ref_id, open_id, game_time, game_end)
  select l.id * 16 + 10, '',
    (case when json_valid(l.payload) then coalesce((select group_concat(value, ' ') from json_tree(l.payload) where type = 'text'), '') else l.payload end),
    replace(replace(l.kind, '.', ' '), '_', ' '), l.campaign_id, 'log_entry', l.id, l.id, l.game_time, l.game_time
  from search_pending p cross join log_entry l on l.id = p.log_id
  where p.log_id <= ? and l.undone = 0 and l.audience <> 'book'`

interface Statements {
  any: BetterSqlite3.Statement<[], number | null>
  upTo: BetterSqlite3.Statement<[number], number | null>
  index: BetterSqlite3.Statement<[number]>
  dequeue: BetterSqlite3.Statement<[number]>
}
const prepared = new WeakMap<BetterSqlite3.Database, Statements>()
function statementsOf(sqlite: BetterSqlite3.Database): Statements {
  let s = prepared.get(sqlite)
  if (!s) {
    s = {
      any: sqlite.prepare<[], number | null>('select exists (select 1 from search_pending)').pluck(),
      upTo: sqlite.prepare<[number], number | null>('select max(log_id) from (select log_id from search_pending order by log_id limit ?)').pluck(),
      index: sqlite.prepare<[number]>(INDEX_QUEUED),
      dequeue: sqlite.prepare<[number]>('delete from search_pending where log_id <= ?'),
    }
    prepared.set(sqlite, s)
  }
  return s
}

/**
 * Indexes up to `limit` queued entries, oldest first: how many left the queue. The caller holds the
 * connection (inside a Kysely transaction, or with nothing else using it).
 * @example indexQueued(core.handle.sqlite) // a test's counts, with the queue indexed first
 */
export function indexQueued(sqlite: BetterSqlite3.Database, limit = Number.MAX_SAFE_INTEGER): number {
  const s = statementsOf(sqlite)
  const upTo = s.upTo.get(limit)
  if (upTo === null || upTo === undefined) return 0
  s.index.run(upTo)
  return s.dequeue.run(upTo).changes
}

/**
 * The same on PostgreSQL, whose index is a table with a trigram index (its migration 0001): the
 * queued entries of one campaign a batch, under that campaign's lock, so other campaigns' changes
 * go on meanwhile.
 */
async function indexQueuedOnServer(trx: Transaction<Database>, limit: number): Promise<number> {
  // Taken like a change of the campaign: an undo committing meanwhile would otherwise miss the row this adds.
  const campaignId = await takeIndexLock(trx)
  if (campaignId === null) {
    // Entries queued and then deleted with their campaign leave nothing to index.
    const gone = await sql`delete from search_pending p where not exists (select 1 from log_entry l where l.id = p.log_id)`.execute(trx)
    return Number(gone.numAffectedRows ?? 0)
  }
  const { rows } = await sql<{ up_to: number | null }>`select max(log_id) as up_to from (select p.log_id from search_pending p join log_entry l on l.id = p.log_id
    where l.campaign_id = ${campaignId} order by p.log_id limit ${limit}) q`.execute(trx)
  const upTo = rows[0]?.up_to
  if (upTo === null || upTo === undefined) {
    // Another batch indexed this campaign's entries while this one waited for its lock: the queue
    // is done only if no other campaign's entries wait (1 tells the caller to go on).
    const { rows: more } = await sql<{ any: boolean }>`select exists (select 1 from search_pending) as any`.execute(trx)
    return more[0]?.any === true ? 1 : 0
  }
  await sql`insert into search_index (rowid, title, body, extra, campaign_id, kind, ref_id, open_id, game_time, game_end)
    select l.id::bigint * 16 + 10, '', lantern_json_strings(l.payload), replace(replace(l.kind, '.', ' '), '_', ' '),
      l.campaign_id, 'log_entry', l.id, l.id, l.game_time, l.game_time
    from search_pending p join log_entry l on l.id = p.log_id
    where p.log_id <= ${upTo} and l.campaign_id = ${campaignId} and l.undone = 0 and l.audience <> 'book'
    on conflict (rowid) do nothing`.execute(trx)
  const gone = await sql`delete from search_pending p using log_entry l where l.id = p.log_id and l.campaign_id = ${campaignId} and p.log_id <= ${upTo}`.execute(trx)
  return Number(gone.numAffectedRows ?? 0)
}

/**
 * `indexQueued` in a transaction of its own that waits on no fsync. A batch need not be durable by
 * itself: it only moves rows from the queue into the index, in one transaction, so a power cut that
 * loses it leaves them queued, and a queue is indexed again the next time the library is open. On a
 * library in WAL mode the batch commits with `synchronous = NORMAL`, which SQLite documents as
 * consistent but not durable (https://www.sqlite.org/pragma.html#pragma_synchronous); the next
 * change commits with FULL, whose sync of the WAL file carries the batch's frames written before
 * it (https://www.sqlite.org/wal.html: "Writers sync the WAL on every transaction commit if PRAGMA
 * synchronous is set to FULL"). So each change costs one fsync, not two.
 */
function indexWithoutSync(sqlite: BetterSqlite3.Database, limit: number): number {
  const { relax, was } = syncOf(sqlite)
  if (relax) sqlite.pragma('synchronous = NORMAL')
  try {
    return sqlite.transaction(() => indexQueued(sqlite, limit))()
  } finally {
    if (relax) sqlite.pragma(`synchronous = ${was}`)
  }
}

/** Whether a connection runs in WAL mode, and its `synchronous`, read once (set when it was opened). */
const syncs = new WeakMap<BetterSqlite3.Database, { relax: boolean; was: number }>()
function syncOf(sqlite: BetterSqlite3.Database): { relax: boolean; was: number } {
  let s = syncs.get(sqlite)
  if (!s) {
    s = { relax: String(sqlite.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal', was: Number(sqlite.pragma('synchronous', { simple: true })) }
    syncs.set(sqlite, s)
  }
  return s
}

/** One batch in a transaction of its own: on SQLite without an fsync of its own (`indexWithoutSync`). */
async function indexBatch(db: Kysely<Database>, sqlite: BetterSqlite3.Database | null, limit: number): Promise<number> {
  // Holding Kysely's connection (its driver's mutex), the one SQLite connection is this call's
  // alone: no change's transaction is open on it meanwhile.
  if (sqlite) return db.connection().execute(async () => indexWithoutSync(sqlite, limit))
  return db.transaction().execute((trx) => indexQueuedOnServer(trx, limit))
}

/** Whether anything waits in a server's queue. */
async function anyQueued(db: Kysely<Database>): Promise<boolean> {
  const { rows } = await sql<{ any: boolean }>`select exists (select 1 from search_pending) as any`.execute(db)
  return rows[0]?.any === true
}

/**
 * Indexes every queued log entry now (before a search reads the index).
 * @example await indexQueuedLog(deps.db)
 */
export async function indexQueuedLog(db: Kysely<Database>): Promise<void> {
  const sqlite = sqliteOf(db)
  while ((await indexBatch(db, sqlite, BATCH * 8)) > 0) {
    // On until the queue is empty: a change committed meanwhile queues more.
  }
}

/** The background indexing under way on each library: settles when it has stopped. */
const indexing = new WeakMap<object, Promise<void>>()

/**
 * After a change has committed: indexes the queued entries in the background, a batch at a time,
 * unless that is already under way (it goes on until the queue is empty, so it takes in what this
 * change queued). A library closed meanwhile stops it; its queue waits for the next time the
 * library is open.
 * @example indexLogSoon(deps.db)
 */
export function indexLogSoon(db: Kysely<Database>): void {
  const sqlite = sqliteOf(db)
  if (indexing.has(db) || (sqlite && (!sqlite.open || !statementsOf(sqlite).any.get()))) return
  let stopped!: () => void
  indexing.set(db, new Promise<void>((resolve) => (stopped = resolve)))
  const stop = (): void => {
    indexing.delete(db)
    stopped()
  }
  const step = (): void => {
    indexBatch(db, sqlite, BATCH).then(
      // On SQLite a batch short of full may have emptied the queue: asked at once (in this turn of
      // the loop, so no change can queue more unseen between the question and the stop) rather
      // than by another batch's transaction that would find nothing.
      (n) => (n === 0 || (sqlite && n < BATCH && (!sqlite.open || !statementsOf(sqlite).any.get())) ? stop() : void setImmediate(step)),
      stop,
    )
  }
  // A server is asked whether anything is queued off the change's path, as part of the work.
  const start = (): void => {
    anyQueued(db).then((any) => (any ? step() : stop()), stop)
  }
  // On the loop's next turn, after the calls already received, with no timer's millisecond of
  // idling. Not unref'd: an unref'd immediate waits for the next I/O or timer to run at all.
  setImmediate(sqlite ? step : start)
}

/**
 * Settles once the background indexing under way on the library has stopped: its queue found
 * empty, or the library closed. At once when none is under way. Nothing starts it.
 * @example await gm(core, 'clock.advance', …); await backgroundIndexing(core.deps.db) // the queue indexed
 */
export function backgroundIndexing(db: Kysely<Database>): Promise<void> {
  return indexing.get(db) ?? Promise.resolve()
}
