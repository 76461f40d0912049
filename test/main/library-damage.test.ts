/**
 * Damage found as a library opens and while it is open, with real files: a page damaged inside, a
 * file emptied though backups exist, a file cut short. Each is told in a sentence with the newest
 * good backup offered, and nothing is written into the file until the GM chooses.
 */
import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync, writeFileSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import type { Migration } from 'kysely/migration'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core, type CoreOptions } from '../../src/main/app'
import { openDatabase } from '../../src/main/db/connection'
import { LibraryOpenError } from '../../src/main/db/library-file'
import { migrateToLatest } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import type { EventMessage, LibraryHealth } from '../../src/shared/contract'
import { gm, refused } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { cutShort, damageTablePage, fillLog, integrity } from './damage'

let lib: TempLibrary
const cores: Core[] = []
const clock = () => new Date('2025-03-02T09:00:00.000Z')
const open = async (extra: Partial<CoreOptions> = {}) => {
  const core = await createCore({ dataFile: lib.file, mode: 'browser', version: 'test', autoBackup: false, now: clock, ...extra })
  cores.push(core)
  return core
}
const closeAll = async () => {
  for (const c of cores.splice(0)) await c.close()
}
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')
const rejection = async (p: Promise<unknown>): Promise<LibraryOpenError> => {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(LibraryOpenError)
  return err as LibraryOpenError
}
/** The next `library.health` event a core announces. */
const nextHealth = (core: Core) =>
  new Promise<LibraryHealth>((resolve) => {
    const off = core.events.on((m: EventMessage) => {
      if (m.event !== 'library.health') return
      off()
      resolve(m.payload as LibraryHealth)
    })
  })

let campaignId: number
let backup: string

/** A library with a campaign whose log spans many pages, a backup of it, and a change after that. */
async function libraryWithBackup(): Promise<void> {
  const core = await open({ now: () => new Date('2025-03-01T12:00:00.000Z') })
  campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
  await fillLog(core, campaignId)
  backup = (await gm(core, 'backup.create', {})).name
  await gm(core, 'campaign.create', { name: 'After the backup', system: 'ranks' })
  await closeAll()
}

beforeEach(async () => {
  lib = tempLibrary()
  await libraryWithBackup()
})
afterEach(async () => {
  await closeAll()
  lib.cleanup()
})

