/**
 * The log's search indexing after each change costs the same in a log of ten entries and of a
 * hundred thousand: each batch reads the queue and looks its entries up in the log, never the
 * log's every entry (what SQLite's planner chose by itself, 26 ms a batch at 100,000 entries).
 * SQLite's own query plan, on a real library with a long log.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { INDEX_QUEUED, indexQueued } from '../../src/main/services/core/log-search-queue'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import type { Core } from '../../src/main/app'

let lib: TempLibrary
let core: Core
afterEach(async () => {
  await core.close()
  await lib.cleanup()
})

describe('the log’s search indexing at size', () => {
  it('walks the queue, not the log', async () => {
    lib = tempLibrary()
    core = await lib.open()
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const sqlite = core.handle.sqlite
    const fill = sqlite.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, 't', 'note', ?)")
    sqlite.transaction(() => {
      for (let i = 0; i < 20_000; i++) fill.run(campaignId, i, JSON.stringify({ text: `entry ${i}` }))
    })()
    indexQueued(sqlite)
    sqlite.exec('analyze')
    await gm(core, 'log.note', { campaignId, text: 'The gargoyle blinked', gmOnly: false })
    const plan = (sqlite.prepare(`explain query plan ${INDEX_QUEUED}`).all(Number.MAX_SAFE_INTEGER) as { detail: string }[]).map((r) => r.detail)
    // The outer loop is the queue; the log is reached by its key, one entry at a time.
    const outer = plan.find((d) => /\b(p|l)\b/.test(d))
    expect(outer).toMatch(/\bp\b/)
    expect(plan).toContainEqual(expect.stringMatching(/SEARCH l USING INTEGER PRIMARY KEY \(rowid=\?\)/))
    expect((await gm(core, 'search.query', { campaignId, text: 'gargoyle', kinds: ['log_entry'] })).length).toBe(1)
  })
})
