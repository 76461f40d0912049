/**
 * Makes the upgrade tests' library fixtures: for every migration but the newest, a small library at
 * that version (made by the frozen migrations themselves) holding the rows of test/fixtures/libraries/seed.ts.
 * Run it after adding a migration: `npm run fixtures:libraries` (existing fixtures are kept as they are).
 */
import BetterSqlite3 from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import { existsSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { migrations } from '../src/main/db/migrations'
import { SEED } from '../test/fixtures/libraries/seed'

const dir = join(__dirname, '../test/fixtures/libraries')
mkdirSync(dir, { recursive: true })
const names = Object.keys(migrations).sort()

async function make(upTo: number): Promise<string | null> {
  const name = names[upTo]!
  const file = join(dir, `${name}.sqlite`)
  if (existsSync(file)) return null
  const sqlite = new BetterSqlite3(file)
  sqlite.pragma('page_size = 1024')
  sqlite.pragma('foreign_keys = ON')
  const db = new Kysely<unknown>({ dialect: new SqliteDialect({ database: sqlite }) })
  const subset = Object.fromEntries(names.slice(0, upTo + 1).map((n) => [n, migrations[n]!]))
  const { error } = await new Migrator({ db, provider: { getMigrations: async () => subset } }).migrateToLatest()
  if (error) throw error
  for (const [table, rows] of Object.entries(SEED)) {
    const columns = new Set((sqlite.prepare(`pragma table_info(${table})`).all() as { name: string }[]).map((c) => c.name))
    if (columns.size === 0) continue
    for (const row of rows) {
      const keys = Object.keys(row).filter((k) => columns.has(k))
      sqlite.prepare(`insert into ${table} (${keys.join(', ')}) values (${keys.map((k) => `@${k}`).join(', ')})`).run(Object.fromEntries(keys.map((k) => [k, row[k]])))
    }
  }
  await db.destroy()
  const done = new BetterSqlite3(file)
  done.pragma('journal_mode = DELETE')
  done.exec('vacuum')
  done.close()
  return file
}

async function main(): Promise<void> {
  for (let k = 0; k < names.length - 1; k++) {
    const made = await make(k)
    console.log(made ? `made ${made}` : `kept ${names[k]}.sqlite`)
  }
}

main().catch((err: unknown) => {
  console.error(err)
  process.exit(1)
})
