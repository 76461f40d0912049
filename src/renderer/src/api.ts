/**
 * The renderer's one way to talk to Lantern: IPC through the preload in the desktop app, the
 * WebSocket in a browser. Both implement `Transport`; the typed client on top is the same.
 */
import type { ApiError, CallResult, EventMessage, EventPayload, MethodInput, MethodOutput } from '../../shared/contract'
import type { EventName, MethodName } from '../../shared/methods'

export interface Transport {
  call(method: MethodName, input: unknown): Promise<CallResult>
  onEvent(listener: (message: EventMessage) => void): () => void
}

/** A refused or failed call, with the API's code, sentence and per-field details. */
export class ApiCallError extends Error {
  readonly code: ApiError['code']
  readonly details: ApiError['details']
  constructor(error: ApiError) {
    super(error.message)
    this.code = error.code
    this.details = error.details
  }
  /** The problem with one field, for showing beside it. */
  fieldProblem(field: string): string | undefined {
    return this.details.find((d) => d.field === field)?.problem
  }
}

declare global {
  interface Window {
    lantern?: {
      api: Record<MethodName, (input: unknown) => Promise<CallResult>>
      onEvent(listener: (message: unknown) => void): () => void
    }
  }
}

function ipcTransport(bridge: NonNullable<Window['lantern']>): Transport {
  return {
    call: (method, input) => bridge.api[method](input),
    onEvent: (listener) => bridge.onEvent((m) => listener(m as EventMessage)),
  }
}

export type ConnectionState = 'connecting' | 'open' | 'lost' | 'unauthorised'

const TOKEN_KEY = 'lantern.token'

/** Takes the GM key from `?token=` once, keeps it for reloads, and clears it from the address bar. */
export function takeToken(): string | null {
  const url = new URL(window.location.href)
  const fromUrl = url.searchParams.get('token')
  if (fromUrl) {
    localStorage.setItem(TOKEN_KEY, fromUrl)
    url.searchParams.delete('token')
    window.history.replaceState(null, '', url.pathname + url.search + url.hash)
    return fromUrl
  }
  return localStorage.getItem(TOKEN_KEY)
}

/**
 * The browser transport: one WebSocket, calls matched to answers by id, reconnecting with
 * back-off. A call made while the connection is down waits for it (up to 15 s) instead of failing.
 */
export function webSocketTransport(token: string, onState: (s: ConnectionState) => void): Transport {
  let ws: WebSocket | null = null
  let nextId = 1
  let everOpened = false
  let retry = 0
  const pending = new Map<number, { resolve: (r: CallResult) => void; text: string }>()
  const queue: string[] = []
  const listeners = new Set<(m: EventMessage) => void>()

  const connect = () => {
    onState('connecting')
    const socket = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api?token=${encodeURIComponent(token)}`)
    ws = socket
    socket.onopen = () => {
      everOpened = true
      retry = 0
      onState('open')
      // Calls in flight when the line dropped never got an answer: send them again, then the queue.
      for (const p of pending.values()) if (!queue.includes(p.text)) socket.send(p.text)
      while (queue.length) socket.send(queue.shift()!)
    }
    socket.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: CallResult } & Partial<EventMessage>
      if (typeof msg.id === 'number' && msg.result) {
        pending.get(msg.id)?.resolve(msg.result)
        pending.delete(msg.id)
      } else if (msg.event) {
        for (const l of listeners) l(msg as EventMessage)
      }
    }
    socket.onclose = () => {
      if (!everOpened && retry >= 2) {
        onState('unauthorised')
        return
      }
      onState('lost')
      retry++
      setTimeout(connect, Math.min(5000, 250 * 2 ** retry))
    }
  }
  connect()

  return {
    call(method, input) {
      const id = nextId++
      const text = JSON.stringify({ id, method, input })
      return new Promise<CallResult>((resolve) => {
        pending.set(id, { resolve, text })
        if (ws?.readyState === WebSocket.OPEN) ws.send(text)
        else queue.push(text)
        setTimeout(() => {
          if (!pending.has(id)) return
          pending.delete(id)
          resolve({
            ok: false,
            error: { code: 'internal', message: 'Lantern did not answer within 15 seconds. Is `npm run web` still running?', details: [] },
          })
        }, 15_000)
      })
    },
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}

/** The typed client every store uses. */
export function createApi(transport: Transport) {
  return {
    async call<K extends MethodName>(method: K, input: MethodInput<K>): Promise<MethodOutput<K>> {
      const r = await transport.call(method, input)
      if (!r.ok) throw new ApiCallError(r.error)
      return r.value as MethodOutput<K>
    },
    on<K extends EventName>(event: K, listener: (payload: EventPayload<K>) => void): () => void {
      return transport.onEvent((m) => {
        if (m.event === event) listener(m.payload as EventPayload<K>)
      })
    },
    /**
     * Hears the log grow, by campaign and kind: once for each entry added (`log.added`), and once for
     * each kind among the many entries one change wrote (`log.many`, a long downtime's), so that a
     * screen following some kinds reloads once for them, not once an entry.
     */
    onLog(listener: (logged: { campaignId: number; kind: string }) => void): () => void {
      return transport.onEvent((m) => {
        if (m.event === 'log.added') listener(m.payload as EventPayload<'log.added'>)
        else if (m.event === 'log.many') {
          const many = m.payload as EventPayload<'log.many'>
          for (const kind of many.kinds) listener({ campaignId: many.campaignId, kind })
        }
      })
    },
  }
}
export type Api = ReturnType<typeof createApi>

/** Picks the transport for where the UI is running. */
export function connectApi(onState: (s: ConnectionState) => void): Api | null {
  if (window.lantern) {
    onState('open')
    return createApi(ipcTransport(window.lantern))
  }
  const token = takeToken()
  if (!token) {
    onState('unauthorised')
    return null
  }
  return createApi(webSocketTransport(token, onState))
}
