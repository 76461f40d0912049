/** A player's WebSocket to the players' listener, as the players' page opens it: every frame kept. */
import WebSocket from 'ws'

export interface PlayerSocket {
  ws: WebSocket
  /** Every text frame received, in order. */
  frames: string[]
  closed: Promise<number>
  call(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
  /** Resolves once a frame satisfies the test (already received ones count). */
  frame(test: (text: string) => boolean, ms?: number): Promise<string>
}

let nextId = 1

/** The key and origin from a players' link `http://127.0.0.1:PORT/#key=KEY`. */
export function linkParts(url: string): { origin: string; host: string; key: string } {
  const u = new URL(url)
  return { origin: u.origin, host: u.host, key: new URLSearchParams(u.hash.slice(1)).get('key')! }
}

/** @example const p = await openPlayer(url); await p.call('players.view', {}) */
export function openPlayer(url: string, key = linkParts(url).key): Promise<PlayerSocket> {
  const { origin, host } = linkParts(url)
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://${host}/api?key=${encodeURIComponent(key)}`, { origin })
    const frames: string[] = []
    const waiting = new Map<number, (r: never) => void>()
    const watchers = new Set<{ test: (t: string) => boolean; done: (t: string) => void }>()
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)))
    ws.on('message', (data) => {
      const text = data.toString()
      frames.push(text)
      for (const w of watchers) if (w.test(text)) (watchers.delete(w), w.done(text))
      const msg = JSON.parse(text) as { id?: number; result?: never }
      if (typeof msg.id === 'number' && msg.result) {
        waiting.get(msg.id)?.(msg.result)
        waiting.delete(msg.id)
      }
    })
    ws.once('open', () =>
      ok({
        ws,
        frames,
        closed,
        call(method, input) {
          const id = nextId++
          return new Promise((answer) => {
            waiting.set(id, answer)
            ws.send(JSON.stringify({ id, method, input }))
          })
        },
        frame(test, ms = 10_000) {
          const found = frames.find(test)
          if (found) return Promise.resolve(found)
          return new Promise((done, late) => {
            const w = { test, done: (t: string) => (clearTimeout(timer), done(t)) }
            const timer = setTimeout(() => (watchers.delete(w), late(new Error('no such frame arrived'))), ms)
            watchers.add(w)
          })
        },
      }),
    )
    ws.once('error', fail)
  })
}
