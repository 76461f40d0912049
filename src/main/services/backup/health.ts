/**
 * Whether the open library is whole, found by SQLite's `quick_check`: when it opens (in this
 * thread for a small file, in a worker for a large one, so start is not held long), every hour
 * while it is open, and through each backup's check of its copy. A damaged library is announced
 * (`library.health`) with the newest good backup, and from then on changes are refused in words:
 * its connection is made read-only (`query_only`), so nothing more is written into a file whose
 * pages can no longer be trusted (a write there can spread the damage, and would be lost with it
 * when the GM restores), while everything in it can still be read.
 */
import { existsSync, statSync } from 'node:fs'
import type { DbHandle } from '../../db/connection'
import { AppError, type EventBus } from '../core'
import { CHECK_INLINE_UP_TO_BYTES, checkConnection, checkFile, newestGoodBackup, type CheckResult } from './check'
import { backupFolder, oneAtATime, type BackupInfo } from './names'
import { damageFound, DAMAGED_WRITE } from './words'

/** How often the open library is checked. */
export const CHECK_EVERY_MS = 60 * 60 * 1000

export interface HealthOptions {
  /** How often the open library is checked (default hourly). */
  everyMs?: number
  /** The largest library checked in this thread, before start returns (default `CHECK_INLINE_UP_TO_BYTES`); a larger one is checked in a worker, after. */
  inlineUpToBytes?: number
}

export interface HealthState {
  state: 'unchecked' | 'ok' | 'damaged'
  /** SQLite's first finding, when damaged. */
  problem: string | null
  /** What the GM is told, when damaged. */
  message: string | null
  /** When the library was last checked (ISO). */
  checkedAt: string | null
  /** The newest backup SQLite finds whole, offered when the library is damaged. */
  newestGood: BackupInfo | null
}

interface Watched {
  dataFile: string
  readonly handle: DbHandle
  now(): Date
}

const sizeOf = (file: string) => (existsSync(file) ? statSync(file).size : 0)

export class LibraryHealth {
  /** Known damaged now: changes are refused. */
  damaged = false
  private snapshot: HealthState = { state: 'unchecked', problem: null, message: null, checkedAt: null, newestGood: null }
  private publishing: Promise<void> = Promise.resolve()
  private timer: NodeJS.Timeout | null = null
  private inlineUpTo = CHECK_INLINE_UP_TO_BYTES

  constructor(
    private readonly library: Watched,
    private readonly events: EventBus,
  ) {}

  /**
   * Checks the library as it opens and every `everyMs` after; resolves once the first check is done.
   * @example await core.library.health?.start({}) // { state: 'ok', … }
   */
  start(options: HealthOptions): Promise<HealthState> {
    const scheduled = () => void this.check().catch((err: unknown) => console.error(`Lantern could not check the library ${this.library.dataFile}: ${(err as Error).message}`))
    this.timer = setInterval(scheduled, options.everyMs ?? CHECK_EVERY_MS)
    this.timer.unref()
    this.inlineUpTo = options.inlineUpToBytes ?? CHECK_INLINE_UP_TO_BYTES
    const file = this.library.dataFile
    if (sizeOf(file) + sizeOf(`${file}-wal`) <= this.inlineUpTo) {
      this.found(checkConnection(this.library.handle.sqlite, 'quick_check'))
      return this.state()
    }
    return this.check()
  }

  /** Checks the library now, in a worker, after any backup or restore under way. */
  check(): Promise<HealthState> {
    return oneAtATime(this.library.dataFile, async () => this.found(await checkFile(this.library.dataFile, 'quick_check', this.inlineUpTo))).then(() => this.state())
  }

  /** The state, once what the last check found has been announced. */
  state(): Promise<HealthState> {
    return this.publishing.then(() => this.snapshot)
  }

  /** Hears what a check of the library, or of a copy of it just made, found. */
  found(result: CheckResult): void {
    if (result.verdict === 'unknown') {
      console.error(`Lantern could not check the library ${this.library.dataFile}: ${result.detail}`)
      return
    }
    const checkedAt = this.library.now().toISOString()
    if (result.verdict === 'ok') {
      const was = this.snapshot.state
      if (this.damaged) this.library.handle.sqlite.pragma('query_only = OFF')
      this.damaged = false
      if (was === 'ok') this.snapshot = { ...this.snapshot, checkedAt }
      else this.publish({ state: 'ok', problem: null, message: null, checkedAt, newestGood: null })
      return
    }
    const fresh = !this.damaged || this.snapshot.problem !== result.detail
    this.damaged = true
    this.protect(this.library.handle)
    if (fresh) this.publish({ state: 'damaged', problem: result.detail, message: null, checkedAt, newestGood: null })
    else this.snapshot = { ...this.snapshot, checkedAt }
  }

  /** The library was replaced by a good backup. */
  restored(): void {
    this.damaged = false
    this.publish({ state: 'ok', problem: null, message: null, checkedAt: this.library.now().toISOString(), newestGood: null })
  }

  /** Makes a connection to the library read-only while it is known damaged. */
  protect(handle: DbHandle): void {
    if (this.damaged) handle.sqlite.pragma('query_only = ON')
  }

  /**
   * Wraps every handler so that a change refused because the library is damaged says so in words,
   * and a call that meets damage SQLite reports marks the library damaged.
   * @example createRouter(library.health.guard(createHandlers(…)))
   */
  guard<H extends object>(handlers: H): H {
    const wrapped: Record<string, unknown> = {}
    for (const [name, handler] of Object.entries(handlers) as [string, (...args: unknown[]) => unknown][]) {
      wrapped[name] = async (...args: unknown[]) => {
        try {
          return await handler(...args)
        } catch (err) {
          const code = String((err as { code?: unknown } | null)?.code ?? '')
          if (this.damaged && code.startsWith('SQLITE_READONLY')) throw new AppError('refused', DAMAGED_WRITE)
          if (/^SQLITE_(CORRUPT|NOTADB)/.test(code)) this.found({ verdict: 'damaged', detail: (err as Error).message })
          throw err
        }
      }
    }
    return wrapped as H
  }

  /** Stops the hourly check and waits for any check under way. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    await oneAtATime(this.library.dataFile, async () => undefined)
    await this.publishing
  }

  /** Sets the state (a damaged one with the newest good backup, looked up first) and announces it. */
  private publish(next: HealthState): void {
    this.publishing = this.publishing.then(async () => {
      if (next.state === 'damaged') {
        const file = this.library.dataFile
        const newestGood = await newestGoodBackup(file).catch(() => null)
        next = { ...next, newestGood, message: damageFound(file, next.problem!, newestGood, backupFolder(file)) }
        console.error(next.message)
      }
      this.snapshot = next
      this.events.emit('library.health', next)
    })
  }
}
