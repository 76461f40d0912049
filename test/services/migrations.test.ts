import { afterEach, describe, expect, it } from 'vitest'
import BetterSqlite3 from 'better-sqlite3'
import { existsSync, readdirSync } from 'node:fs'
import type { Kysely } from 'kysely'
import type { Migration } from 'kysely/migration'
import { openDatabase } from '../../src/main/db/connection'
import { KEPT_MIGRATION_BACKUPS, migrateToLatest } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
afterEach(() => lib?.cleanup())

function tableNames(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true })
  const rows = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string }[]
  db.close()
  return rows.map((r) => r.name)
}

/** A future migration, played on top of the shipped ones. */
function withExtra(n: number): Record<string, Migration> {
  const extra: Record<string, Migration> = { ...migrations }
  for (let i = 1; i <= n; i++) {
    extra[`9${String(i).padStart(3, '0')}-test`] = {
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      up: async (db: Kysely<any>) => {
        await db.schema.createTable(`extra_${i}`).addColumn('id', 'integer', (c) => c.primaryKey()).execute()
      },
    }
  }
  return extra
}

describe('migrations on a real SQLite file', () => {
  it('migrates a fresh file to the current schema, with the pragmas the app relies on and no backup', async () => {
    lib = tempLibrary()
    const core = await lib.open()
    expect(core.migration.applied).toEqual(Object.keys(migrations).sort())
    expect(core.migration.backup).toBeNull()
    expect(core.handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(core.handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(core.handle.sqlite.pragma('synchronous', { simple: true })).toBe(2) // FULL
    await core.close()
    expect(tableNames(lib.file)).toEqual(expect.arrayContaining(['campaign', 'log_entry', 'setting']))
    expect(readdirSync(lib.dir).filter((f) => f.includes('.bak-'))).toEqual([])
  })

  it('reopens a migrated file with its campaigns intact and nothing to run', async () => {
    lib = tempLibrary()
    const first = await lib.open()
    await first.router.call('campaign.create', { name: 'The Sunken Keep', system: 'osr' }, { scope: 'gm' })
    await first.close()

    const again = await lib.open()
    expect(again.migration).toEqual({ applied: [], backup: null })
    const list = await again.router.call('campaign.list', {}, { scope: 'gm' })
    expect(list.ok && list.value).toMatchObject([{ name: 'The Sunken Keep', system: 'osr' }])
    await again.close()
  })

  it('backs an existing file up with the online backup API before running a pending migration, keeping the last three', async () => {
    lib = tempLibrary()
    const core = await lib.open()
    await core.router.call('campaign.create', { name: 'Keep', system: 'ladder' }, { scope: 'gm' })
    await core.close()

    for (let n = 1; n <= KEPT_MIGRATION_BACKUPS + 1; n++) {
      const h = openDatabase(lib.file)
      const report = await migrateToLatest(h, { getMigrations: async () => withExtra(n) })
      await h.close()
      expect(report.applied).toEqual([`9${String(n).padStart(3, '0')}-test`])
      expect(report.backup).toBe(`${lib.file}.bak-${n}`)
      // The backup is the file as it was before this migration: a real, readable SQLite library.
      expect(tableNames(report.backup!)).not.toContain(`extra_${n}`)
      if (n > 1) expect(tableNames(report.backup!)).toContain(`extra_${n - 1}`)
      const bak = new BetterSqlite3(report.backup!, { readonly: true })
      expect(bak.prepare('select name from campaign').all()).toEqual([{ name: 'Keep' }])
      bak.close()
    }
    const baks = readdirSync(lib.dir).filter((f) => f.includes('.bak-')).sort()
    expect(baks).toEqual(['lantern.sqlite.bak-2', 'lantern.sqlite.bak-3', 'lantern.sqlite.bak-4'])
    expect(existsSync(`${lib.file}.bak-1`)).toBe(false)
  })

  it('refuses a file that is not a SQLite library with a plain message, and leaves it untouched', async () => {
    lib = tempLibrary()
    const { writeFileSync, readFileSync } = await import('node:fs')
    writeFileSync(lib.file, 'these are my campaign notes, not a database'.repeat(100))
    await expect(lib.open()).rejects.toThrow(/could not open .* as a campaign library/)
    expect(readFileSync(lib.file, 'utf8')).toMatch(/^these are my campaign notes/)
  })
})
