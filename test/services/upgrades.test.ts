/**
 * A library from every past version of Lantern upgrades to this one with its data intact and the
 * library as it was backed up first; a library from a newer Lantern is refused and left untouched.
 * The fixtures are made by the frozen migrations themselves (`npm run fixtures:libraries`).
 */
import BetterSqlite3 from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { LibraryOpenError } from '../../src/main/db/library-file'
import { migrations } from '../../src/main/db/migrations'
import { SEED } from '../fixtures/libraries/seed'
import { gm } from '../support/calls'

const fixtures = join(__dirname, '../fixtures/libraries')
const names = Object.keys(migrations).sort()
const past = names.slice(0, -1)
const dirs: string[] = []
const cores: Core[] = []
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

afterEach(async () => {
  for (const c of cores.splice(0)) await c.close()
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true })
})

function copyOf(fixture: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-upgrade-'))
  dirs.push(dir)
  const file = join(dir, 'lantern.sqlite')
  copyFileSync(join(fixtures, fixture), file)
  return file
}

/** The seed's values for the columns a library at this version had. */
function seedAsStored(sqlite: BetterSqlite3.Database, table: string): Record<string, unknown>[] {
  const columns = new Set((sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name))
  if (columns.size === 0) return []
  return SEED[table]!.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => columns.has(k))))
}

describe('upgrading a library', () => {
  it('has a fixture for every past version (run `npm run fixtures:libraries` after adding a migration)', () => {
    const have = new Set(readdirSync(fixtures).filter((f) => f.endsWith('.sqlite')))
    expect(past.filter((n) => !have.has(`${n}.sqlite`))).toEqual([])
  })

  it.each(past)('from %s keeps every row, backs the library up first, and works afterwards', async (version) => {
    const file = copyOf(`${version}.sqlite`)
    const original = new BetterSqlite3(file, { readonly: true })
    const before = Object.fromEntries(Object.keys(SEED).map((t) => [t, seedAsStored(original, t)]))
    original.close()

    const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
    cores.push(core)
    expect(core.migration.applied).toEqual(names.slice(names.indexOf(version) + 1))
    // The library as it was, byte for byte in content: the pre-migration backup.
    expect(core.migration.backup).toBe(`${file}.bak-1`)
    const backup = new BetterSqlite3(core.migration.backup!, { readonly: true })
    expect(backup.prepare('select name from kysely_migration order by name').pluck().all()).toEqual(names.slice(0, names.indexOf(version) + 1))
    expect(backup.prepare('select count(*) from log_entry').pluck().get()).toBe(SEED.log_entry!.length)
    backup.close()

    const sqlite = core.handle.sqlite
    expect(sqlite.pragma('integrity_check', { simple: true })).toBe('ok')
    expect(sqlite.pragma('foreign_key_check')).toEqual([])
    for (const [table, rows] of Object.entries(before)) {
      for (const row of rows) {
        const keys = Object.keys(row)
        const where = 'id' in row ? 'id = @id' : keys.map((k) => `${k} = @${k}`).join(' and ')
        const stored = sqlite.prepare(`select ${keys.join(', ')} from ${table} where ${where}`).get(row)
        expect(stored, `${table} ${JSON.stringify(row)}`).toEqual(row)
      }
    }
    // The upgraded library works through the app: its campaigns, its log, a new change.
    expect((await gm(core, 'campaign.list', {})).map((c) => c.system).sort()).toEqual(['challenge', 'ladder', 'lode', 'osr', 'ranks'])
    expect((await gm(core, 'log.list', { campaignId: 1, limit: 10 })).map((e) => e.kind)).toContain('note')
    await gm(core, 'log.note', { campaignId: 1, text: 'After the upgrade.' })
    // Search finds what the library held, in any script.
    if (names.indexOf(version) >= names.indexOf('0002-campaign-records')) {
      expect((await gm(core, 'search.query', { campaignId: 1, text: 'Mira' })).length).toBeGreaterThan(0)
    }
  })

  it('refuses a library from a newer Lantern and leaves it untouched', async () => {
    const file = copyOf(`${past.at(-1)!}.sqlite`)
    // Brought to this version (a WAL library, as Lantern keeps them), then marked with a migration this Lantern does not have.
    const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
    await core.close()
    const marked = new BetterSqlite3(file)
    marked.prepare("insert into kysely_migration (name, timestamp) values ('9999-from-the-future', '2030-01-01T00:00:00.000Z')").run()
    marked.close()
    const hash = sha(file)
    const baks = readdirSync(join(file, '..')).filter((f) => f.includes('.bak-'))

    const err = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false }).then(
      () => null,
      (e: unknown) => e,
    )
    expect(err).toBeInstanceOf(LibraryOpenError)
    expect((err as LibraryOpenError).message).toMatch(/was written by a newer Lantern: .*9999-from-the-future\)\. Update Lantern to open it; the file was left as it is\./)
    expect(sha(file)).toBe(hash)
    expect(readdirSync(join(file, '..')).filter((f) => f.includes('.bak-'))).toEqual(baks)
    expect(existsSync(`${file}.lock`)).toBe(false)
  })
})
