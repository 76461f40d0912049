/** The push-event bus: services publish after their transaction commits; IPC and the server relay. */
import type { EventMessage, EventPayload, LogEntry } from '../../../shared/contract'
import type { EventName } from '../../../shared/methods'
import { randomUUID } from 'node:crypto'

export type EventListener = (message: EventMessage) => void

export class EventBus {
  private readonly listeners = new Set<EventListener>()
  /** This Lantern, among others sharing a PostgreSQL library (whose events it must not hear twice). */
  readonly origin = randomUUID()

  /** Subscribes; returns the function that unsubscribes. */
  on(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit<K extends EventName>(event: K, payload: EventMessage<K>['payload']): void {
    const message = { event, payload } as EventMessage
    for (const l of this.listeners) {
      try {
        l(message)
      } catch (err) {
        // One broken listener (a closed socket) must not stop the others hearing the event.
        console.error(`Lantern: an event listener for ${event} failed:`, err)
      }
    }
  }
}

/** A change's log entries of one campaign sent one by one, at most; more are told as one `log.many`. */
export const LOG_ENTRIES_TOLD_EACH = 50

/**
 * The events of a committed change as they are sent: in order, except that where the change wrote
 * more than `LOG_ENTRIES_TOLD_EACH` entries to one campaign's log, those entries' `log.added` become
 * one `log.many` (where the first of them was), naming their count, kinds and ids. A year of
 * downtime writes ~12,000 entries: one event instead of 12,000 for every screen to hear and drop.
 * @example toldAfterCommit([{ event: 'log.added', payload: entry }]) // the same one event
 */
export function toldAfterCommit(pending: readonly EventMessage[]): EventMessage[] {
  const entryOf = (m: EventMessage): LogEntry | null => (m.event === 'log.added' ? (m.payload as LogEntry) : null)
  const logged = new Map<number, number>()
  for (const m of pending) {
    const entry = entryOf(m)
    if (entry) logged.set(entry.campaignId, (logged.get(entry.campaignId) ?? 0) + 1)
  }
  if (![...logged.values()].some((n) => n > LOG_ENTRIES_TOLD_EACH)) return [...pending]
  const many = new Map<number, EventPayload<'log.many'>>()
  const out: EventMessage[] = []
  for (const m of pending) {
    const entry = entryOf(m)
    if (!entry || logged.get(entry.campaignId)! <= LOG_ENTRIES_TOLD_EACH) {
      out.push(m)
      continue
    }
    const told = many.get(entry.campaignId)
    if (told) {
      told.count++
      if (!told.kinds.includes(entry.kind)) told.kinds.push(entry.kind)
      told.firstId = Math.min(told.firstId, entry.id)
      told.lastId = Math.max(told.lastId, entry.id)
      continue
    }
    const payload: EventPayload<'log.many'> = { campaignId: entry.campaignId, count: 1, kinds: [entry.kind], firstId: entry.id, lastId: entry.id }
    many.set(entry.campaignId, payload)
    out.push({ event: 'log.many', payload } as EventMessage)
  }
  return out
}
