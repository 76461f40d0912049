import BetterSqlite3 from 'better-sqlite3'
import { readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { backupIfDue, KEPT_BACKUPS } from '../../src/main/services/backup'
import { gm, refused } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
let clock = new Date('2025-03-01T12:00:00.000Z')
const open = () => createCore({ dataFile: lib.file, mode: 'browser', version: 'test', now: () => clock, autoBackup: false })

beforeEach(async () => {
  clock = new Date('2025-03-01T12:00:00.000Z')
  lib = tempLibrary()
  core = await open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const names = async () => (await gm(core, 'campaign.list', {})).map((c) => c.name).sort()

describe('library backups', () => {
  it('backs up on demand into backups/ as one self-contained SQLite file', async () => {
    await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    const b = await gm(core, 'backup.create', {})
    expect(b).toMatchObject({ name: 'lantern-20250301-120000.sqlite', takenAt: '2025-03-01T12:00:00.000Z' })
    const path = join(lib.dir, 'backups', b.name)
    expect(readdirSync(join(lib.dir, 'backups'))).toEqual([b.name]) // no -wal or -shm beside it
    const copy = new BetterSqlite3(path, { readonly: true })
    expect(copy.pragma('journal_mode', { simple: true })).toBe('delete')
    expect(copy.prepare('select name from campaign').pluck().all()).toEqual(['The Sunken Keep'])
    copy.close()
    // A second in the same second does not overwrite the first.
    expect((await gm(core, 'backup.create', {})).name).toBe('lantern-20250301-120000-2.sqlite')
    expect((await gm(core, 'backup.list', {})).backups.map((x) => x.name)).toEqual(['lantern-20250301-120000-2.sqlite', b.name])
  })

  it('keeps the newest seven, newest first', async () => {
    for (let i = 0; i < 9; i++) {
      clock = new Date(Date.UTC(2025, 2, 1 + i, 12))
      await gm(core, 'backup.create', {})
    }
    const { backups, kept, folder } = await gm(core, 'backup.list', {})
    expect(kept).toBe(KEPT_BACKUPS)
    expect(folder).toBe(join(lib.dir, 'backups'))
    expect(backups.map((b) => b.name)).toEqual([9, 8, 7, 6, 5, 4, 3].map((d) => `lantern-2025030${d}-120000.sqlite`))
    expect(readdirSync(folder)).toHaveLength(7)
  })

  it('numbers backups taken within one second on from the newest: twelve in a second keep the newest seven, -6 … -12', async () => {
    await gm(core, 'campaign.create', { name: 'Quick hands', system: 'ladder' })
    for (let i = 1; i <= 12; i++) {
      const b = await gm(core, 'backup.create', {})
      expect(b.name).toBe(i === 1 ? 'lantern-20250301-120000.sqlite' : `lantern-20250301-120000-${i}.sqlite`)
      // The one just taken is the newest, and is kept.
      expect((await gm(core, 'backup.list', {})).backups[0]!.name).toBe(b.name)
    }
    const { backups } = await gm(core, 'backup.list', {})
    expect(backups.map((b) => b.name)).toEqual([12, 11, 10, 9, 8, 7, 6].map((n) => `lantern-20250301-120000-${n}.sqlite`))
    // Any kept backup restores.
    await gm(core, 'campaign.rename', { id: 1, name: 'Renamed' })
    await gm(core, 'backup.restore', { name: 'lantern-20250301-120000-6.sqlite' })
    expect(await names()).toEqual(['Quick hands'])
  })

  it('keeps the backup just taken even when the clock was set back before it', async () => {
    for (let i = 0; i < KEPT_BACKUPS; i++) {
      clock = new Date(Date.UTC(2025, 2, 10 + i, 12))
      await gm(core, 'backup.create', {})
    }
    clock = new Date('2025-03-01T12:00:00.000Z')
    const b = await gm(core, 'backup.create', {})
    expect(b.name).toBe('lantern-20250301-120000.sqlite')
    const { backups } = await gm(core, 'backup.list', {})
    expect(backups).toHaveLength(KEPT_BACKUPS)
    expect(backups.map((x) => x.name)).toContain(b.name)
  })

  it('takes one on start when the newest is older than a day, and not otherwise', async () => {
    expect(await backupIfDue(core.library)).toBeNull() // a library with no campaign has nothing to protect
    await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    expect(await backupIfDue(core.library)).not.toBeNull() // none yet
    clock = new Date('2025-03-02T11:00:00.000Z')
    expect(await backupIfDue(core.library)).toBeNull() // 23 hours old
    clock = new Date('2025-03-02T12:00:01.000Z')
    expect((await backupIfDue(core.library))?.name).toBe('lantern-20250302-120001.sqlite')

    // The real start: createCore returns first, the backup follows without holding it up.
    await core.close()
    clock = new Date('2025-03-04T09:00:00.000Z')
    core = await createCore({ dataFile: lib.file, mode: 'browser', version: 'test', now: () => clock })
    await core.startupBackup
    expect((await gm(core, 'backup.list', {})).backups[0]!.name).toBe('lantern-20250304-090000.sqlite')
  })

  it('two libraries kept in one folder each keep their own backups: listed, pruned, due and restored apart', async () => {
    // A second library beside the first, as `--data ~/campaigns/howe.sqlite` opens one.
    const howe = await createCore({ dataFile: join(lib.dir, 'howe.sqlite'), mode: 'browser', version: 'test', now: () => clock, autoBackup: false })
    try {
      await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
      await gm(howe, 'campaign.create', { name: 'The Howe', system: 'lode' })
      // Both back up in the same second, at once.
      const [keep, first] = await Promise.all([gm(core, 'backup.create', {}), gm(howe, 'backup.create', {})])
      expect(await gm(core, 'backup.list', {})).toMatchObject({ folder: join(lib.dir, 'backups'), backups: [{ name: keep.name }] })
      expect(await gm(howe, 'backup.list', {})).toMatchObject({ folder: join(lib.dir, 'howe-backups'), backups: [{ name: first.name }] })
      // The Howe's backups, more than are kept, prune only the Howe's.
      for (let i = 0; i < KEPT_BACKUPS; i++) await gm(howe, 'backup.create', {})
      expect((await gm(howe, 'backup.list', {})).backups).toHaveLength(KEPT_BACKUPS)
      expect((await gm(core, 'backup.list', {})).backups.map((b) => b.name)).toEqual([keep.name])
      // A day on, the Howe backed up a minute ago does not make the keep's daily backup any less due.
      clock = new Date('2025-03-02T12:00:01.000Z')
      await gm(howe, 'backup.create', {})
      expect((await backupIfDue(core.library))?.name).toBe('lantern-20250302-120001.sqlite')
      // Each restores its own.
      await gm(core, 'backup.restore', { name: keep.name })
      expect(await names()).toEqual(['The Sunken Keep'])
      expect((await gm(howe, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Howe'])
    } finally {
      await howe.close()
    }
  })

  it('says what a restore would replace, restores, and can undo the restore', async () => {
    await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    const backup = await gm(core, 'backup.create', {})
    clock = new Date('2025-03-05T20:00:00.000Z')
    await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })

    const seen = await gm(core, 'backup.inspect', { name: backup.name })
    expect(seen.backup.takenAt).toBe('2025-03-01T12:00:00.000Z')
    expect(seen.campaigns.map((c) => c.name)).toEqual(['The Sunken Keep'])
    expect(seen.current.map((c) => c.name)).toEqual(['Clockwork City', 'The Sunken Keep'])

    const oldHandle = core.handle
    const done = await gm(core, 'backup.restore', { name: backup.name })
    expect(done.undo!.name).toBe('lantern-20250305-200000.sqlite')
    // Calls after the restore see the restored library, through the swapped handle.
    expect(core.handle).not.toBe(oldHandle)
    expect(core.deps.db).toBe(core.handle.db)
    expect(await names()).toEqual(['The Sunken Keep'])
    await gm(core, 'campaign.create', { name: 'After the restore', system: 'lode' })

    // What a restart reads is the restored library plus the change made after it.
    await core.close()
    core = await open()
    expect(await names()).toEqual(['After the restore', 'The Sunken Keep'])

    // The restore is undone from the backup it took first.
    await gm(core, 'backup.restore', { name: done.undo!.name })
    expect(await names()).toEqual(['Clockwork City', 'The Sunken Keep'])
  })

  it('restores the oldest kept backup even though the restore itself takes a new one', async () => {
    await gm(core, 'campaign.create', { name: 'Oldest', system: 'osr' })
    for (let i = 0; i < KEPT_BACKUPS; i++) {
      clock = new Date(Date.UTC(2025, 2, 1 + i, 12))
      await gm(core, 'backup.create', {})
      if (i === 0) await gm(core, 'campaign.rename', { id: 1, name: 'Renamed' })
    }
    clock = new Date('2025-03-20T12:00:00.000Z')
    await gm(core, 'backup.restore', { name: 'lantern-20250301-120000.sqlite' })
    expect(await names()).toEqual(['Oldest'])
  })

  it('refuses a backup that is not a library, and leaves the library working as it was', async () => {
    await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    await gm(core, 'backup.create', {})
    writeFileSync(join(lib.dir, 'backups', 'lantern-20250302-120000.sqlite'), 'not a database at all')
    const err = await refused(core, 'backup.restore', { name: 'lantern-20250302-120000.sqlite' })
    expect(err.message).toMatch(/cannot be read as a Lantern library/)
    expect(await names()).toEqual(['The Sunken Keep'])
    expect((await refused(core, 'backup.restore', { name: '../lantern.sqlite' })).code).toBe('not_found')
    expect((await refused(core, 'backup.inspect', { name: 'lantern-20990101-000000.sqlite' })).message).toMatch(/no backup named/)
    await gm(core, 'campaign.create', { name: 'Still writable', system: 'lode' })
  })
})
