/**
 * Keeps the players' screen of the shared campaign current: after every change to that campaign
 * (any event naming it, sent once its transaction has committed) the projection is built again
 * from the tables, and sent as the player-scoped `players.view` event when it differs from the
 * last one sent. Changes that come together are built once. A players' screen asking for the view
 * gets the projection last built while nothing has changed since, and callers asking while one is
 * being built share that one: however often players ask, the tables are read once per change.
 */
import { AsyncResource } from 'node:async_hooks'
import type { EventMessage, PlayerView } from '../../../shared/contract'
import type { ServiceDeps } from '../core'
import { playerView } from './projection'

export class PlayersHub {
  private campaignId: number | null = null
  private last: string | null = null
  private running = false
  private dirty = false
  /** Counts the changes heard: a projection built before the latest one is out of date. */
  private version = 0
  /** The newest projection, built or being built, with what it was built from. */
  private latest: { version: number; campaignId: number; db: object; view: Promise<PlayerView> } | null = null
  private built = 0
  private readonly off: () => void
  /** Schedules a build outside the GM action whose event asked for it: reading is no part of that action. */
  private readonly later: (fn: () => void) => void

  constructor(private readonly deps: ServiceDeps) {
    this.off = deps.events.on((m) => this.heard(m))
    this.later = AsyncResource.bind((fn: () => void) => void setImmediate(fn))
  }

  /** The campaign being shared, or null. */
  get shared(): number | null {
    return this.campaignId
  }

  /** How many projections have been built from the tables so far. */
  get builds(): number {
    return this.built
  }

  /** Shares this campaign from now on (null: none). */
  watch(campaignId: number | null): void {
    this.campaignId = campaignId
    this.last = null
    this.version++
    if (campaignId !== null) this.rebuild()
  }

  /** The projection now: the last one built if nothing has changed since, else built from the tables. */
  async view(): Promise<PlayerView | null> {
    return this.campaignId === null ? null : this.project(this.campaignId)
  }

  close(): void {
    this.off()
    this.campaignId = null
    this.latest = null
  }

  private heard(m: EventMessage): void {
    if (this.campaignId === null || m.event === 'players.view' || m.event === 'transfer.progress') return
    const p = m.payload as { campaignId?: unknown; id?: unknown }
    const about = typeof p.campaignId === 'number' ? p.campaignId : m.event === 'campaign.changed' ? p.id : null
    if (about === this.campaignId) {
      this.version++
      this.rebuild()
    } else if (typeof about !== 'number') {
      // About the whole library (its connection back after other Lanterns may have changed it).
      this.version++
    }
  }

  /**
   * The projection of the campaign as it stands: the newest one when nothing has changed since it
   * was started (on the same library: a restored backup is another), else a new one. A build that
   * fails is not kept.
   */
  private project(campaignId: number): Promise<PlayerView> {
    const l = this.latest
    if (l && l.version === this.version && l.campaignId === campaignId && l.db === this.deps.db) return l.view
    this.built++
    const latest = { version: this.version, campaignId, db: this.deps.db as object, view: playerView(this.deps, campaignId) }
    this.latest = latest
    latest.view.catch(() => {
      if (this.latest === latest) this.latest = null
    })
    return latest.view
  }

  private rebuild(): void {
    if (this.running) {
      this.dirty = true
      return
    }
    this.running = true
    // Not at once: the events of one step arrive together, and are built into one projection.
    this.later(() => void this.build())
  }

  private async build(): Promise<void> {
    const id = this.campaignId
    try {
      if (id === null) return
      const view = await this.project(id)
      const text = JSON.stringify(view)
      if (text !== this.last && this.campaignId === id) {
        this.last = text
        this.deps.events.emit('players.view', view)
      }
    } catch (err) {
      // A campaign deleted while shared: its players' screen stops following it. A library closed
      // (or out of reach) meanwhile answers nothing: the next change builds it again.
      const still = await this.deps.db
        .selectFrom('campaign')
        .select('id')
        .where('id', '=', id!)
        .executeTakeFirst()
        .then((row) => row !== undefined, () => null)
      if (still === false) this.campaignId = null
      else if (still) console.error("Lantern could not build the players' screen:", err)
    } finally {
      this.running = false
      if (this.dirty) {
        this.dirty = false
        this.rebuild()
      }
    }
  }
}
