/**
 * Slows down guessing the players' key: after a few wrong keys from one address, each further
 * attempt from it waits longer (doubling, up to a cap) before it is answered. A right key clears
 * the address's count; an address quiet for a while is forgotten.
 */
export interface ThrottleOptions {
  /** Wrong keys allowed before any wait. */
  free: number
  /** The first wait, in milliseconds; each further wrong key doubles it. */
  baseMs: number
  maxMs: number
  /** An address with no wrong key for this long starts again from nothing. */
  forgetMs: number
}

export const DEFAULT_THROTTLE: ThrottleOptions = { free: 5, baseMs: 500, maxMs: 30_000, forgetMs: 15 * 60_000 }

export class KeyThrottle {
  private readonly misses = new Map<string, { count: number; last: number }>()

  constructor(
    private readonly options: ThrottleOptions = DEFAULT_THROTTLE,
    private readonly now: () => number = Date.now,
  ) {}

  /** How long an attempt from this address waits before its key is checked, in milliseconds. */
  delayFor(address: string): number {
    const m = this.misses.get(address)
    if (!m) return 0
    if (this.now() - m.last > this.options.forgetMs) {
      this.misses.delete(address)
      return 0
    }
    const over = m.count - this.options.free
    if (over < 0) return 0
    return Math.min(this.options.maxMs, this.options.baseMs * 2 ** over)
  }

  failed(address: string): void {
    const m = this.misses.get(address)
    const fresh = !m || this.now() - m.last > this.options.forgetMs
    this.misses.set(address, { count: fresh ? 1 : m.count + 1, last: this.now() })
    // Many addresses guessing at once: the oldest are dropped, so memory stays bounded.
    if (this.misses.size > 10_000) this.misses.delete(this.misses.keys().next().value!)
  }

  succeeded(address: string): void {
    this.misses.delete(address)
  }
}
