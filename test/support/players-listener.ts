/**
 * A players' listener over a real library, as players meet it: the GM's server beside it (so a
 * test can prove the GM's key never reaches a player), the players' listener on 127.0.0.1 with a
 * stub players' page and asset, and every HTTP body that listener serves.
 * @example const l = await playersListener(core); const { url } = await gm(core, 'players.share', { campaignId }); … await l.close()
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Core } from '../../src/main/app'
import { startServer } from '../../src/main/server'
import { enableSharing } from '../../src/main/server/share'

export interface PlayersListener {
  /** The GM's key of the server beside the listener: never for a player. */
  gmToken: string
  /** Every body the players' listener serves at the paths a players' page loads (and the GM's page's path), in order. */
  pages(url: string): Promise<string[]>
  close(): Promise<void>
}

/** The paths a players' page loads, and the GM's page's path (which the listener must not serve as the GM's). */
export const PLAYERS_PAGE_PATHS = ['/', '/players.html', '/assets/players.js', '/index.html'] as const

export async function playersListener(core: Core): Promise<PlayersListener> {
  const rendererDir = mkdtempSync(join(tmpdir(), 'lantern-players-page-'))
  mkdirSync(join(rendererDir, 'assets'))
  writeFileSync(join(rendererDir, 'players.html'), '<!doctype html><title>Players</title><script type="module" src="/assets/players.js"></script>')
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>GM</title>')
  writeFileSync(join(rendererDir, 'assets', 'players.js'), 'console.log(1)')
  const gmServer = await startServer({ core, rendererDir, port: 0 })
  const sharing = enableSharing({ core, rendererDir, host: '127.0.0.1', port: 0 })
  return {
    gmToken: gmServer.gmToken,
    pages: (url) => Promise.all(PLAYERS_PAGE_PATHS.map(async (p) => (await fetch(new URL(p, url))).text())),
    async close() {
      await sharing.close()
      await gmServer.close()
      rmSync(rendererDir, { recursive: true, force: true })
    },
  }
}
