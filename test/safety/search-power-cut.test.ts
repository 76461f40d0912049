/**
 * A power cut right after a change: the log's search indexing that follows each change commits
 * without an fsync of its own (log-search-queue.ts), so what the disk holds may end anywhere between
 * the change's own commit (synced) and the end of the indexing's frames in the WAL. Whatever part
 * of the indexing reached the disk, the library opens whole and a search finds every note, the
 * last one too; and the change after it is synced as before (`synchronous` back to FULL).
 * Real library files; the cut is made by keeping only a prefix of the WAL file, which is what a
 * disk can hold of writes that were never synced.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { backgroundIndexing } from '../../src/main/services/core/log-search-queue'
import { createCore, type Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'

let lib: TempLibrary
const open: Core[] = []
afterEach(async () => {
  for (const core of open.splice(0)) await core.close()
  await lib.cleanup()
})

const WORDS = ['gargoyle', 'phylactery', 'wyvern', 'basilisk', 'manticore']

describe('a power cut during the log’s search indexing', () => {
  it('loses no note from search, wherever the WAL was cut after the change’s own commit', async () => {
    lib = tempLibrary()
    const core = await lib.open()
    open.push(core)
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    for (const word of WORDS.slice(0, -1)) {
      await gm(core, 'log.note', { campaignId, text: `The ${word} stirs`, gmOnly: false })
      await backgroundIndexing(core.deps.db)
    }
    // From here on the WAL only grows (no checkpoint empties it meanwhile), so its length marks each commit.
    core.handle.sqlite.pragma('wal_checkpoint(TRUNCATE)')
    const wal = `${lib.file}-wal`
    const last = WORDS.at(-1)!
    await gm(core, 'log.note', { campaignId, text: `The ${last} stirs`, gmOnly: false })
    // The change has committed and answered; its indexing has not run yet (it waits on a timer).
    const synced = readFileSync(wal)
    await backgroundIndexing(core.deps.db)
    const after = readFileSync(wal)
    expect(after.length).toBeGreaterThan(synced.length)
    expect(after.subarray(0, synced.length).equals(synced)).toBe(true)
    // The connection syncs the next change's commit again.
    expect(core.handle.sqlite.pragma('synchronous', { simple: true })).toBe(2)

    // The disk as a power cut may leave it: the file as it stands (no checkpoint since), the WAL cut
    // at the change's commit, within the indexing's first frame, a frame or two in, or whole.
    const frame = 24 + Number(core.handle.sqlite.pragma('page_size', { simple: true }))
    const cuts = [synced.length, synced.length + 100, synced.length + frame, synced.length + 2 * frame + 7, after.length]
    for (const [i, cut] of cuts.entries()) {
      const dir = join(lib.dir, `cut-${i}`)
      mkdirSync(dir)
      const file = join(dir, 'lantern.sqlite')
      copyFileSync(lib.file, file)
      writeFileSync(`${file}-wal`, after.subarray(0, Math.min(cut, after.length)))
      // What survived, read before Lantern opens it: whole, every note there, the unindexed still queued.
      const raw = new BetterSqlite3(file, { readonly: true })
      expect(raw.pragma('integrity_check', { simple: true })).toBe('ok')
      const notes = raw.prepare("select count(*) from log_entry where kind = 'note'").pluck().get()
      const queued = raw.prepare('select count(*) from search_pending').pluck().get()
      raw.close()
      expect(notes).toBe(WORDS.length)
      if (cut === synced.length) expect(queued).toBe(1)
      if (cut === after.length) expect(queued).toBe(0)

      const reopened = await createCore({ dataFile: file, mode: 'browser', version: 'test' })
      open.push(reopened)
      for (const word of WORDS) {
        const hits = await gm(reopened, 'search.query', { campaignId, text: word, kinds: ['log_entry'] })
        expect(hits.map((h) => h.snippet), `“${word}” after the WAL cut at byte ${cut}`).toEqual([expect.stringContaining(word)])
      }
    }
  })
})
