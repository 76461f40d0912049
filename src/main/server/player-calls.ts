/**
 * A player's calls on the players' listener, kept to a fair, bounded share of the one process the
 * GM's calls run in as well: only the players' methods; a budget of calls per connection (a few
 * at once, then a few a second): a call over it is refused at once in words, costing nothing
 * more, and the connection is not read again until the budget has room (what it sends meanwhile
 * waits in the network buffers); one call at a time, one started per turn of the event loop
 * (call-queue.ts), the socket no longer read while a handful wait; and waiting calls that ask the
 * same thing share one answer. The players' page itself asks once when it connects, and hears
 * every change as an event.
 */
import { performance } from 'node:perf_hooks'
import type { WebSocket } from 'ws'
import type { CallResult } from '../../shared/contract'
import type { Router } from '../router'
import { CallQueue, ReadGate } from './call-queue'
import { readCall, type Call } from './frames'

/** The methods a player's connection may call. */
export const PLAYER_METHODS = new Set(['app.ping', 'players.view'])
/** Calls a player's connection may make at once before the budget below applies. */
export const PLAYER_CALLS_BURST = 20
/** Calls a second a player's connection may make once it has used the first ones. */
export const PLAYER_CALLS_PER_SECOND = 5
/** A player's calls waiting before the connection is no longer read. */
export const PLAYER_CALLS_WAITING = 8

/** A budget of calls: `burst` at once, then `perSecond` (a token bucket). */
export class CallBudget {
  private tokens: number
  private at: number

  constructor(
    private readonly burst: number,
    private readonly perSecond: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.tokens = burst
    this.at = now()
  }

  /** Takes one call from the budget; false when there is none left for now. */
  take(): boolean {
    this.refill()
    if (this.tokens < 1) return false
    this.tokens -= 1
    return true
  }

  /** Milliseconds until the budget has room for one more call. */
  untilNext(): number {
    this.refill()
    return this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.perSecond) * 1000)
  }

  private refill(): void {
    const t = this.now()
    this.tokens = Math.min(this.burst, this.tokens + ((t - this.at) / 1000) * this.perSecond)
    this.at = t
  }
}

function refusal(code: 'forbidden' | 'refused', message: string, problem: string): CallResult {
  return { ok: false, error: { code, message, details: [{ field: 'method', problem }] } }
}

const NOT_FOR_PLAYERS = JSON.stringify(refusal('forbidden', "The players' screen cannot do this.", 'not for players'))
const TOO_OFTEN = JSON.stringify(
  refusal(
    'refused',
    `This screen asked Lantern too often: a players' screen may ask ${PLAYER_CALLS_PER_SECOND} times a second. It still hears every change as it happens.`,
    'too many calls',
  ),
)

/** The same answer sent to many calls is written out once. */
const written = new WeakMap<object, string>()
function resultText(result: CallResult): string {
  if (!result.ok || typeof result.value !== 'object' || result.value === null) return JSON.stringify(result)
  let value = written.get(result.value)
  if (value === undefined) {
    value = JSON.stringify(result.value)
    written.set(result.value, value)
  }
  return `{"ok":true,"value":${value}}`
}

const answer = (id: number, result: string): string => `{"id":${JSON.stringify(id)},"result":${result}}`
const sameAsk = (a: Call, b: Call): boolean => a.method === b.method && JSON.stringify(a.input ?? {}) === JSON.stringify(b.input ?? {})

/**
 * Takes a player's connection's calls from now on; answers go out through `send`.
 * @example servePlayerCalls(ws, router, (text) => sendUnlessFlooded(ws, text, MAX_UNREAD_BYTES))
 */
export function servePlayerCalls(ws: WebSocket, router: Router, send: (text: string) => void, budget = new CallBudget(PLAYER_CALLS_BURST, PLAYER_CALLS_PER_SECOND)): void {
  const gate = new ReadGate(ws)
  let wait: NodeJS.Timeout | null = null
  ws.once('close', () => {
    if (wait) clearTimeout(wait)
  })
  /** Out of budget: not read again until it has room. */
  const holdForBudget = (): void => {
    if (wait) return
    gate.hold('over budget')
    wait = setTimeout(() => {
      wait = null
      gate.release('over budget')
    }, budget.untilNext())
  }
  const calls = new CallQueue<Call>(ws, {
    atOnce: 1,
    maxWaiting: PLAYER_CALLS_WAITING,
    joins: sameAsk,
    gate,
    async run(call, joined) {
      const text = resultText(await router.call(call.method, call.input, { scope: 'player' }))
      for (const c of [call, ...joined]) send(answer(c.id, text))
    },
  })
  ws.on('message', (data, isBinary) => {
    const call = readCall(ws, isBinary ? null : data.toString())
    if (!call) return
    if (!budget.take()) {
      send(answer(call.id, TOO_OFTEN))
      holdForBudget()
    } else if (typeof call.method !== 'string' || !PLAYER_METHODS.has(call.method)) {
      send(answer(call.id, NOT_FOR_PLAYERS))
    } else {
      calls.push(call)
    }
  })
}
