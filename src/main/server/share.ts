/**
 * Sharing the players' screen: a second listener, for players only, started when the GM shares a
 * campaign and closed when they stop. It listens on the machine's address on the table's network
 * (or where LANTERN_SHARE_HOST says: tests and benches use 127.0.0.1), serves the players' page
 * under its own strict CSP and one WebSocket at /api that never grants the GM scope: a player may
 * call only the players' methods, within a fair, bounded share of calls (player-calls.ts), and
 * hears only the shared campaign's `players.view`. The key is long and random, compared in
 * constant time; wrong keys from one address are slowed down; the Host and Origin must be the
 * shared address. The same code runs in the desktop app and in `npm run web`.
 */
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { networkInterfaces } from 'node:os'
import type { AddressInfo } from 'node:net'
import { WebSocketServer, type WebSocket } from 'ws'
import QRCode from 'qrcode'
import type { EventMessage, PlayerView } from '../../shared/contract'
import type { Core } from '../app'
import { AppError, notFound } from '../services/core'
import { PlayersHub, registerSharing, type SharingHost } from '../services/players'
import { pickLanAddress, type InterfaceList } from './lan-address'
import { KeyThrottle } from './key-throttle'
import { servePlayersPage } from './players-page'
import { keyMatches, sendUnlessFlooded } from './frames'
import { servePlayerCalls } from './player-calls'

export { playersPagePolicy } from './players-page'
export { keyMatches } from './frames'

/** The port players' links use unless it is taken (then any free one, kept for next time). */
export const DEFAULT_SHARE_PORT = 5176
/** A player's messages are small calls. */
const MAX_PLAYER_MESSAGE_BYTES = 4 * 1024
const MAX_UNREAD_BYTES = 4 * 1024 * 1024
/** Players' screens one table may open at once. */
export const MAX_PLAYERS = 64
/** Connection attempts from one address waiting on the key throttle at once. */
const MAX_WAITING_PER_ADDRESS = 4
/** Close code a players' page reads as "the key changed: ask the GM for the new link". */
export const CLOSE_WRONG_KEY = 4401

export interface SharingOptions {
  core: Pick<Core, 'deps' | 'router' | 'events'>
  rendererDir: string
  /** Where players connect; LANTERN_SHARE_HOST, else the LAN address of `interfaces()`. */
  host?: string
  interfaces?: () => InterfaceList
  /** The port to try first; LANTERN_SHARE_PORT, else the one kept from last time, else 5176. */
  port?: number
  throttle?: KeyThrottle
}

/** The sharing host of a running core, as the server holds it. */
export interface Sharing extends SharingHost {
  close(): Promise<void>
  /** How many players' projections have been built from the tables (however many calls asked for one). */
  projectionsBuilt(): number
}

function newKey(): string {
  return randomBytes(32).toString('base64url')
}

interface Listening {
  http: Server
  wss: WebSocketServer
  host: string
  port: number
  clients: Set<WebSocket>
  /** Attempts held back by the key throttle, dropped when sharing stops. */
  held: Set<{ timer: NodeJS.Timeout; socket: { destroy(): void } }>
}

/**
 * Registers the sharing host of a running core; `players.share` starts listening.
 * @example const sharing = enableSharing({ core, rendererDir: 'out/renderer' }); … await sharing.close()
 */
