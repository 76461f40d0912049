/**
 * One Lantern per library file, whatever path reaches it: a hard link, a symlink, a bind mount or
 * a path spelled with `..` is the same file, and a second Lantern on it — in this process or in
 * another — is refused in words that name the one holding it, while the first keeps working. A
 * program that is not Lantern holding the file open is refused too, and a Lantern killed with
 * SIGKILL never blocks the next. (Two Lanterns on one file by two names each keep their own
 * write-ahead log, and each checkpoint overwrites the other's pages: acknowledged changes lost.)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { linkSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { LibraryOpenError } from '../../src/main/db/library-file'
import { gm } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

const APP = join(__dirname, '../../src/main/app.ts')

let lib: TempLibrary
const cores: Core[] = []
const children: ChildProcess[] = []
const cleanups: (() => void)[] = []

const open = async (file: string): Promise<Core> => {
  const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
  cores.push(core)
  return core
}
const refusal = async (file: string): Promise<LibraryOpenError> => {
  const err = await open(file).then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(LibraryOpenError)
  expect((err as LibraryOpenError).problem).toBe('in-use')
  return err as LibraryOpenError
}
const notes = async (core: Core, campaignId: number): Promise<string[]> =>
  (await gm(core, 'log.list', { campaignId, kind: 'note', limit: 100 })).map((e) => (e.payload as { text: string }).text).reverse()

/** Starts `code` in a second Node process (TypeScript through tsx) and waits for its first line. */
async function child(code: string, env: Record<string, string>): Promise<ChildProcess> {
  const proc = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], {
    cwd: join(__dirname, '../..'),
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(proc)
  let err = ''
  proc.stderr!.on('data', (c: Buffer) => (err += c.toString()))
  await new Promise<void>((ok, fail) => {
    proc.stdout!.once('data', () => ok())
    proc.once('exit', (c) => fail(new Error(`the second process ended (${c}) before it was ready: ${err}`)))
  })
  return proc
}

/** A second Lantern, in the desktop mode, holding `file` in another process. */
const otherLantern = (file: string): Promise<ChildProcess> =>
  child(
    `const { createCore } = await import(process.env.APP); await createCore({ dataFile: process.env.FILE, mode: 'desktop', version: 'test', autoBackup: false }); console.log('ready'); setInterval(() => {}, 1000)`,
    { APP, FILE: file },
  )

/** A program that is not Lantern (as a database tool would) holding `file` open in WAL mode. */
const otherProgram = (file: string): Promise<ChildProcess> =>
  child(
    `const { default: Db } = await import('better-sqlite3'); const db = new Db(process.env.FILE); db.pragma('journal_mode = WAL'); db.prepare('select count(*) from campaign').get(); console.log('ready'); setInterval(() => {}, 1000)`,
    { FILE: file },
  )

const killed = async (proc: ChildProcess): Promise<void> => {
  proc.kill('SIGKILL')
  if (proc.exitCode === null && proc.signalCode === null) await new Promise((r) => proc.once('exit', r))
}

afterEach(async () => {
  for (const c of children.splice(0)) await killed(c)
  for (const c of cores.splice(0)) await c.close().catch(() => undefined)
  for (const undo of cleanups.splice(0).reverse()) undo()
  lib?.cleanup()
})

