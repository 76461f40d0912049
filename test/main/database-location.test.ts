/** Where a Lantern finds a PostgreSQL library, and how its address may be shown. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { databaseUrlFrom, isPostgresUrl } from '../../src/main/paths'
import { shownUrl } from '../../src/main/db/postgres'

describe('the library on PostgreSQL', () => {
  let dir = ''
  afterEach(() => rmSync(dir, { recursive: true, force: true }))
  const folder = (settings?: string) => {
    dir = mkdtempSync(join(tmpdir(), 'lantern-location-'))
    if (settings !== undefined) writeFileSync(join(dir, 'library.json'), settings)
    return dir
  }

  it('is the SQLite file unless something names a database', () => {
    expect(databaseUrlFrom(folder(), {})).toBeUndefined()
    expect(databaseUrlFrom(folder('{"databaseUrl": ""}'), {})).toBeUndefined()
  })

  it('comes from LANTERN_DATABASE_URL first, then library.json in the data folder', () => {
    const d = folder('{"databaseUrl": "postgres://gm@club.example/westmarch"}')
    expect(databaseUrlFrom(d, {})).toBe('postgres://gm@club.example/westmarch')
    expect(databaseUrlFrom(d, { LANTERN_DATABASE_URL: 'postgresql://me@127.0.0.1/lantern' })).toBe('postgresql://me@127.0.0.1/lantern')
  })

  it('refuses what is not a PostgreSQL connection string, saying where it came from', () => {
    expect(() => databaseUrlFrom(folder(), { LANTERN_DATABASE_URL: 'mysql://x' })).toThrow('LANTERN_DATABASE_URL must be a PostgreSQL connection string')
    expect(() => databaseUrlFrom(folder('{"databaseUrl": 5}'), {})).toThrow(/"databaseUrl" in .*library\.json must be a PostgreSQL connection string/)
    expect(() => databaseUrlFrom(folder('{databaseUrl'), {})).toThrow(/library\.json is not JSON/)
  })

  it('is never shown with its password', () => {
    expect(shownUrl('postgres://gm:s3cret@db.example:5433/lantern?sslmode=verify-full')).toBe('postgres://gm:***@db.example:5433/lantern?sslmode=verify-full')
    expect(shownUrl('postgres://gm@db/lantern?password=s3cret')).toBe('postgres://gm@db/lantern?password=***')
    expect(shownUrl('postgres://gm@db/lantern')).not.toContain('***')
    expect(isPostgresUrl('postgres://gm@db/lantern')).toBe(true)
    expect(isPostgresUrl('/home/gm/lantern.sqlite')).toBe(false)
  })
})