describe('a page damaged inside the library', () => {
  it('is found as it opens: reads still answer, changes are refused in words, and the file is left as it was', async () => {
    damageTablePage(lib.file)
    const before = sha(lib.file)
    const core = await open()
    const health = await gm(core, 'backup.health', {})
    expect(health).toMatchObject({ state: 'damaged', newestGood: { name: backup } })
    expect(health.message).toMatch(/^Lantern found damage in your library .*lantern\.sqlite \(SQLite's check: “.+”\)\. You can still read everything, but changes are refused/)
    expect(health.message).toContain(`The newest good backup is from 2025-03-01 12:00 UTC (${backup})`)

    expect((await gm(core, 'campaign.list', {})).map((c) => c.name).sort()).toEqual(['After the backup', 'The Sunken Keep'])
    const err = await refused(core, 'campaign.create', { name: 'Written into damage', system: 'lode' })
    expect(err).toMatchObject({ code: 'refused' })
    expect(err.message).toMatch(/^Your library file is damaged, so Lantern did not write this change into it: nothing of it was saved\./)
    expect((await refused(core, 'log.note', { campaignId, text: 'Nor this.' })).message).toMatch(/^Your library file is damaged/)
    expect((await gm(core, 'campaign.list', {})).map((c) => c.name)).not.toContain('Written into damage')
    await closeAll()
    expect(sha(lib.file)).toBe(before)
  })

  it('is found in the background on a large library, after start, and announced', async () => {
    damageTablePage(lib.file)
    // Every library counts as large here: checked in a worker, after createCore has returned.
    const core = await open({ libraryChecks: { inlineUpToBytes: 0 } })
    const announced = nextHealth(core)
    expect(['unchecked', 'damaged']).toContain((await gm(core, 'backup.health', {})).state)
    expect(await announced).toMatchObject({ state: 'damaged', newestGood: { name: backup } })
    await core.libraryCheck
    expect((await refused(core, 'campaign.rename', { id: campaignId, name: 'Renamed' })).message).toMatch(/^Your library file is damaged/)
  })

  it('is found by the scheduled check when it appears while the library is open', async () => {
    const core = await open({ libraryChecks: { everyMs: 50 } })
    expect((await gm(core, 'backup.health', {})).state).toBe('ok')
    await gm(core, 'campaign.rename', { id: campaignId, name: 'Still whole' })
    // The disk goes bad under the open library: garbage lands on a page of the log.
    const page = pageOf(lib.file)
    const fd = openSync(lib.file, 'r+')
    writeSync(fd, Buffer.alloc(4096, 0x5a), 0, 4096, (page - 1) * 4096)
    closeSync(fd)
    const found = await nextHealth(core)
    expect(found).toMatchObject({ state: 'damaged', newestGood: { name: backup } })
    expect((await refused(core, 'campaign.rename', { id: campaignId, name: 'Into the damage' })).message).toMatch(/^Your library file is damaged/)
  })

  it('is never given a new format: the upgrade is refused before anything is written', async () => {
    damageTablePage(lib.file)
    const before = sha(lib.file)
    const h = openDatabase(lib.file)
    const future: Record<string, Migration> = { ...migrations, '9001-test': { up: async () => undefined } }
    const err = await rejection(migrateToLatest(h, { getMigrations: async () => future }))
    await h.close()
    expect(err.problem).toBe('damaged')
    expect(err.message).toMatch(/^Lantern did not update the format of .*: SQLite finds it damaged/)
    expect(readdirSync(lib.dir).filter((f) => f.includes('.bak-'))).toEqual([])
    expect(sha(lib.file)).toBe(before)
  })
})

describe('a library file emptied', () => {
  it('with backups beside it is refused, not made a new library, and the backup opens in its place', async () => {
    writeFileSync(lib.file, '')
    const err = await rejection(open())
    expect(err.problem).toBe('damaged')
    expect(err.message).toMatch(/^The library .*lantern\.sqlite is empty \(0 bytes\), though it has a backup: .* Lantern did not make a new, empty library in its place\. It has been left exactly as it is\./)
    expect(err.message).toContain(`The newest backup is ${backup}`)
    expect(err.message).toContain('--open-backup')
    expect(statSync(lib.file).size).toBe(0)
    expect(existsSync(`${lib.file}-wal`)).toBe(false)

    const restored = await open({ openNewestBackup: true })
    expect((await gm(restored, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Sunken Keep'])
    expect(statSync(`${lib.file}.damaged-20250302-090000`).size).toBe(0)
  })

  it('with no backup is a new library, as on a first start', async () => {
    lib.cleanup()
    lib = tempLibrary()
    writeFileSync(lib.file, '')
    const core = await open()
    expect(await gm(core, 'campaign.list', {})).toEqual([])
    expect((await gm(core, 'backup.health', {})).state).toBe('ok')
  })
})

describe('a library file cut short', () => {
  it('by 1 KiB is refused with a sentence, left as it is, and the backup offered', async () => {
    cutShort(lib.file, 1024)
    const before = sha(lib.file)
    const err = await rejection(open())
    expect(err.problem).toBe('damaged')
    expect(err.message).toMatch(/^The library .*lantern\.sqlite has been cut short: it is [\d,]+ bytes, but its own header says it holds [\d,]+, so the end of it \(and of your campaigns\) is missing\. It has been left exactly as it is\./)
    expect(err.message).toContain(`The newest backup is ${backup}`)
    expect(sha(lib.file)).toBe(before)
    const restored = await open({ openNewestBackup: true })
    expect(integrity(lib.file)).toBe('ok')
    expect((await gm(restored, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Sunken Keep'])
    expect(sha(`${lib.file}.damaged-20250302-090000`)).toBe(before)
  })
})

describe('the backup offered for a library that cannot open', () => {
  it('is the newest one SQLite finds whole', async () => {
    const core = await open({ now: () => new Date('2025-03-01T13:00:00.000Z') })
    const newer = (await gm(core, 'backup.create', {})).name
    await closeAll()
    damageTablePage(join(lib.dir, 'backups', newer))
    writeFileSync(lib.file, 'SQLite format 3\0'.padEnd(4096, '\u0001'))
    const err = await rejection(open())
    expect(err.message).toContain(`The newest backup SQLite finds whole (the 1 newer one is damaged) is ${backup}`)
    const restored = await open({ openNewestBackup: true })
    expect((await gm(restored, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Sunken Keep'])
  })
})

/** A leaf page in the middle of the log's b-tree. */
function pageOf(file: string): number {
  const copy = join(lib.dir, 'probe.sqlite')
  writeFileSync(copy, readFileSync(file))
  const wal = `${file}-wal`
  if (existsSync(wal)) writeFileSync(`${copy}-wal`, readFileSync(wal))
  return damageTablePage(copy)
}
