/**
 * Opens a campaign library on a PostgreSQL server (for a group of GMs sharing one campaign):
 * Kysely's PostgreSQL dialect over a `pg` connection pool. The connection string is passed to
 * `pg` as it is, so its TLS settings (`sslmode`, `sslrootcert`, …) apply unchanged; it is never
 * logged or shown with its password.
 */
import pg from 'pg'
import { Kysely, PostgresDialect } from 'kysely'
import type { Database } from './schema'
import type { DbHandle } from './connection'

/** How many connections one Lantern keeps to the server. */
const POOL_SIZE = 8

/**
 * Values as the SQLite library gives them: 64-bit integers (`count(*)`, sums) and numerics as
 * numbers, never strings. Lantern's counts stay far below 2^53.
 */
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC) return (v: string) => Number(v)
    return pg.types.getTypeParser(oid, format)
  },
}

/**
 * The connection string as it may be shown: the password, and any password parameter, replaced.
 * @example shownUrl('postgres://gm:secret@db/lantern?sslmode=require') // 'postgres://gm:***@db/lantern?sslmode=require'
 */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url)
    if (u.password) u.password = '***'
    for (const key of [...u.searchParams.keys()]) if (/pass/i.test(key)) u.searchParams.set(key, '***')
    return u.toString()
  } catch {
    return 'a PostgreSQL server (its address could not be read)'
  }
}

/**
 * A library on PostgreSQL as the app holds it. `file` is the connection string without its
 * password (what messages may show); there is no SQLite connection under it.
 * @example const h = openPostgres('postgres://gm@127.0.0.1/lantern'); await migrateToLatest(h)
 */
export function openPostgres(url: string, onIdleError: (err: Error) => void = () => {}): DbHandle {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE, types, connectionTimeoutMillis: 10_000, idleTimeoutMillis: 30_000 })
  // Errors on connections (the server restarted, the network dropped) go to `onIdleError` instead of
  // ending the process, whether the connection is idle in the pool or checked out between two
  // statements of a transaction (whose next statement then fails); the pool makes new ones as needed.
  pool.on('error', onIdleError)
  pool.on('connect', (client) => client.on('error', onIdleError))
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  const shown = shownUrl(url)
  return {
    file: shown,
    dialect: 'postgres',
    get sqlite(): never {
      throw new Error(`This library is on PostgreSQL (${shown}); it has no SQLite connection.`)
    },
    db,
    async close() {
      await db.destroy() // ends the pool
    },
  }
}
