/**
 * Browser mode: serves the built UI over HTTP and the same router over one WebSocket at /api.
 * Bound to 127.0.0.1 unless told otherwise. A connection must present the GM or the player token;
 * its Origin must be the page's own; the Host header must be one we answer to (so a web page
 * cannot reach this server through DNS rebinding); messages are small. A connection that floods
 * the server with calls, or never reads its answers, slows or loses only itself.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import { sendFile } from './compressed'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import { type CallResult, type EventMessage, type Scope, events as eventDefs } from '../../shared/contract'
import type { Core } from '../app'
import { contentSecurityPolicy, contentTypeFor, resolveAppAsset } from '../security'
import { handleTransferRoute, type TransferCore } from './transfer-routes'
import { keyMatches, readCall, sendUnlessFlooded } from './frames'
import { CallQueue } from './call-queue'

/** Largest WebSocket message accepted, in bytes. */
export const MAX_MESSAGE_BYTES = 256 * 1024
/** Calls one connection may have running at once; the rest wait their turn, so a flood slows only its sender. */
export const MAX_CALLS_AT_ONCE = 4
/** Calls one connection may have waiting before its socket is no longer read until they are answered. */
export const MAX_CALLS_WAITING = 64
/** Answers and events a connection may leave unread before it is cut off (a client that never reads). */
export const MAX_UNREAD_BYTES = 16 * 1024 * 1024

export interface ServerOptions {
  core: Pick<Core, 'router' | 'events'> & Partial<TransferCore>
  rendererDir: string
  host?: string
  port?: number
  gmToken?: string
  playerToken?: string
}

export interface RunningServer {
  url: string
  gmUrl: string
  gmToken: string
  playerToken: string
  port: number
  close(): Promise<void>
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]'])

/** The Host headers a loopback-bound server answers to; any Host is accepted on other bindings. */
export function isAllowedHost(hostHeader: string | undefined, boundHost: string, port: number): boolean {
  if (!hostHeader) return false
  if (!LOOPBACK.has(boundHost)) return true
  const m = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(hostHeader)
  if (!m) return false
  return LOOPBACK.has(m[1]!.toLowerCase()) && Number(m[2] ?? 80) === port
}

/** Which scope a token grants, comparing in constant time. */
export function scopeForToken(token: string | null, gmToken: string, playerToken: string): Scope | null {
  if (keyMatches(token, gmToken)) return 'gm'
  if (keyMatches(token, playerToken)) return 'player'
  return null
}

function securityHeaders(res: ServerResponse, host: string): void {
  res.setHeader('content-security-policy', contentSecurityPolicy([`ws://${host}`]))
  res.setHeader('x-content-type-options', 'nosniff')
  res.setHeader('x-frame-options', 'DENY')
  res.setHeader('referrer-policy', 'no-referrer')
  res.setHeader('cross-origin-opener-policy', 'same-origin')
}

/**
 * @example const s = await startServer({ core, rendererDir: 'out/renderer', port: 5175 }); console.log(s.gmUrl)
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1'
  const gmToken = options.gmToken ?? randomBytes(18).toString('base64url')
  const playerToken = options.playerToken ?? randomBytes(18).toString('base64url')
  if (gmToken === playerToken) throw new Error('The GM and player tokens must differ.')
  let port = options.port ?? 5175

  const http: Server = createServer((req, res) => void serveStatic(req, res))
  async function serveStatic(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (!isAllowedHost(req.headers.host, host, port)) {
      res.writeHead(421).end('Misdirected request')
      return
    }
    const core = options.core.library && options.core.deps ? (options.core as TransferCore) : undefined
    if (await handleTransferRoute(req, res, core, (t) => scopeForToken(t, gmToken, playerToken) === 'gm')) return
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD' }).end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://x')
    const file = resolveAppAsset(options.rendererDir, url.pathname)
    if (!file) {
      res.writeHead(404).end('Not found')
      return
    }
    try {
      const body = await readFile(file)
      securityHeaders(res, req.headers.host!)
      res.setHeader('content-type', contentTypeFor(file))
      // Built assets carry a content hash in their name; index.html must always be fresh.
      res.setHeader('cache-control', file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable')
      await sendFile(req, res, file, body)
    } catch {
      res.writeHead(404).end('Not found')
    }
  }

  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  const clients = new Map<WebSocket, Scope>()

  http.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const scope = scopeForToken(url.searchParams.get('token'), gmToken, playerToken)
    const hostOk = isAllowedHost(req.headers.host, host, port)
    const originOk = req.headers.origin === `http://${req.headers.host}`
    if (url.pathname !== '/api' || !hostOk || !originOk || !scope) {
      const status = url.pathname !== '/api' ? '404 Not Found' : !scope ? '401 Unauthorized' : '403 Forbidden'
      socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`)
      return
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      clients.set(ws, scope)
      ws.on('close', () => clients.delete(ws))
      // A protocol error (an oversized or malformed frame) closes this connection; it must never
      // reach the process as an unhandled error and stop the server for everyone.
      ws.on('error', () => ws.terminate())
      // Calls are taken in the order they came, one started per turn of the event loop and a few
      // at a time per connection (call-queue.ts): a connection that sends thousands at once waits
      // for its own answers, while another's go straight through.
      const calls = new CallQueue<string | null>(ws, {
        atOnce: MAX_CALLS_AT_ONCE,
        maxWaiting: MAX_CALLS_WAITING,
        run: (text) => onMessage(ws, scope, text),
      })
      ws.on('message', (data, isBinary) => calls.push(isBinary ? null : data.toString()))
    })
  })

  const send = (ws: WebSocket, text: string): void => sendUnlessFlooded(ws, text, MAX_UNREAD_BYTES)

  async function onMessage(ws: WebSocket, scope: Scope, text: string | null): Promise<void> {
    const msg = readCall(ws, text)
    if (!msg) return
    const result: CallResult = await options.core.router.call(msg.method, msg.input, { scope })
    send(ws, JSON.stringify({ id: msg.id, result }))
  }

  const off = options.core.events.on((message: EventMessage) => {
    const text = JSON.stringify(message)
    for (const [ws, scope] of clients) {
      if (eventDefs[message.event].scope === 'gm' && scope !== 'gm') continue
      send(ws, text)
    }
  })

  await new Promise<void>((resolveListen, reject) => {
    http.once('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'EADDRINUSE') {
        reject(new Error(`Port ${port} on ${host} is already in use. Start Lantern with --port ${port + 1} (or PORT=${port + 1}).`))
      } else reject(err)
    })
    http.listen(port, host, () => resolveListen())
  })
  port = (http.address() as AddressInfo).port
  const shownHost = host.includes(':') ? `[${host}]` : host
  const url = `http://${shownHost}:${port}/`

  return {
    url,
    gmUrl: `${url}?token=${gmToken}`,
    gmToken,
    playerToken,
    port,
    async close() {
      off()
      for (const ws of clients.keys()) ws.terminate()
      wss.close()
      // Closing: a request still being answered is cut, not waited for.
      const closed = new Promise<void>((r) => http.close(() => r()))
      http.closeAllConnections()
      await closed
    },
  }
}
