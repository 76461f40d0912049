/**
 * A SQLite library's write-ahead log is copied into the library file (a checkpoint) after a change,
 * in the background, rather than inside the change. SQLite's automatic checkpoint runs in the
 * commit that takes the log past its threshold, so that change waits for the copy and two more
 * fsyncs before it answers (8 ms for a year of downtime's 12,000 entries; every few hundred
 * small changes, one of them). The connection's automatic checkpoint is set well past this threshold (connection.ts), a
 * bound on the log if the background never has a turn; this one copies the log in once it holds
 * `CHECKPOINT_FRAMES` frames not yet copied, after the change's search indexing.
 * https://www.sqlite.org/wal.html#automatic_checkpoint
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { sqliteOf } from '../../db/connection'
import { backgroundIndexing } from './log-search-queue'

/** Frames (pages) written to the log and not yet copied that start a background checkpoint: SQLite's own default for its automatic one. */
export const CHECKPOINT_FRAMES = 1000

interface WalState {
  busy: number
  log: number
  checkpointed: number
}

/**
 * The NOOP checkpoint prepared once per connection (`pragma()` would prepare it at every change); a
 * checkpoint pragma runs when the statement is stepped (its `OP_Checkpoint`), so each `get` asks anew.
 */
const noops = new WeakMap<object, { get(): unknown }>()

/**
 * How many frames the library's write-ahead log holds and how many of them are copied into the
 * file, asked without copying anything (SQLite's NOOP checkpoint, 3.51+); null for a library not
 * in WAL mode or not on SQLite.
 * @example walFrames(core.deps.db) // { log: 1204, checkpointed: 0 }
 */
export function walFrames(db: Kysely<Database>): { log: number; checkpointed: number } | null {
  const sqlite = sqliteOf(db)
  if (!sqlite?.open) return null
  let noop = noops.get(sqlite)
  if (!noop) noops.set(sqlite, (noop = sqlite.prepare('pragma wal_checkpoint(NOOP)')))
  const s = noop.get() as WalState | undefined
  return s && s.log >= 0 ? { log: s.log, checkpointed: s.checkpointed } : null
}

/** The background checkpoint under way on each library. */
const checkpointing = new WeakMap<object, Promise<void>>()

/**
 * After a change has committed: once its search indexing has stopped, copies the log into the
 * library file if it holds `CHECKPOINT_FRAMES` frames not yet copied (a passive checkpoint, which
 * waits for no one). Nothing on PostgreSQL. A library closed meanwhile is checkpointed by its close.
 * @example checkpointSoon(deps.db)
 */
export function checkpointSoon(db: Kysely<Database>): void {
  const sqlite = sqliteOf(db)
  if (!sqlite || checkpointing.has(db)) return
  const run = async (): Promise<void> => {
    await backgroundIndexing(db)
    // After the calls already received, as the indexing's batches are.
    await new Promise<void>((resolve) => setImmediate(resolve))
    if (!sqlite.open) return
    // Holding Kysely's one connection: no change's transaction is open on it meanwhile.
    await db.connection().execute(async () => {
      const frames = walFrames(db)
      if (frames && frames.log - frames.checkpointed >= CHECKPOINT_FRAMES) sqlite.pragma('wal_checkpoint(PASSIVE)')
    })
  }
  const done = run()
    .catch((err: unknown) => {
      // A checkpoint that fails (a full disk) leaves the log as it was: every change in it is safe
      // there, and the next change's checkpoint, or SQLite's own, tries again.
      if (sqlite.open) console.error('Lantern could not copy the write-ahead log into the library file', err)
    })
    .finally(() => checkpointing.delete(db))
  checkpointing.set(db, done)
}

/**
 * Settles once the background checkpoint under way on the library has finished (at once when none is).
 * @example await backgroundCheckpoint(core.deps.db)
 */
export function backgroundCheckpoint(db: Kysely<Database>): Promise<void> {
  return checkpointing.get(db) ?? Promise.resolve()
}
