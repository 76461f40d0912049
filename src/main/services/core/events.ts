/** The push-event bus: services publish after their transaction commits; IPC and the server relay. */
import type { EventMessage } from '../../../shared/contract'
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
