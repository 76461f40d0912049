/**
 * A big campaign's export is streamed: the file is written as its rows are read, says how far it
 * is, can be stopped (nothing usable is left), and leaves the library free for changes meanwhile
 * (the file holds the campaign as it was when the export began).
 */
import { createWriteStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { exportCampaign, importCampaign, openExport } from '../../src/main/services/transfer'
import { AppError } from '../../src/main/services/core/errors'
import { gm } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { fileLines, seedCampaign, sinkChangingOnce } from './transfer-support'
import { everyTableCount } from '../support/records'

const NOW = new Date('2025-04-02T08:00:00.000Z')
let lib: TempLibrary
let core: Core
let campaignId: number

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await seedCampaign(core)
  const fill = core.handle.sqlite.prepare("insert into log_entry (campaign_id, game_time, real_time, kind, payload) values (?, ?, 't', 'note', ?)")
  core.handle.sqlite.transaction(() => {
    for (let i = 0; i < 6_000; i++) fill.run(campaignId, i, JSON.stringify({ text: `The lantern flickers, ${i}` }))
  })()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('exporting a big campaign', () => {
  it('writes the file as it goes, reporting rows done up to every row, and the file imports whole', async () => {
    const file = join(lib.dir, 'keep.lantern.gz')
    const x = openExport(core.handle.sqlite, campaignId, NOW)
    const seen: number[] = []
    try {
      await x.writeTo(createWriteStream(file), { onProgress: (done, total) => seen.push(done / total) })
    } finally {
      x.close()
    }
    expect(seen.length).toBeGreaterThan(2)
    expect(seen).toEqual([...seen].sort((p, q) => p - q))
    expect(seen.at(-1)).toBe(1)
    const data = readFileSync(file)
    expect(fileLines(data)).toEqual(fileLines((await exportCampaign(core.handle.sqlite, campaignId, NOW)).data))
    const imported = await importCampaign(core.handle.sqlite, data, NOW)
    expect((await gm(core, 'campaign.get', { id: imported.campaignId })).logCount).toBe((await gm(core, 'campaign.get', { id: campaignId })).logCount)
  })

  it('stops when asked, saying so, with the file left unfinished', async () => {
    const x = openExport(core.handle.sqlite, campaignId, NOW)
    const stop = new AbortController()
    let bytes = 0
    const sink = new Writable({
      write(chunk: Buffer, _enc, done) {
        bytes += chunk.length
        done()
      },
    })
    const err = await x
      .writeTo(sink, { signal: stop.signal, onProgress: (done) => done > 2_000 && stop.abort() })
      .then(() => null, (e: unknown) => e)
      .finally(() => x.close())
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).message).toMatch(/stopped; no campaign file was made/)
    expect(bytes).toBeLessThan((await exportCampaign(core.handle.sqlite, campaignId, NOW)).data.length)
  })

  it('leaves the library free for changes while the file is written, and holds the campaign as it was when it began', async () => {
    const before = (await gm(core, 'campaign.get', { id: campaignId })).logCount
    const x = openExport(core.handle.sqlite, campaignId, NOW)
    const parts: Buffer[] = []
    // A change in the middle of the export, through the app's own connection.
    const sink = sinkChangingOnce(parts, () => gm(core, 'log.note', { campaignId, text: 'Written while the file was being made' }))
    try {
      await x.writeTo(sink)
    } finally {
      x.close()
    }
    expect((await gm(core, 'campaign.get', { id: campaignId })).logCount).toBe(before + 1)
    const lines = fileLines(Buffer.concat(parts)) as [string, Record<string, unknown>][]
    expect(lines.filter((l) => Array.isArray(l) && l[0] === 'log_entry')).toHaveLength(before)
  })
})

describe('importing a big campaign', () => {
  it('reports rows written as it goes, and a stop leaves the library as it was', async () => {
    const { data } = await exportCampaign(core.handle.sqlite, campaignId, NOW)
    const before = await everyTableCount(core)
    const stop = new AbortController()
    const seen: number[] = []
    const err = await importCampaign(core.handle.sqlite, data, NOW, {
      db: core.deps.db,
      signal: stop.signal,
      onProgress: (done, total) => {
        seen.push(done / total)
        stop.abort()
      },
    }).then(() => null, (e: unknown) => e)
    expect(err).toBeInstanceOf(AppError)
    expect((err as AppError).message).toBe('The import was stopped; nothing was imported.')
    expect(seen).toHaveLength(1)
    expect(seen[0]).toBeGreaterThan(0)
    expect(seen[0]).toBeLessThan(1)
    expect(await everyTableCount(core)).toEqual(before)
  })

  it('a change made while the import writes waits for it and is kept, whether the import is kept or stopped', async () => {
    const { data } = await exportCampaign(core.handle.sqlite, campaignId, NOW)
    const logs = () => (core.handle.sqlite.prepare('select count(*) from log_entry where campaign_id = ?').pluck().get(campaignId) as number)
    for (const stopIt of [true, false]) {
      const before = logs()
      const stop = new AbortController()
      let note: Promise<unknown> | null = null
      const imported = importCampaign(core.handle.sqlite, data, NOW, {
        db: core.deps.db,
        signal: stop.signal,
        onProgress: (done) => {
          // A GM's note half-way through: it waits for the import's transaction, never joins it.
          if (done < 5000 || note) return
          note = gm(core, 'log.note', { campaignId, text: 'Written during the import' })
          if (stopIt) stop.abort()
        },
      }).then((r) => r, (e: unknown) => e)
      const result = await imported
      await note
      expect(result instanceof AppError).toBe(stopIt)
      expect(logs()).toBe(before + 1)
    }
  })
})