describe('the same library by another path', () => {
  it('is refused in this process by a hard link, a symlink and a path through "..", naming the Lantern that holds it; the first keeps working', async () => {
    lib = tempLibrary()
    const first = await open(lib.file)
    const { id } = await gm(first, 'campaign.create', { name: 'The Twice-Named Keep', system: 'osr' })
    await gm(first, 'log.note', { campaignId: id, text: 'One.' })
    const hard = join(lib.dir, 'hard-link.sqlite')
    const soft = join(lib.dir, 'symlink.sqlite')
    linkSync(lib.file, hard)
    symlinkSync(lib.file, soft)
    mkdirSync(join(lib.dir, 'sub'))

    for (const other of [hard, soft]) {
      const err = await refusal(other)
      expect(err.message).toContain(`The library ${other} is already open in another Lantern (the browser mode, process ${process.pid}`)
      expect(err.message).toContain(`as ${lib.file} (the same file by another name)`)
      expect(err.message).toContain('Nothing was changed.')
    }
    // path.join would tidy the ".." away: this is the path as a GM might type it.
    expect((await refusal(`${lib.dir}/sub/../lantern.sqlite`)).message).toContain(`is already open in another Lantern (the browser mode, process ${process.pid}`)

    await gm(first, 'log.note', { campaignId: id, text: 'Two.' })
    expect(await notes(first, id)).toEqual(['One.', 'Two.'])
    await first.close()
    cores.length = 0
    // Closed, the library opens by any of its names, with everything in it.
    const again = await open(hard)
    expect(await notes(again, id)).toEqual(['One.', 'Two.'])
  })

  it('is refused to a Lantern in another process, by either name, and a Lantern killed with SIGKILL blocks no one', async () => {
    lib = tempLibrary()
    const setup = await open(lib.file)
    const { id } = await gm(setup, 'campaign.create', { name: 'The Twice-Named Keep', system: 'lode' })
    await setup.close()
    cores.length = 0
    const hard = join(lib.dir, 'hard-link.sqlite')
    const soft = join(lib.dir, 'symlink.sqlite')
    linkSync(lib.file, hard)
    symlinkSync(hard, soft)

    const holder = await otherLantern(hard)
    for (const name of [lib.file, soft]) {
      const err = await refusal(name)
      expect(err.message).toContain(`is already open in another Lantern (the desktop app, process ${holder.pid}`)
      expect(err.message).toContain(`as ${hard} (the same file by another name)`)
    }

    await killed(holder)
    const next = await open(soft)
    await gm(next, 'log.note', { campaignId: id, text: 'After the kill.' })
    expect(await notes(next, id)).toEqual(['After the kill.'])
  }, 60_000)

  it('is refused while a program that is not Lantern holds the file open, and opens once it lets go', async () => {
    lib = tempLibrary()
    const setup = await open(lib.file)
    await gm(setup, 'campaign.create', { name: 'Held elsewhere', system: 'ranks' })
    await setup.close()
    cores.length = 0
    const hard = join(lib.dir, 'hard-link.sqlite')
    linkSync(lib.file, hard)

    const tool = await otherProgram(hard)
    const err = await refusal(lib.file)
    expect(err.message).toBe(
      `The library ${lib.file} is already open in another program: another Lantern (perhaps by another path to the same file, or on another machine) or a database tool. Use that one, or close it first; two Lanterns writing one library could lose each other's changes. Nothing was changed.`,
    )
    await killed(tool)
    expect((await gm(await open(lib.file), 'campaign.list', {})).map((c) => c.name)).toEqual(['Held elsewhere'])
  }, 60_000)

  it.skipIf(process.getuid?.() !== 0)('is refused through a bind mount of its folder (skipped unless root: it mounts)', async () => {
    lib = tempLibrary()
    const first = await open(lib.file)
    await gm(first, 'campaign.create', { name: 'Mounted twice', system: 'challenge' })
    const elsewhere = mkdtempSync(join(tmpdir(), 'lantern-bind-'))
    cleanups.push(() => rmSync(elsewhere, { recursive: true, force: true }))
    if (spawnSync('mount', ['--bind', lib.dir, elsewhere]).status !== 0) return
    cleanups.push(() => void spawnSync('umount', ['-l', elsewhere]))
    const err = await refusal(join(elsewhere, 'lantern.sqlite'))
    expect(err.message).toContain(`as ${lib.file} (the same file by another name)`)
    expect((await gm(first, 'campaign.list', {})).map((c) => c.name)).toEqual(['Mounted twice'])
  })
})
