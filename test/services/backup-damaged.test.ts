/**
 * Backups of a library with one page damaged inside: a backup is checked before it counts, so a
 * damaged library never pushes its last good backup out, and restoring that backup keeps the
 * damaged file aside. Real files, real damage, through the router.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { damageTablePage, fillLog, integrity } from '../main/damage'
import { gm, refused } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
let clock = new Date('2025-03-01T12:00:00.000Z')
const open = () => createCore({ dataFile: lib.file, mode: 'browser', version: 'test', autoBackup: false, now: () => clock })
const folder = () => join(lib.dir, 'backups')
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

let good: string
let campaignId: number

beforeEach(async () => {
  clock = new Date('2025-03-01T12:00:00.000Z')
  lib = tempLibrary()
  core = await open()
  campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
  await fillLog(core, campaignId)
  good = (await gm(core, 'backup.create', {})).name
  await core.close()
  damageTablePage(lib.file)
  expect(integrity(lib.file)).not.toBe('ok')
  clock = new Date('2025-03-02T09:00:00.000Z')
  core = await open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('backups of a damaged library', () => {
  it('eight backups asked for are each refused in words, and the last good backup is kept', async () => {
    for (let i = 0; i < 8; i++) {
      clock = new Date(Date.UTC(2025, 2, 2 + i, 9))
      const err = await refused(core, 'backup.create', {})
      expect(err.code).toBe('refused')
      expect(err.message).toMatch(/^Lantern did not take this backup: your library file is damaged/)
      expect(err.message).toContain('The backups already there were kept as they were.')
      expect(err.message).toContain(`The newest good backup is from 2025-03-01 12:00 UTC (${good})`)
    }
    const { backups } = await gm(core, 'backup.list', {})
    expect(backups.map((b) => b.name)).toEqual([good])
    expect(readdirSync(folder())).toEqual([good]) // no damaged copy, no half-made one
    expect(integrity(join(folder(), good))).toBe('ok')
  })

  it('the daily backup on start is not taken either, and says why', async () => {
    await core.close()
    clock = new Date('2025-03-05T09:00:00.000Z')
    const logged: string[] = []
    const error = console.error
    console.error = (...args: unknown[]) => void logged.push(args.join(' '))
    try {
      core = await createCore({ dataFile: lib.file, mode: 'browser', version: 'test', now: () => clock })
      await core.startupBackup
    } finally {
      console.error = error
    }
    expect(logged.some((l) => /could not take its daily backup: Lantern did not take this backup: your library file is damaged/.test(l))).toBe(true)
    expect((await gm(core, 'backup.list', {})).backups.map((b) => b.name)).toEqual([good])
  })

  it('restoring the good backup moves the damaged file aside, byte for byte, and changes work again', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))
    const before = sha(lib.file)
    const done = await gm(core, 'backup.restore', { name: good })
    expect(done.undo).toBeNull()
    expect(done.damagedKeptAt).toBe(`${lib.file}.damaged-20250302-090000`)
    expect(sha(done.damagedKeptAt!)).toBe(before)
    expect(integrity(lib.file)).toBe('ok')
    expect(heard.filter((m) => m.event === 'library.health').map((m) => (m.payload as { state: string }).state)).toEqual(['ok'])
    expect((await gm(core, 'backup.health', {})).state).toBe('ok')
    await gm(core, 'log.note', { campaignId, text: 'Back on whole pages.' })
    // A backup now is of a whole library again, and a later restore can be undone as before.
    expect(integrity(join(folder(), (await gm(core, 'backup.create', {})).name))).toBe('ok')
    expect(existsSync(join(folder(), good))).toBe(true)
  })

  it('a damaged backup is refused for a restore, and nothing is changed', async () => {
    await core.close()
    // The good backup is damaged in its turn (a bad disk): its restore must not replace anything.
    damageTablePage(join(folder(), good))
    core = await open()
    const before = sha(lib.file)
    const err = await refused(core, 'backup.restore', { name: good })
    expect(err.message).toMatch(new RegExp(`^The backup ${good} is damaged itself .*, so it was not restored\\. Nothing was changed; choose an older backup\\.$`))
    expect((await gm(core, 'backup.health', {})).state).toBe('damaged')
    await core.close()
    expect(sha(lib.file)).toBe(before)
    core = await open()
  })
})
