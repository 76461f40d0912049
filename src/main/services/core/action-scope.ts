/**
 * What one API call that is a GM action wrote, gathered as it happens. The call runs inside an
 * action scope (play's recorder); every unit of work inside it tells the scope when it begins, each
 * log entry and roll it writes, and when it is about to commit — so the action is recorded in the
 * same transaction as what it did. Outside a scope these calls do nothing.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import type { LogEntry } from '../../../shared/contract'

/** A unit of work's transaction, as the scope sees it (context.ts's Tx; kept generic so context.ts can import this file). */
type Unit = object

/** What one unit of work wrote inside an action. */
export interface UnitWrites {
  /** Its log entries, in the order written. */
  logs: LogEntry[]
  /** The campaign dice counter before its first roll and after its last. */
  dice: { campaignId: number; before: number; after: number } | null
}

/** The recorder of one action; play's recorder is the one implementation. `T` is context.ts's Tx. */
export interface ActionScope<T extends Unit = Unit> {
  /** A unit of work begins inside the action. */
  begin(tx: T): Promise<void>
  /** The unit is about to take a roll from the campaign's dice (a redo puts the counter back first). */
  beforeDice(tx: T, campaignId: number): Promise<void>
  /** The unit is about to commit, having written log entries. */
  finish(tx: T, writes: UnitWrites): Promise<void>
}

const scopes = new AsyncLocalStorage<ActionScope>()
const written = new WeakMap<Unit, UnitWrites>()

/**
 * Runs an API call as one action: its units of work report to `scope`.
 * @example await inActionScope(recorder, () => handler(input))
 */
export function inActionScope<T extends Unit, R>(scope: ActionScope<T>, fn: () => Promise<R>): Promise<R> {
  return scopes.run(scope as ActionScope, fn)
}

function writesOf(tx: Unit): UnitWrites {
  let w = written.get(tx)
  if (!w) {
    w = { logs: [], dice: null }
    written.set(tx, w)
  }
  return w
}

/** Called by the unit of work when its transaction has begun. */
export async function unitBegins(tx: Unit): Promise<void> {
  await scopes.getStore()?.begin(tx)
}

/** Called by the unit of work before it commits: the action is recorded in the same transaction. */
export async function unitCommits(tx: Unit): Promise<void> {
  const scope = scopes.getStore()
  const w = written.get(tx)
  if (scope && w && w.logs.length > 0) await scope.finish(tx, w)
}

/** Called by the log for each entry a unit writes. */
export function logWritten(tx: Unit, entry: LogEntry): void {
  if (scopes.getStore()) writesOf(tx).logs.push(entry)
}

/** Called by the campaign's dice before a roll takes the next counter. */
export async function diceTaking(tx: Unit, campaignId: number): Promise<void> {
  await scopes.getStore()?.beforeDice(tx, campaignId)
}

/** Called by the campaign's dice with the counter a roll took. */
export function diceTaken(tx: Unit, campaignId: number, counter: number): void {
  if (!scopes.getStore()) return
  const w = writesOf(tx)
  if (w.dice === null) w.dice = { campaignId, before: counter - 1, after: counter }
  else w.dice.after = counter
}
