/** Where Lantern keeps its library when nobody says otherwise. */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { homedir } from 'node:os'
import { join, resolve } from 'node:path'

export const LIBRARY_FILE_NAME = 'lantern.sqlite'

/**
 * The per-user data folder, the same one Electron's `userData` uses for the app named Lantern, so
 * the desktop app and the browser mode open the same library.
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string {
  if (platform === 'win32') return join(env.APPDATA ?? join(homedir(), 'AppData', 'Roaming'), 'Lantern')
  if (platform === 'darwin') return join(homedir(), 'Library', 'Application Support', 'Lantern')
  return join(env.XDG_CONFIG_HOME ?? join(homedir(), '.config'), 'Lantern')
}

/**
 * `--data` / `GM_DATA` may name a library file (`*.sqlite`, `*.db`, or an existing file) or a
 * folder to keep `lantern.sqlite` in.
 */
export function resolveLibraryFile(dataArg: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const given = dataArg ?? env.GM_DATA
  if (!given) return join(defaultDataDir(env), LIBRARY_FILE_NAME)
  const p = resolve(given)
  if (/\.(sqlite3?|db)$/i.test(p)) return p
  if (existsSync(p) && statSync(p).isFile()) return p
  return join(p, LIBRARY_FILE_NAME)
}

/** The file in the data folder that may point Lantern at a PostgreSQL library: `{ "databaseUrl": "postgres://…" }`. */
export const LIBRARY_SETTINGS_FILE = 'library.json'

/**
 * Whether a library location names a PostgreSQL database rather than a SQLite file.
 * @example isPostgresUrl('postgres://gm@db.example/lantern') // true
 */
export function isPostgresUrl(location: string | undefined | null): location is string {
  return typeof location === 'string' && /^postgres(ql)?:\/\//i.test(location)
}

/**
 * The PostgreSQL library this Lantern opens, if any: `flag` (the browser mode's `--database`), else
 * LANTERN_DATABASE_URL, else `databaseUrl` in `library.json` in the data folder; undefined for the
 * SQLite file. A value that is not a PostgreSQL connection string is refused with the place it
 * came from.
 * @example databaseUrlFrom('/home/gm/.config/Lantern', { LANTERN_DATABASE_URL: 'postgres://gm@db/lantern' }) // 'postgres://gm@db/lantern'
 */
export function databaseUrlFrom(dataDir: string, env: NodeJS.ProcessEnv = process.env, flag?: string): string | undefined {
  const file = join(dataDir, LIBRARY_SETTINGS_FILE)
  let url: unknown = flag ?? env.LANTERN_DATABASE_URL
  let where = flag !== undefined ? '--database' : 'LANTERN_DATABASE_URL'
  if (url === undefined && existsSync(file)) {
    try {
      url = (JSON.parse(readFileSync(file, 'utf8')) as { databaseUrl?: unknown }).databaseUrl
    } catch (err) {
      throw new Error(`${file} is not JSON: ${(err as Error).message}`)
    }
    where = `"databaseUrl" in ${file}`
  }
  if (url === undefined || url === null || url === '') return undefined
  if (typeof url !== 'string' || !isPostgresUrl(url)) throw new Error(`${where} must be a PostgreSQL connection string starting postgres:// or postgresql://.`)
  return url
}
