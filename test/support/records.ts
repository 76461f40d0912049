/** Helpers for campaign-record service tests: rows straight from SQLite, and a log that fails on cue. */
import { vi } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventPayload } from '../../src/shared/contract'
import { indexQueued } from '../../src/main/services/core/log-search-queue'

/** How many rows a table holds right now. */
export function rowCount(core: Core, table: string): number {
  return (core.handle.sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n
}

/** Row counts of several tables at once, to prove a call wrote nothing. */
export function rowCounts(core: Core, tables: readonly string[]): Record<string, number> {
  // Log entries reach the search index after their change commits, in the background: index any
  // still queued first, so the counts say what the calls wrote, not how far the indexing has got.
  if (tables.includes('search_index')) indexQueued(core.handle.sqlite)
  return Object.fromEntries(tables.map((t) => [t, rowCount(core, t)]))
}

/** A character written straight into the table (for slices that need one before characters have an API). */
export function insertCharacter(core: Core, campaignId: number, kind: 'pc' | 'npc', name: string): number {
  const r = core.handle.sqlite
    .prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, ?, ?, 't', 't')")
    .run(campaignId, kind, name)
  return Number(r.lastInsertRowid)
}

/**
 * Makes the next log write of `kind` fail inside SQLite, after the change itself was written: the
 * way to prove a failure part-way leaves nothing behind. The router's report of the (expected)
 * failure is kept off the test output. Returns a function that stops it.
 */
export function failLogWrites(core: Core, kind: string): () => void {
  core.handle.sqlite
    .prepare(`create temp trigger fail_log before insert on log_entry when new.kind = '${kind.replace(/'/g, "''")}' begin select raise(abort, 'disk full'); end`)
    .run()
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
  return () => {
    core.handle.sqlite.prepare('drop trigger temp.fail_log').run()
    quiet.mockRestore()
  }
}

/** Every `record.changed` event announced from now on, in order. */
export function recordChanges(core: Core): EventPayload<'record.changed'>[] {
  const heard: EventPayload<'record.changed'>[] = []
  core.events.on((m) => {
    if (m.event === 'record.changed') heard.push(m.payload as EventPayload<'record.changed'>)
  })
  return heard
}
