/**
 * The log's words reach the search index after their change commits (migration 0016): a long
 * advance only queues its entries, the queue empties in the background, and a search never misses
 * an entry still queued, nor finds one undone before its turn came. Real SQLite file.
 */
import BetterSqlite3 from 'better-sqlite3'
import { beforeEach, describe, expect, it } from 'vitest'
import { libraryEach } from '../support/temp-library'
import { gm } from '../support/calls'

const t = libraryEach()
let campaignId: number
beforeEach(async () => {
  campaignId = (await gm(t.core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
})

const queued = () => t.core.handle.sqlite.prepare('select count(*) from search_pending').pluck().get() as number
const indexedLog = () => t.core.handle.sqlite.prepare("select count(*) from search_index where kind = 'log_entry'").pluck().get() as number
const find = (text: string) => gm(t.core, 'search.query', { campaignId, text, kinds: ['log_entry'] })

async function until(done: () => boolean): Promise<void> {
  for (let i = 0; i < 500 && !done(); i++) await new Promise((r) => setTimeout(r, 10))
  expect(done()).toBe(true)
}

describe('the log’s search queue', () => {
  it('a note queued and not yet indexed is found by the next search', async () => {
    await gm(t.core, 'log.note', { campaignId, text: 'The gargoyle blinked twice', gmOnly: false })
    // The search right after the change: whatever is still queued is indexed before it looks.
    expect((await find('gargoyle')).map((h) => h.snippet)).toEqual([expect.stringContaining('gargoyle')])
    expect(queued()).toBe(0)
  })

  it('a long advance’s entries are indexed in the background, without a search asking', async () => {
    await gm(t.core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(t.core, 'timer.add', { campaignId, label: 'The tide turns', after: { hours: 6 }, hiddenFromPlayers: false, repeat: true })
    const before = indexedLog()
    await gm(t.core, 'clock.advance', { campaignId, span: { days: 30 } })
    const logged = t.core.handle.sqlite.prepare('select count(*) from log_entry where undone = 0').pluck().get() as number
    await until(() => queued() === 0)
    expect(indexedLog()).toBe(logged)
    expect(indexedLog()).toBeGreaterThan(before + 100)
    expect((await find('tide turns')).length).toBeGreaterThan(0)
  })

  it('an entry undone before its turn is never indexed; redone, it is found again', async () => {
    const note = await gm(t.core, 'log.note', { campaignId, text: 'A wyvern circles the tower', gmOnly: false })
    await gm(t.core, 'play.undo', { campaignId })
    // Only the undo's own line, which names what it took back, is found.
    const ids = async () => (await find('wyvern')).map((h) => h.id)
    const afterUndo = await ids()
    expect(afterUndo).not.toContain(note.id)
    expect(queued()).toBe(0)
    // Redone, the note is logged again, and found.
    await gm(t.core, 'play.redo', { campaignId })
    const standing = t.core.handle.sqlite.prepare("select id from log_entry where undone = 0 and json_extract(payload, '$.text') = ?").pluck().all('A wyvern circles the tower')
    expect(standing).toHaveLength(1)
    expect(await ids()).toContain(standing[0])
  })

  it('a queue left when Lantern stopped is indexed when the library is open again', async () => {
    const note = await gm(t.core, 'log.note', { campaignId, text: 'The lich’s phylactery is a teapot', gmOnly: false })
    await until(() => queued() === 0)
    await t.core.close()
    // As a crash before the background indexing would leave it: the entry queued, not indexed.
    const raw = new BetterSqlite3(t.lib.file)
    raw.prepare('delete from search_index where rowid = ? * 16 + 10').run(note.id)
    raw.prepare('insert into search_pending (log_id) values (?)').run(note.id)
    raw.close()
    t.core = await t.lib.open()
    expect(queued()).toBe(1)
    expect(await find('phylactery')).toHaveLength(1)
    expect(queued()).toBe(0)
  })
})
