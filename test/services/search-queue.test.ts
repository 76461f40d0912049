/**
 * The log's words reach the search index after their change commits (migration 0016): a long
 * advance only queues its entries, the queue empties in the background, and a search never misses
 * an entry still queued, nor finds one undone before its turn came. A real library, on SQLite or on
 * PostgreSQL. A test waits for the background indexing to stop (`backgroundIndexing`), never for a
 * time: it runs after each change, a batch at a time, until it finds the queue empty.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import { backgroundIndexing } from '../../src/main/services/core/log-search-queue'
import { libraryEach } from '../support/temp-library'
import { gm } from '../support/calls'
import { all, run, value } from '../support/sql'

const t = libraryEach()
let campaignId: number
beforeEach(async () => {
  campaignId = (await gm(t.core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
})

const queued = async () => Number(await value(t.core, 'select count(*) from search_pending'))
const indexedLog = async () => Number(await value(t.core, "select count(*) from search_index where kind = 'log_entry'"))
const find = (text: string) => gm(t.core, 'search.query', { campaignId, text, kinds: ['log_entry'] })
const indexed = () => backgroundIndexing(t.core.deps.db)

describe('the log’s search queue', () => {
  it('a note queued and not yet indexed is found by the next search', async () => {
    await gm(t.core, 'log.note', { campaignId, text: 'The gargoyle blinked twice', gmOnly: false })
    // The search right after the change: whatever is still queued is indexed before it looks.
    expect((await find('gargoyle')).map((h) => h.snippet)).toEqual([expect.stringContaining('gargoyle')])
    expect(await queued()).toBe(0)
  })

  it('a long advance’s entries are indexed in the background, without a search asking', async () => {
    await gm(t.core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(t.core, 'timer.add', { campaignId, label: 'The tide turns', after: { hours: 6 }, hiddenFromPlayers: false, repeat: true })
    const before = await indexedLog()
    await gm(t.core, 'clock.advance', { campaignId, span: { days: 30 } })
    const logged = Number(await value(t.core, 'select count(*) from log_entry where undone = 0'))
    await indexed()
    expect(await queued()).toBe(0)
    expect(await indexedLog()).toBe(logged)
    expect(await indexedLog()).toBeGreaterThan(before + 100)
    expect((await find('tide turns')).length).toBeGreaterThan(0)
  })

  it('an entry undone before its turn is never indexed; redone, it is found again', async () => {
    const note = await gm(t.core, 'log.note', { campaignId, text: 'A wyvern circles the tower', gmOnly: false })
    await gm(t.core, 'play.undo', { campaignId })
    // Only the undo's own line, which names what it took back, is found.
    const ids = async () => (await find('wyvern')).map((h) => h.id)
    const afterUndo = await ids()
    expect(afterUndo).not.toContain(note.id)
    expect(await queued()).toBe(0)
    // Redone, the note is logged again, and found.
    await gm(t.core, 'play.redo', { campaignId })
    const entries = await all<{ id: number; payload: string }>(t.core, 'select id, payload from log_entry where undone = 0 order by id')
    const standing = entries.filter((e) => JSON.parse(e.payload).text === 'A wyvern circles the tower').map((e) => e.id)
    expect(standing).toHaveLength(1)
    expect(await ids()).toContain(standing[0])
  })

  it('a queue left when Lantern stopped is indexed when the library is open again', async () => {
    const note = await gm(t.core, 'log.note', { campaignId, text: 'The lich’s phylactery is a teapot', gmOnly: false })
    // The background indexing stopped first: it would index the row planted below, as it must.
    await indexed()
    expect(await queued()).toBe(0)
    // As a crash before the background indexing would leave it: the entry queued, not indexed
    // (written past the services, so nothing starts indexing it before the library closes).
    await run(t.core, 'delete from search_index where rowid = ? * 16 + 10', note.id)
    await run(t.core, 'insert into search_pending (log_id) values (?)', note.id)
    await t.core.close()
    t.core = await t.lib.open()
    expect(await queued()).toBe(1)
    expect(await find('phylactery')).toHaveLength(1)
    expect(await queued()).toBe(0)
  })
})
