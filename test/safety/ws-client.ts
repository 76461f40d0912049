/** A WebSocket to the browser-mode server as a page opens it, for the fuzz's connection tests. */
import WebSocket from 'ws'

export interface Line {
  ws: WebSocket
  /** Answers by call id, as they arrive. */
  answers: Map<number, { ok: boolean; error?: { code: string; message: string } }>
  /** The close code once the server has closed the connection. */
  closed: Promise<number>
  call(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { code: string; message: string } }>
}

let nextId = 1

/** @example const line = await openLine(server.port, server.gmToken); await line.call('app.ping', {}) */
export function openLine(port: number, token: string): Promise<Line> {
  return new Promise((ok, fail) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api?token=${token}`, { origin: `http://127.0.0.1:${port}` })
    const answers: Line['answers'] = new Map()
    const waiting = new Map<number, (r: never) => void>()
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)))
    ws.on('message', (data) => {
      const msg = JSON.parse(data.toString()) as { id?: number; result?: never }
      if (typeof msg.id !== 'number' || !msg.result) return
      answers.set(msg.id, msg.result)
      waiting.get(msg.id)?.(msg.result)
      waiting.delete(msg.id)
    })
    ws.once('open', () =>
      ok({
        ws,
        answers,
        closed,
        call(method, input) {
          const id = nextId++
          return new Promise((answer, refuse) => {
            waiting.set(id, answer)
            void closed.then((code) => refuse(new Error(`the connection closed (${code}) before call ${id} was answered`)))
            ws.send(JSON.stringify({ id, method, input }))
          })
        },
      }),
    )
    ws.once('error', fail)
  })
}

/** Resolves with the value, or rejects when `ms` pass first. */
export function within<T>(ms: number, what: string, p: Promise<T>): Promise<T> {
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`${what} took longer than ${ms} ms`)), ms)
    p.then(
      (v) => {
        clearTimeout(timer)
        ok(v)
      },
      (err: unknown) => {
        clearTimeout(timer)
        fail(err as Error)
      },
    )
  })
}
