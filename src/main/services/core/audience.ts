/**
 * Who each log entry is for is decided as it is written, in its own transaction: the players'
 * gate (services/players/audience, handed to the core as `ServiceDeps.audience`) reads the entry's
 * kind and payload against what the players know at that moment (the foes they have met, which
 * of them the GM has revealed, whose numbers are shown) and says whether the players read it as
 * the GM does, read their own version of it, or not at all. Entries written by an undo or a redo
 * are bookkeeping, no part of the story. Before the transaction commits the gate looks at the
 * table once more (a foe that came to the table in this very change is met then) and corrects
 * what it decided too early.
 */
import type { LogAudience } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'

/** A unit of work's transaction as the gate sees it (context.ts's Tx; generic so context.ts can import this file). */
interface Unit {
  readonly audience?: AudienceGate<never> | undefined
}

/** What the gate reads of an entry being written. */
export interface EntryToDecide {
  kind: string
  payload: Record<string, unknown>
  gmOnly: boolean
  /** Undo's or redo's own entry (a redo's "Redone: …"), written in a unit that is not all bookkeeping. */
  bookkeeping?: boolean
}

/** Who an entry is for, and the players' own payload (JSON) when they read a version of their own. */
export interface AudienceDecision {
  audience: Exclude<LogAudience, 'old' | 'book'>
  players: string | null
}

/** `T` is context.ts's Tx. */
export interface AudienceGate<T> {
  /** The audience of each entry of one campaign about to be written, in order. */
  decide(tx: T, campaignId: number, entries: readonly EntryToDecide[]): Promise<AudienceDecision[]>
  /** Before commit: meets the foes now at the table and corrects this unit's entries where that changes them. */
  settle(tx: T, campaignId: number, written: readonly LogEntry[]): Promise<void>
}

/** The gate of a unit, typed for its own transaction. */
function gateOf<T extends Unit>(tx: T): AudienceGate<T> | undefined {
  return tx.audience as AudienceGate<T> | undefined
}

const bookkeeping = new WeakSet<object>()
const written = new WeakMap<object, Map<number, LogEntry[]>>()

/**
 * Marks a unit of work as undo's or redo's bookkeeping: every entry it writes is no part of the story.
 * @example await unitOfWork(deps, async (tx) => { markBookkeeping(tx); … })
 */
export function markBookkeeping(tx: object): void {
  bookkeeping.add(tx)
}

/** Whether the unit writes undo's bookkeeping. */
export function isBookkeeping(tx: object): boolean {
  return bookkeeping.has(tx)
}

/** The decisions for entries a unit writes: bookkeeping, or the gate's. */
export async function decideAudiences<T extends Unit>(tx: T, campaignId: number, entries: readonly EntryToDecide[]): Promise<{ audience: LogAudience; players: string | null }[]> {
  if (bookkeeping.has(tx)) return entries.map(() => ({ audience: 'book', players: null }))
  const gate = gateOf(tx)
  if (!gate) throw new Error('Lantern cannot tell who a log entry is for: the players’ gate is missing from this core.')
  const story = entries.filter((e) => !e.bookkeeping)
  const decided = story.length ? await gate.decide(tx, campaignId, story) : []
  let at = 0
  return entries.map((e) => (e.bookkeeping ? { audience: 'book', players: null } : decided[at++]!))
}

/** Called by the log for the entries a unit wrote (the gate settles them before commit). */
export function audienceWritten(tx: object, entries: readonly LogEntry[]): void {
  if (bookkeeping.has(tx) || entries.length === 0) return
  let byCampaign = written.get(tx)
  if (!byCampaign) written.set(tx, (byCampaign = new Map()))
  const list = byCampaign.get(entries[0]!.campaignId)
  if (list) list.push(...entries)
  else byCampaign.set(entries[0]!.campaignId, [...entries])
}

/** Called by the unit of work before it commits. */
export async function settleAudiences<T extends Unit>(tx: T): Promise<void> {
  const byCampaign = written.get(tx)
  const gate = gateOf(tx)
  if (!byCampaign || !gate) return
  for (const [campaignId, entries] of byCampaign) await gate.settle(tx, campaignId, entries)
}
