/** Where Lantern keeps its library when nobody says otherwise. */
import { existsSync, statSync } from 'node:fs'
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
