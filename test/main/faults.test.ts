/**
 * The library's storage failing under Lantern, with real files: the disk full (SQLite's own page
 * limit stands in for a full disk), a read-only file, a second Lantern on the same library, and a
 * damaged file. Each is refused in plain words, and nothing already saved is lost or half-written.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { chmodSync, existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { LibraryOpenError } from '../../src/main/db/library-file'
import { gm, refused } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
const cores: Core[] = []
const children: ChildProcess[] = []
const open = async (extra: { openNewestBackup?: boolean } = {}) => {
  const core = await createCore({ dataFile: lib.file, mode: 'browser', version: 'test', autoBackup: false, ...extra })
  cores.push(core)
  return core
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

afterEach(async () => {
  for (const c of children.splice(0)) c.kill('SIGKILL')
  for (const c of cores.splice(0)) await c.close().catch(() => undefined)
  lib?.cleanup()
})

describe('a full disk', () => {
  it('refuses the change saying the disk is full, writes none of it, and Lantern keeps running', async () => {
    lib = tempLibrary()
    const core = await open()
    const { id } = await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })
    // The file may not grow by a single page from here on: what SQLite reports on a full disk.
    const pages = core.handle.sqlite.pragma('page_count', { simple: true }) as number
    core.handle.sqlite.pragma(`max_page_count = ${pages}`)
    const logCount = () => (core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n
    const before = logCount()
    let saved = 0
    let error = null
    for (let i = 0; i < 500 && error === null; i++) {
      const r = await core.router.call('adventure.create', { campaignId: id, title: `Delve ${i}`, summary: 'x'.repeat(3000) }, { scope: 'gm' })
      if (r.ok) saved++
      else error = r.error
    }
    expect(error).toMatchObject({ code: 'refused' })
    expect(error!.message).toMatch(/^The disk that holds your library is full, so this change was not saved/)
    // Every adventure saved has its log entry, and the refused one has neither.
    const adventures = (core.handle.sqlite.prepare('select count(*) as n from adventure').get() as { n: number }).n
    expect(adventures).toBe(saved)
    expect(logCount()).toBe(before + saved)
    expect(core.handle.sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
    // Still running: reads answer, and once there is room again, writes do too.
    expect((await gm(core, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Sunken Keep'])
    core.handle.sqlite.pragma('max_page_count = 1073741823')
    await gm(core, 'log.note', { campaignId: id, text: 'Room again.' })
  })
})

describe('a read-only library', () => {
  /** Makes the library's folder read-only for this process: a read-only bind mount as root (root ignores file modes), chmod otherwise. */
  function makeReadOnly(dir: string): (() => void) | null {
    if (process.getuid?.() !== 0) {
      chmodSync(join(dir, 'lantern.sqlite'), 0o444)
      chmodSync(dir, 0o555)
      return () => {
        chmodSync(dir, 0o755)
        chmodSync(join(dir, 'lantern.sqlite'), 0o644)
      }
    }
    const bind = spawnSync('mount', ['--bind', dir, dir])
    if (bind.status !== 0) return null
    if (spawnSync('mount', ['-o', 'remount,ro,bind', dir]).status !== 0) {
      spawnSync('umount', [dir])
      return null
    }
    return () => void spawnSync('umount', [dir])
  }

  it('is refused at start with a sentence that says so, and left untouched', async (ctx) => {
    lib = tempLibrary()
    const core = await open()
    await gm(core, 'campaign.create', { name: 'Read only', system: 'ladder' })
    await core.close()
    cores.length = 0
    const hash = sha(lib.file)
    const undo = makeReadOnly(lib.dir)
    if (!undo) return ctx.skip()
    try {
      const err = await rejection(open())
      expect(err.problem).toBe('read-only')
      expect(err.message).toContain('Lantern cannot write to')
      expect(err.message).toContain('read-only')
      expect(sha(lib.file)).toBe(hash)
    } finally {
      undo()
    }
    // Writable again, it opens as it was.
    expect((await gm(await open(), 'campaign.list', {})).map((c) => c.name)).toEqual(['Read only'])
  })
})

