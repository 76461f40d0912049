/**
 * `npm run web`: Lantern in a browser. Options: --port (or PORT, default 5175), --host (default
 * 127.0.0.1), --data (or GM_DATA: a library file or a folder; default the per-user data folder),
 * --open-backup (a copy of the newest backup in place of a damaged library, which is kept aside),
 * --database (or LANTERN_DATABASE_URL, or `databaseUrl` in library.json in the data folder, as
 * the desktop app reads it: a PostgreSQL connection string; the library is that database, shared
 * with every other Lantern pointed at it, instead of a file).
 * LANTERN_GM_TOKEN / LANTERN_PLAYER_TOKEN fix the tokens (for automated tests); otherwise they
 * are random on every start. LANTERN_SHARE_HOST makes the players' screen listen there (127.0.0.1 in
 * tests) instead of on the machine's address on the local network; LANTERN_SHARE_PORT, on that port.
 */
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { createCore } from '../app'
import { databaseUrlFrom, defaultDataDir, resolveLibraryFile } from '../paths'
import { shownUrl } from '../db/postgres'
import { startServer } from './index'
import { enableSharing } from './share'
import { version } from '../../../package.json'

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      database: { type: 'string' },
      'gm-name': { type: 'string' },
      'open-backup': { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  })
  if (values.help) {
    console.log('Usage: npm run web -- [--port 5175] [--host 127.0.0.1] [--data <folder or .sqlite file> | --database postgres://…] [--open-backup]')
    console.log('  --database     a PostgreSQL database to keep the library in, shared by every Lantern pointed at it (or LANTERN_DATABASE_URL)')
    console.log('  --gm-name      your name in the undo history of a shared library (or LANTERN_GM_NAME; default: your user name)')
    console.log('  --open-backup  put a copy of the newest backup in place of a damaged library (the damaged file is kept aside)')
    return
  }
  const portText = values.port ?? process.env.PORT ?? '5175'
  const port = Number(portText)
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a whole number from 0 to 65535; got "${portText}".`)
  }
  const dataFile = resolveLibraryFile(values.data)
  const databaseUrl = databaseUrlFrom(defaultDataDir(), process.env, values.database)
  const gmName = values['gm-name'] ?? process.env.LANTERN_GM_NAME
  const core = await createCore({
    dataFile,
    ...(databaseUrl ? { databaseUrl } : {}),
    ...(gmName ? { gmName } : {}),
    mode: 'browser',
    version,
    openNewestBackup: values['open-backup'] === true,
  })
  if (core.migration.backup) console.log(`Library updated to a new format; the old one is kept at ${core.migration.backup}`)
  const server = await startServer({
    core,
    rendererDir: join(__dirname, '../renderer'),
    host: values.host ?? '127.0.0.1',
    port,
    ...(process.env.LANTERN_GM_TOKEN ? { gmToken: process.env.LANTERN_GM_TOKEN } : {}),
    ...(process.env.LANTERN_PLAYER_TOKEN ? { playerToken: process.env.LANTERN_PLAYER_TOKEN } : {}),
  })
  // The players' screen: a second listener, started only when the GM shares (players.share).
  const sharing = enableSharing({ core, rendererDir: join(__dirname, '../renderer') })
  console.log(`Lantern ${version} is running. Open this address in your browser (it holds your GM key):\n\n  ${server.gmUrl}\n`)
  console.log(`Library: ${databaseUrl ? shownUrl(databaseUrl) : dataFile}`)
  console.log('Press Ctrl+C to stop.')
  const stop = async () => {
    await sharing.close()
    await server.close()
    await core.close()
    process.exit(0)
  }
  process.once('SIGINT', () => void stop())
  process.once('SIGTERM', () => void stop())
}

main().catch((err: unknown) => {
  console.error(`Lantern could not start: ${(err as Error).message}`)
  process.exit(1)
})
