/**
 * What the players' listener serves over HTTP: the players' page and its built assets only (never
 * the GM's page), under the page's own strict CSP, to a Host it answers to.
 */
import { readFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { contentTypeFor, resolveAppAsset } from '../security'

/** The players' page's CSP: its own scripts and styles, its one WebSocket, nothing else. */
export function playersPagePolicy(wsOrigin: string): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${wsOrigin}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
}

/**
 * Serves one request of the players' listener.
 * @example http.on('request', (req, res) => void servePlayersPage(req, res, 'out/renderer', hostOk))
 */
export async function servePlayersPage(req: IncomingMessage, res: ServerResponse, rendererDir: string, hostOk: boolean): Promise<void> {
  if (!hostOk) {
    res.writeHead(421).end('Misdirected request')
    return
  }
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { allow: 'GET, HEAD' }).end()
    return
  }
  const path = new URL(req.url ?? '/', 'http://x').pathname
  const file =
    path === '/' || path === '/players.html'
      ? resolveAppAsset(rendererDir, '/players.html')
      : path.startsWith('/assets/') || path === '/favicon.svg'
        ? resolveAppAsset(rendererDir, path)
        : null
  if (!file) {
    res.writeHead(404).end('Not found')
    return
  }
  try {
    const body = await readFile(file)
    res.setHeader('content-security-policy', playersPagePolicy(`ws://${req.headers.host}`))
    res.setHeader('x-content-type-options', 'nosniff')
    res.setHeader('x-frame-options', 'DENY')
    res.setHeader('referrer-policy', 'no-referrer')
    res.setHeader('cross-origin-opener-policy', 'same-origin')
    res.setHeader('content-type', contentTypeFor(file))
    res.setHeader('cache-control', file.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable')
    res.writeHead(200).end(req.method === 'HEAD' ? undefined : body)
  } catch {
    res.writeHead(404).end('Not found')
  }
}
