/**
 * The players' page's one connection: a WebSocket to the players' listener with the key from the
 * link (`#key=…`), reconnecting by itself with back-off after the network drops or Lantern
 * restarts. A close with code 4401 means the key is no longer valid: the GM made a new link.
 */
import type { EventMessage, PlayerView } from '../../../shared/contract'

export type PlayersState = 'connecting' | 'open' | 'lost' | 'new-key' | 'no-key'

/** The close code the players' listener sends for a key that is no longer valid. */
const CLOSE_WRONG_KEY = 4401

export function keyFromLink(hash: string): string | null {
  const k = new URLSearchParams(hash.replace(/^#/, '')).get('key')
  return k && /^[A-Za-z0-9_-]{20,200}$/.test(k) ? k : null
}

/** @example connectPlayers(key, (v) => draw(v), (s) => showState(s)) */
export function connectPlayers(key: string, onView: (view: PlayerView | null) => void, onState: (s: PlayersState) => void): void {
  let retry = 0
  let nextId = 1
  const connect = (): void => {
    onState('connecting')
    const ws = new WebSocket(`ws://${location.host}/api?key=${encodeURIComponent(key)}`)
    let opened = false
    ws.onopen = () => {
      opened = true
      retry = 0
      onState('open')
      ws.send(JSON.stringify({ id: nextId++, method: 'players.view', input: {} }))
    }
    ws.onmessage = (e) => {
      let msg: { id?: number; result?: { ok: boolean; value?: unknown }; event?: string; payload?: unknown }
      try {
        msg = JSON.parse(String(e.data)) as typeof msg
      } catch {
        return
      }
      if (typeof msg.id === 'number' && msg.result?.ok) onView((msg.result.value ?? null) as PlayerView | null)
      else if ((msg as EventMessage).event === 'players.view') onView(msg.payload as PlayerView)
    }
    ws.onclose = (e) => {
      if (e.code === CLOSE_WRONG_KEY) {
        // No more tries with the old key: each would count as a wrong one against this device.
        onState('new-key')
        return
      }
      onState(opened ? 'lost' : 'connecting')
      // Back off to at most 5 s between attempts: a restarted Lantern is found within a few seconds.
      const wait = Math.min(5_000, 250 * 2 ** retry++)
      setTimeout(connect, wait)
    }
  }
  connect()
}
