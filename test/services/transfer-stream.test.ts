/**
 * A big campaign's export is streamed: the file is written as its rows are read, says how far it
 * is, can be stopped (nothing usable is left), and leaves the library free for changes meanwhile
 * (the file holds the campaign as it was when the export began).
 */
import { createWriteStream, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { gzipSync } from 'node:zlib'
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

  it('checks every line before it writes any row: a bad line after thousands of good ones is refused with nothing written', async () => {
    const { data } = await exportCampaign(core.handle.sqlite, campaignId, NOW)
    const text = fileLines(data).map((l) => JSON.stringify(l))
    const end = text.length - 1
    const lastLog = text.findLastIndex((l) => l.startsWith('["log_entry"'))
    expect(lastLog).toBeGreaterThan(6_000)
    const pack = (lines: string[]) => gzipSync(lines.join('\n') + '\n')
    const firstLogId = (JSON.parse(text.find((l) => l.startsWith('["log_entry"'))!) as [string, { id: number }])[1].id
    const bad: [Buffer, RegExp][] = [
      [pack([...text.slice(0, end), '["log_entry",{"id":', text[end]!]), new RegExp(`line ${end + 1} is not valid JSON`)],
      [pack([...text.slice(0, lastLog), text[lastLog]!.replace('"kind":', '"mood":"grim","kind":'), ...text.slice(lastLog + 1)]), /gives log_entry a column "mood"/],
      [pack([...text.slice(0, lastLog), text[lastLog]!.replace(/"id":\d+/, `"id":${firstLogId}`), ...text.slice(lastLog + 1)]), new RegExp(`two rows of log_entry share the id ${firstLogId}`)],
      [pack([...text.slice(0, end), JSON.stringify({ end: true, rows: 3 })]), /says it holds 3 rows/],
    ]
    for (const [file, words] of bad) {
      const before = await everyTableCount(core)
      const progress: number[] = []
      const err = await importCampaign(core.handle.sqlite, file, NOW, { db: core.deps.db, onProgress: (done) => progress.push(done) }).then(() => null, (e: unknown) => e)
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).message).toMatch(words)
      expect((err as AppError).message).toContain('Nothing was imported; the library is as it was.')
      // Rows are reported every 5,000 written: none was, though the bad line comes after 6,000.
      expect(progress).toEqual([])
      expect(await everyTableCount(core)).toEqual(before)
    }
  })

  it('a file of thousands of rows imports as it was exported: exported again from another library, the file is the same', async () => {
    const { data } = await exportCampaign(core.handle.sqlite, campaignId, NOW)
    const other = tempLibrary()
    const b = await other.open()
    try {
      const imported = await importCampaign(b.handle.sqlite, data, NOW)
      expect(imported.rows).toBe(fileLines(data).length - 2)
      const again = (await exportCampaign(b.handle.sqlite, imported.campaignId, NOW)).data
      const same = (d: Buffer) => fileLines(d).map((l) => (Array.isArray(l) && l[0] === 'campaign' ? ['campaign', { ...l[1], updated_at: '(ignored)' }] : l))
      expect(same(again)).toEqual(same(data))
    } finally {
      await b.close()
      other.cleanup()
    }
  })

  it('a file whose rows come out of their id order imports with every row and link: the log written backwards', async () => {
    const { data } = await exportCampaign(core.handle.sqlite, campaignId, NOW)
    const text = fileLines(data).map((l) => JSON.stringify(l))
    const logs = text.filter((l) => l.startsWith('["log_entry"'))
    const at = text.indexOf(logs[0]!)
    const backwards = [...text.slice(0, at), ...[...logs].reverse(), ...text.slice(at + logs.length)]
    const imported = await importCampaign(core.handle.sqlite, gzipSync(backwards.join('\n') + '\n'), NOW)
    const texts = (id: number) => core.handle.sqlite.prepare("select json_extract(payload, '$.text') as t from log_entry where campaign_id = ? order by t").pluck().all(id)
    expect(texts(imported.campaignId)).toEqual(texts(campaignId))
    // The ledger's entry still points at the log entry it was written with.
    const ledgerLog = (id: number) => core.handle.sqlite.prepare("select json_extract(l.payload, '$.text') from ledger_entry e join log_entry l on l.id = e.log_entry_id where e.campaign_id = ?").pluck().get(id)
    expect(ledgerLog(imported.campaignId)).toBe(ledgerLog(campaignId))
  })
})
