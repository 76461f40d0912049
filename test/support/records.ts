/** Helpers for campaign-record service tests: rows straight from the library, and a log that fails on cue. */
import { vi } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventPayload } from '../../src/shared/contract'
import { indexQueuedLog } from '../../src/main/services/core/log-search-queue'
import { column, insert, onPostgres, run, value } from './sql'

/** How many rows a table holds right now. */
export async function rowCount(core: Core, table: string): Promise<number> {
  return Number(await value(core, `select count(*) as n from ${table}`))
}

/** Row counts of several tables at once, to prove a call wrote nothing. */
export async function rowCounts(core: Core, tables: readonly string[]): Promise<Record<string, number>> {
  // Log entries reach the search index after their change commits, in the background: index any
  // still queued first, so the counts say what the calls wrote, not how far the indexing has got.
  if (tables.includes('search_index')) await indexQueuedLog(core.deps.db)
  const counts: Record<string, number> = {}
  for (const t of tables) counts[t] = await rowCount(core, t)
  return counts
}

/** Every table's row count, the log's search queue indexed first: to prove a refused change wrote nothing anywhere. */
export async function everyTableCount(core: Core): Promise<Record<string, number>> {
  const names =
    core.handle.dialect === 'postgres'
      ? await column<string>(core, "select table_name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name")
      : await column<string>(core, "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'search_index_%' order by name")
  return rowCounts(core, names)
}

/** A character written straight into the table (for slices that need one before characters have an API). */
export async function insertCharacter(core: Core, campaignId: number, kind: 'pc' | 'npc', name: string): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind, name, created_at: 't', updated_at: 't' })
}

/**
 * Makes the next log write of `kind` fail inside the database, after the change itself was
 * written: the way to prove a failure part-way leaves nothing behind. The router's report of the
 * (expected) failure is kept off the test output. Resolves to a function that stops it.
 */
export async function failLogWrites(core: Core, kind: string): Promise<() => Promise<void>> {
  const quoted = `'${kind.replace(/'/g, "''")}'`
  if (onPostgres()) {
    await run(core, "create function fail_log() returns trigger language plpgsql as $$ begin raise exception 'disk full'; end $$")
    await run(core, `create trigger fail_log before insert on log_entry for each row when (new.kind = ${quoted}) execute function fail_log()`)
  } else {
    await run(core, `create temp trigger fail_log before insert on log_entry when new.kind = ${quoted} begin select raise(abort, 'disk full'); end`)
  }
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
  return async () => {
    if (onPostgres()) {
      await run(core, 'drop trigger fail_log on log_entry')
      await run(core, 'drop function fail_log()')
    } else await run(core, 'drop trigger temp.fail_log')
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
