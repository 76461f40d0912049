/**
 * A really full disk under the library: a small tmpfs that the test mounts (as root) and fills to
 * the last byte. Every change refused there says the disk is full, none of it is written, nothing
 * saved before is lost, and writes go on once there is room; starting Lantern on the full disk
 * says so in words. (faults.test.ts stands in SQLite's page limit for a full disk everywhere; this
 * is the real thing, where SQLite rolls the whole transaction back by itself.)
 */
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import BetterSqlite3 from 'better-sqlite3'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { LibraryOpenError } from '../../src/main/db/library-file'
import { gm } from '../support/calls'

const FULL = /^The disk that holds your library is full, so this change was not saved \(nothing of it was written\)\. Free some space on that disk and try again\.$/

/** Mounts a tmpfs of `mib` MiB on a new temp folder; null when this process may not (not root, or no mount). */
function mountTmpfs(mib: number): string | null {
  if (process.getuid?.() !== 0) return null
  const dir = mkdtempSync(join(tmpdir(), 'lantern-full-'))
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', `size=${mib}m,mode=0755`, 'tmpfs', dir]).status !== 0) {
    rmSync(dir, { recursive: true, force: true })
    return null
  }
  return dir
}

function unmount(dir: string): void {
  spawnSync('umount', ['-l', dir])
  rmSync(dir, { recursive: true, force: true })
}

/** Whether a tmpfs can be mounted here: probed once, so that the tests can say why they are skipped. */
const probe = mountTmpfs(1)
if (probe) unmount(probe)
const why = probe ? '' : ' (skipped: mounting a tmpfs needs root and the mount command; run the tests as root to include it)'
if (!probe) console.log(`full-disk.test.ts${why}`)

/** Fills the file system holding `dir` to its last byte with one file, and returns that file. */
function fill(dir: string): string {
  const filler = join(dir, 'filler')
  const fd = openSync(filler, 'a')
  try {
    for (const size of [1 << 20, 1 << 16, 4096, 512, 64, 1]) {
      const chunk = Buffer.alloc(size, 0x2a)
      try {
        for (;;) writeSync(fd, chunk)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err
      }
    }
  } finally {
    closeSync(fd)
  }
  return filler
}

let mounted: string | null = null
const cores: Core[] = []
const open = async (file: string): Promise<Core> => {
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
  cores.push(core)
  return core
}

afterEach(async () => {
  for (const c of cores.splice(0)) await c.close().catch(() => undefined)
  if (mounted) unmount(mounted)
  mounted = null
})

describe('a library on a disk filled to the last byte', () => {
  it.skipIf(!probe)(`refuses every change that does not fit saying the disk is full, loses nothing, and writes again once there is room${why}`, async () => {
    mounted = mountTmpfs(16)!
    const file = join(mounted, 'lantern.sqlite')
    const core = await open(file)
    const { id } = await gm(core, 'campaign.create', { name: 'The Drowned Vault', system: 'osr' })
    await gm(core, 'log.note', { campaignId: id, text: 'Before the disk filled.' })
    const filler = fill(mounted)

    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    const saved: string[] = []
    const refusals: string[] = []
    try {
      for (let i = 0; i < 40; i++) {
        const text = `Note ${i} ${'x'.repeat(3000)}`
        const r =
          i % 4 === 3
            ? await core.router.call('adventure.create', { campaignId: id, title: `Delve ${i}`, summary: 'y'.repeat(3000) }, { scope: 'gm' })
            : await core.router.call('log.note', { campaignId: id, text }, { scope: 'gm' })
        if (r.ok) {
          if (i % 4 !== 3) saved.push(text)
        } else {
          expect(r.error.code).toBe('refused')
          refusals.push(r.error.message)
        }
      }
    } finally {
      quiet.mockRestore()
    }
    expect(refusals.length).toBeGreaterThan(0)
    for (const message of refusals) expect(message).toMatch(FULL)
    // Still running on the full disk: reads answer.
    expect((await gm(core, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Drowned Vault'])

    // Room again: the next change is saved.
    rmSync(filler)
    await gm(core, 'log.note', { campaignId: id, text: 'Room again.' })
    await core.close()
    cores.length = 0

    // Nothing acknowledged was lost, and nothing refused was half-written.
    const db = new BetterSqlite3(file, { readonly: true })
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok')
      const notes = (db.prepare("select payload from log_entry where kind = 'note' order by id").pluck().all() as string[]).map((p) => (JSON.parse(p) as { text: string }).text)
      expect(notes).toEqual(['Before the disk filled.', ...saved, 'Room again.'])
      const adventures = db.prepare('select count(*) from adventure').pluck().get() as number
      expect(db.prepare("select count(*) from log_entry where kind like 'adventure%'").pluck().get()).toBe(adventures)
    } finally {
      db.close()
    }
  })

  it.skipIf(!probe)(`is not opened when Lantern starts on it, in words, and the library is left as it was${why}`, async () => {
    mounted = mountTmpfs(16)!
    const file = join(mounted, 'lantern.sqlite')
    const first = await open(file)
    await gm(first, 'campaign.create', { name: 'The Drowned Vault', system: 'ladder' })
    await first.close()
    cores.length = 0
    const sha = createHash('sha256').update(readFileSync(file)).digest('hex')
    const filler = fill(mounted)

    const err = await open(file).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(LibraryOpenError)
    expect((err as LibraryOpenError).problem).toBe('disk-full')
    expect((err as LibraryOpenError).message).toBe(
      `The disk that holds ${file} is full, so Lantern did not open the library: it needs a little room beside it to start (nothing was changed). Free some space on that disk and start Lantern again.`,
    )
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(sha)
    expect(existsSync(`${file}.lock`)).toBe(false)

    rmSync(filler)
    expect((await gm(await open(file), 'campaign.list', {})).map((c) => c.name)).toEqual(['The Drowned Vault'])
  })
})

