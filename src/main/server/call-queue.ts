/**
 * One WebSocket connection's calls, taken fairly. They run in the order they came, at most
 * `atOnce` at a time, and at most one is started per turn of the event loop: on SQLite a call is
 * all synchronous reads and writes joined by promises, so it runs to its end in the turn that
 * starts it, and a connection that has sent thousands of calls gets one of them done per turn
 * while every other connection's calls are read and started in the same turns. A connection with
 * `maxWaiting` calls waiting is no longer read until half of them have been started (its frames
 * wait in the network buffers, and the sender is slowed down by them).
 */
import type { WebSocket } from 'ws'

/**
 * Whether a connection is read: paused while any reason holds it, read again when the last one
 * lets go. Frames already read are still delivered after a pause; the next read waits.
 */
export class ReadGate {
  private readonly holds = new Set<string>()

  constructor(private readonly ws: WebSocket) {}

  hold(reason: string): void {
    this.holds.add(reason)
    if (!this.ws.isPaused) this.ws.pause()
  }

  release(reason: string): void {
    if (this.holds.delete(reason) && this.holds.size === 0 && this.ws.isPaused) this.ws.resume()
  }
}

export interface CallQueueOptions<T> {
  /** Calls running at once (more than one helps only where a call waits on the network: PostgreSQL). */
  atOnce: number
  /** Calls waiting before the connection is no longer read. */
  maxWaiting: number
  /**
   * Answers a call, and the waiting calls joined to it (they share its answer). A rejection is a
   * fault that ends this connection, never the server.
   */
  run(call: T, joined: T[]): Promise<void>
  /** Whether a waiting call asks exactly what `started` asks, so that one answer does for both. */
  joins?(started: T, waiting: T): boolean
  /** The connection's gate, when something else may hold its reading too. */
  gate?: ReadGate
}

/** @example const q = new CallQueue(ws, { atOnce: 4, maxWaiting: 64, run: answer }); ws.on('message', (d) => q.push(String(d))) */
export class CallQueue<T> {
  private readonly waiting: T[] = []
  private running = 0
  private scheduled = false
  private readonly gate: ReadGate

  constructor(
    private readonly ws: WebSocket,
    private readonly options: CallQueueOptions<T>,
  ) {
    this.gate = options.gate ?? new ReadGate(ws)
  }

  push(call: T): void {
    this.waiting.push(call)
    if (this.waiting.length >= this.options.maxWaiting) this.gate.hold('calls waiting')
    this.schedule()
  }

  /** The next start, in a later turn of the event loop; never more than one of them pending. */
  private schedule(): void {
    if (this.scheduled || this.running >= this.options.atOnce || this.waiting.length === 0) return
    this.scheduled = true
    setImmediate(() => {
      this.scheduled = false
      this.startOne()
    })
  }

  private startOne(): void {
    if (this.ws.readyState !== this.ws.OPEN) {
      this.waiting.length = 0
      return
    }
    if (this.running >= this.options.atOnce || this.waiting.length === 0) return
    const call = this.waiting.shift()!
    const joined: T[] = []
    const joins = this.options.joins
    if (joins) {
      let kept = 0
      for (const w of this.waiting) {
        if (joins(call, w)) joined.push(w)
        else this.waiting[kept++] = w
      }
      this.waiting.length = kept
    }
    if (this.waiting.length < this.options.maxWaiting / 2) this.gate.release('calls waiting')
    this.running++
    void this.options
      .run(call, joined)
      .catch(() => this.ws.terminate())
      .finally(() => {
        this.running--
        this.schedule()
      })
    this.schedule()
  }
}