export function enableSharing(options: SharingOptions): Sharing {
  const { deps, router, events } = options.core
  const hub = new PlayersHub(deps)
  const throttle = options.throttle ?? new KeyThrottle()
  let listening: Listening | null = null
  let key: string | null = null

  const shownHost = (h: string) => (h.includes(':') ? `[${h}]` : h)
  const urlOf = (l: Listening) => `http://${shownHost(l.host)}:${l.port}/#key=${key}`
  let qrFor = { url: '', qr: '' }
  /** The link with its QR code, drawn once per link. */
  async function link(l: Listening, campaignId: number): Promise<{ url: string; qr: string; campaignId: number }> {
    const url = urlOf(l)
    if (qrFor.url !== url) {
      const svg = await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })
      qrFor = { url, qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}` }
    }
    return { url, qr: qrFor.qr, campaignId }
  }

  async function stored(): Promise<{ key: string; port: number } | null> {
    const row = await deps.db.selectFrom('player_share').select(['key', 'port']).where('id', '=', 1).executeTakeFirst()
    return row ?? null
  }
  async function keep(k: string, port: number): Promise<void> {
    const now = deps.now().toISOString()
    await deps.db
      .insertInto('player_share')
      .values({ id: 1, key: k, port, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ key: k, port, updated_at: now }))
      .execute()
  }

  function whereToListen(): string {
    const host = options.host ?? process.env.LANTERN_SHARE_HOST
    if (host) return host
    const lan = pickLanAddress((options.interfaces ?? networkInterfaces)())
    if (!lan) {
      throw new AppError('refused', "Lantern found no local network to share the players' screen on: connect this computer to the table's Wi-Fi or network, then share again. Nothing was shared.")
    }
    return lan
  }

  function hostAllowed(hostHeader: string | undefined, l: Listening): boolean {
    if (!hostHeader) return false
    const names = [`${shownHost(l.host)}:${l.port}`]
    if (l.host === '127.0.0.1') names.push(`localhost:${l.port}`)
    return names.includes(hostHeader.toLowerCase())
  }

  const send = (ws: WebSocket, text: string): void => sendUnlessFlooded(ws, text, MAX_UNREAD_BYTES)

  function accept(ws: WebSocket, l: Listening): void {
    l.clients.add(ws)
    ws.on('close', () => l.clients.delete(ws))
    ws.on('error', () => ws.terminate())
    // A fair, bounded share of calls (player-calls.ts): a flood waits for its own answers, never the GM.
    servePlayerCalls(ws, router, (text) => send(ws, text))
  }

  async function listen(host: string, preferred: number): Promise<Listening> {
    const http = createServer()
    const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PLAYER_MESSAGE_BYTES })
    const l: Listening = { http, wss, host, port: preferred, clients: new Set(), held: new Set() }
    const waiting = new Map<string, number>()
    http.on('request', (req, res) => void servePlayersPage(req, res, options.rendererDir, hostAllowed(req.headers.host, l)))
    http.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x')
      const address = req.socket.remoteAddress ?? '?'
      const originOk = req.headers.origin === `http://${req.headers.host}`
      if (url.pathname !== '/api' || !hostAllowed(req.headers.host, l) || !originOk) {
        socket.end(`HTTP/1.1 ${url.pathname !== '/api' ? '404 Not Found' : '403 Forbidden'}\r\nconnection: close\r\n\r\n`)
        return
      }
      if (l.clients.size >= MAX_PLAYERS) {
        socket.end('HTTP/1.1 503 Service Unavailable\r\nconnection: close\r\n\r\n')
        return
      }
      const answer = (): void => {
        if (socket.destroyed) return
        const right = key !== null && keyMatches(url.searchParams.get('key'), key)
        if (right) throttle.succeeded(address)
        else throttle.failed(address)
        wss.handleUpgrade(req, socket, head, (ws) => {
          // A wrong key hears only that: its page asks the GM for the new link.
          if (!right) ws.close(CLOSE_WRONG_KEY, 'This link is no longer valid')
          else accept(ws, l)
        })
      }
      const wait = throttle.delayFor(address)
      if (wait === 0) return answer()
      // An address slowed down for wrong keys may have only a few attempts waiting at once.
      const waitingHere = waiting.get(address) ?? 0
      if (waitingHere >= MAX_WAITING_PER_ADDRESS) {
        socket.end('HTTP/1.1 429 Too Many Requests\r\nconnection: close\r\n\r\n')
        return
      }
      waiting.set(address, waitingHere + 1)
      const held = {
        socket,
        timer: setTimeout(() => {
          l.held.delete(held)
          const left = (waiting.get(address) ?? 1) - 1
          if (left > 0) waiting.set(address, left)
          else waiting.delete(address)
          answer()
        }, wait),
      }
      l.held.add(held)
    })
    const tryListen = (port: number) =>
      new Promise<void>((resolve, reject) => {
        const onError = (err: NodeJS.ErrnoException) => reject(err)
        http.once('error', onError)
        http.listen(port, host, () => {
          http.off('error', onError)
          resolve()
        })
      })
    try {
      await tryListen(preferred)
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code !== 'EADDRINUSE' && code !== 'EACCES') {
        throw new AppError('refused', `Lantern could not listen for players on ${host}: ${(err as Error).message}. Nothing was shared.`)
      }
      await tryListen(0)
    }
    l.port = (http.address() as AddressInfo).port
    return l
  }

  async function close(l: Listening): Promise<void> {
    for (const h of l.held) (clearTimeout(h.timer), h.socket.destroy())
    for (const ws of l.clients) ws.terminate()
    l.wss.close()
    // Closing: a request still being answered (a phone fetching the page) is cut, not waited for.
    const closed = new Promise<void>((r) => l.http.close(() => r()))
    l.http.closeAllConnections()
    await closed
  }

  const off = events.on((m: EventMessage) => {
    if (m.event !== 'players.view' || !listening) return
    const view = m.payload as PlayerView
    if (view.campaignId !== hub.shared) return
    const text = JSON.stringify(m)
    for (const ws of listening.clients) send(ws, text)
  })

  const host: Sharing = {
    async share(campaignId, replacing) {
      const c = await deps.db.selectFrom('campaign').select(['id', 'name']).where('id', '=', campaignId).executeTakeFirst()
      if (!c) throw notFound('campaign', campaignId)
      const shown = hub.shared
      // The players' link follows one campaign: switching it is the GM's choice, never a side effect.
      if (listening && shown !== null && shown !== campaignId && replacing !== shown) {
        const other = await deps.db.selectFrom('campaign').select('name').where('id', '=', shown).executeTakeFirst()
        const problem = `the players' screen shows ${other?.name ?? 'another campaign'}`
        throw new AppError('conflict', `The players' screen shows ${other?.name ?? 'another campaign'}. Confirm to show ${c.name} instead. Nothing was switched.`, [
          { field: 'replacing', problem },
        ])
      }
      if (!listening) {
        const kept = await stored()
        key = kept?.key ?? newKey()
        const envPort = process.env.LANTERN_SHARE_PORT ? Number(process.env.LANTERN_SHARE_PORT) : undefined
        listening = await listen(whereToListen(), options.port ?? envPort ?? kept?.port ?? DEFAULT_SHARE_PORT)
        await keep(key, listening.port)
      }
      hub.watch(campaignId)
      return link(listening, campaignId)
    },
    async stop() {
      const l = listening
      if (!l) return false
      listening = null
      hub.watch(null)
      await close(l)
      return true
    },
    async changeKey() {
      const l = listening
      const campaignId = hub.shared
      if (!l || campaignId === null) throw new AppError('refused', "The players' screen is not shared; share it first. Nothing was changed.")
      key = newKey()
      await keep(key, l.port)
      for (const ws of l.clients) ws.close(CLOSE_WRONG_KEY, 'The GM made a new link')
      return link(l, campaignId)
    },
    status() {
      const campaignId = hub.shared
      const url = listening ? urlOf(listening) : ''
      return { sharing: listening && campaignId !== null ? { campaignId, url, qr: qrFor.url === url ? qrFor.qr : '', players: listening.clients.size } : null }
    },
    view: () => hub.view(),
    projectionsBuilt: () => hub.builds,
    async close() {
      off()
      registerSharing(deps, null)
      hub.close()
      await host.stop()
    },
  }
  registerSharing(deps, host)
  return host
}