describe('a second Lantern on the same library', () => {
  it('is refused while the first runs, in this process or another, and a lock left by a killed Lantern is taken over', async () => {
    lib = tempLibrary()
    const first = await open()
    await gm(first, 'campaign.create', { name: 'Shared', system: 'lode' })
    const same = await rejection(open())
    expect(same.problem).toBe('in-use')
    expect(same.message).toMatch(/is already open in another Lantern/)
    await first.close()
    cores.length = 0

    // Another process holds it (as a Lantern that started first would): refused, naming that process.
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' })
    children.push(other)
    writeFileSync(`${lib.file}.lock`, JSON.stringify({ pid: other.pid, host: hostname(), since: '2025-03-01T12:00:00.000Z', mode: 'desktop' }))
    const err = await rejection(open())
    expect(err.message).toContain(`the desktop app, process ${other.pid}`)

    // That Lantern is killed: its lock is stale, and the next start takes the library over.
    other.kill('SIGKILL')
    await new Promise((r) => other.once('exit', r))
    const next = await open()
    expect((await gm(next, 'campaign.list', {})).map((c) => c.name)).toEqual(['Shared'])
    await next.close()
    cores.length = 0
    expect(existsSync(`${lib.file}.lock`)).toBe(false) // released on close
  })
})

describe('a damaged library', () => {
  it('is reported with the newest backup offered; opening that backup keeps the damaged file aside, byte for byte', async () => {
    lib = tempLibrary()
    const core = await open()
    await gm(core, 'campaign.create', { name: 'Before the fall', system: 'challenge' })
    const backup = await gm(core, 'backup.create', {})
    await gm(core, 'campaign.create', { name: 'After the backup', system: 'ranks' })
    await core.close()
    cores.length = 0
    // The file's header is overwritten: SQLite no longer recognises it.
    const bytes = readFileSync(lib.file)
    bytes.write('this is no longer a database', 0)
    writeFileSync(lib.file, bytes)
    const damaged = sha(lib.file)

    const err = await rejection(open())
    expect(err.problem).toBe('damaged')
    expect(err.message).toContain('It has been left exactly as it is.')
    expect(err.message).toContain(`The newest backup is ${backup.name}`)
    expect(err.message).toContain('--open-backup')
    expect(sha(lib.file)).toBe(damaged)

    const restored = await open({ openNewestBackup: true })
    expect((await gm(restored, 'campaign.list', {})).map((c) => c.name)).toEqual(['Before the fall'])
    const kept = readdirSync(lib.dir).filter((f) => /^lantern\.sqlite\.damaged-\d{8}-\d{6}$/.test(f))
    expect(kept).toHaveLength(1)
    expect(sha(join(lib.dir, kept[0]!))).toBe(damaged)
  })

  it('says there is no backup when there is none, and still changes nothing', async () => {
    lib = tempLibrary()
    writeFileSync(lib.file, 'SQLite format 3\0'.padEnd(4096, '\u0001'))
    const hash = sha(lib.file)
    const err = await rejection(open())
    expect(err.problem).toBe('damaged')
    expect(err.message).toMatch(/There is no backup of it in .*backups/)
    const again = await rejection(open({ openNewestBackup: true }))
    expect(again.message).toMatch(/There is no backup of .* to open; nothing was changed/)
    expect(sha(lib.file)).toBe(hash)
  })
})

describe('refusals the router gives for storage errors', () => {
  it('never reaches the GM as an internal error for a full disk', async () => {
    lib = tempLibrary()
    const core = await open()
    const { id } = await gm(core, 'campaign.create', { name: 'Tiny disk', system: 'osr' })
    core.handle.sqlite.pragma(`max_page_count = ${core.handle.sqlite.pragma('page_count', { simple: true }) as number}`)
    let last = null
    for (let i = 0; i < 500 && last === null; i++) {
      const r = await core.router.call('log.note', { campaignId: id, text: 'y'.repeat(3000) }, { scope: 'gm' })
      if (!r.ok) last = r.error
    }
    expect(last?.code).not.toBe('internal')
    expect((await refused(core, 'log.note', { campaignId: id, text: 'z'.repeat(3000) })).message).toMatch(/disk that holds your library is full/)
  })
})
