/**
 * The unit of work every change goes through: one SQLite transaction holding the change, its log
 * entries and the dice counter; push events are sent only after it commits, so nothing a screen
 * hears about can be rolled back afterwards.
 */
import type { ControlledTransaction, Kysely, Transaction } from 'kysely'
import type BetterSqlite3 from 'better-sqlite3'
import { dialectOf, sqliteOf } from '../../db/connection'
import type { Database } from '../../db/schema'
import type { EventMessage } from '../../../shared/contract'
import type { EventName } from '../../../shared/methods'
import { EventBus, toldAfterCommit } from './events'
import { unitBegins, unitCommits } from './action-scope'
import { indexLogSoon } from './log-search-queue'
import { checkpointSoon } from './wal-checkpoint'
import { type LockTarget, takeWriterLock } from './writer-lock'
import { lockTargetOf } from './change-scope'
import { type AudienceGate, settleAudiences } from './audience'
import { failedChange } from './storage-errors'

export interface ServiceDeps {
  db: Kysely<Database>
  events: EventBus
  /** The wall clock, injectable so tests and replays are repeatable. Never moves game time (CLK-1). */
  now: () => Date
  /** This Lantern's GM, named in the undo history of a library several GMs share; '' for one GM alone. */
  gm?: string
  /** The players' gate: who each log entry is for (audience.ts); createCore hands it over. */
  audience?: AudienceGate<Tx>
}

export interface Tx {
  trx: Transaction<Database>
  /** ISO time of this unit of work, the same for every row it writes. */
  readonly realTime: string
  /** Who makes the change (ServiceDeps.gm). */
  readonly gm: string
  /**
   * The SQLite connection the transaction runs on, for prepared statements run many times in one
   * unit (a long advance's log entries); null where the database was not opened by `openDatabase`.
   */
  readonly sqlite?: BetterSqlite3.Database | null
  /** The players' gate (ServiceDeps.audience). */
  readonly audience?: AudienceGate<Tx> | undefined
  /**
   * On PostgreSQL, the campaign whose lock the change holds (writer-lock.ts); the log refuses an
   * entry of another campaign. Undefined on SQLite and under the library's lock.
   */
  readonly campaignLock?: number | undefined
  /** The library the unit runs on (its database handle), for what is kept per library between units. */
  readonly library?: object
  /** Queues a push event to be sent once the transaction has committed. */
  emitAfterCommit<K extends EventName>(event: K, payload: EventMessage<K>['payload']): void
}

/**
 * Runs fn in one transaction. If fn throws, nothing it wrote remains and no event is sent.
 * @example await unitOfWork(deps, async (tx) => { await tx.trx.insertInto('campaign')…; tx.emitAfterCommit('campaign.changed', …) })
 */
export async function unitOfWork<T>(deps: ServiceDeps, fn: (tx: Tx) => Promise<T>): Promise<T> {
  if (dialectOf(deps.db) === 'sqlite') return runUnit(deps, fn, null)
  // A campaign's changes wait for its lock, the library's changes for every campaign's (writer-lock.ts).
  const target = await lockTargetOf(deps.db)
  // This Lantern's changes of one campaign wait their turn here, not holding a pooled connection
  // while they wait for the lock (a burst of calls would otherwise take every connection, reads' too).
  let waiting = queues.get(deps.db)
  if (!waiting) queues.set(deps.db, (waiting = new Map()))
  const key = target === 'library' ? 'library' : target.campaignId
  const mine = (waiting.get(key) ?? Promise.resolve()).then(() => runUnit(deps, fn, target))
  // The next change waits for this one however it ends.
  const settled = mine.then(
    () => {},
    () => {},
  )
  waiting.set(key, settled)
  void settled.then(() => {
    if (waiting.get(key) === settled) waiting.delete(key)
  })
  return mine
}

/** The last change queued by this Lantern on each PostgreSQL library, by what it locks. */
const queues = new WeakMap<object, Map<number | 'library', Promise<void>>>()

async function runUnit<T>(deps: ServiceDeps, fn: (tx: Tx) => Promise<T>, lock: LockTarget | null): Promise<T> {
  const pending: EventMessage[] = []
  const realTime = deps.now().toISOString()
  let trx: ControlledTransaction<Database>
  try {
    trx = await deps.db.startTransaction().execute()
  } catch (err) {
    throw failedChange(err)
  }
  let result: T
  try {
    const tx: Tx = {
      trx,
      realTime,
      gm: deps.gm ?? '',
      sqlite: sqliteOf(deps.db),
      audience: deps.audience,
      campaignLock: lock !== null && lock !== 'library' ? lock.campaignId : undefined,
      library: deps.db,
      emitAfterCommit(event, payload) {
        pending.push({ event, payload } as EventMessage)
      },
    }
    // One change of a campaign at a time across every Lantern on a PostgreSQL library (writer-lock.ts).
    if (lock !== null) await takeWriterLock(trx, lock)
    // Inside a GM action, the action is recorded in this same transaction (action-scope.ts).
    await unitBegins(tx)
    result = await fn(tx)
    await settleAudiences(tx)
    await unitCommits(tx)
    await trx.commit().execute()
  } catch (err) {
    // SQLite rolls a transaction back by itself on some errors (a full disk, an I/O error): the
    // rollback then finds none to undo and fails, and the error that ended the change is the one
    // to report. The rollback frees the connection either way.
    await trx
      .rollback()
      .execute()
      .catch((undoErr: unknown) => {
        // On PostgreSQL a rollback fails when the connection is gone, taking the transaction with it.
        if (sqliteOf(deps.db)?.inTransaction) console.error('Lantern could not roll a failed change back', undoErr)
      })
    throw failedChange(err)
  }
  for (const m of toldAfterCommit(pending)) deps.events.emit(m.event, m.payload as never)
  indexLogSoon(deps.db)
  checkpointSoon(deps.db)
  return result
}
