/**
 * What the GM's server and the players' listener share on their WebSockets: a key compared in
 * constant time, a call read from a text frame, and an answer sent unless the client has left too
 * much unread.
 */
import { timingSafeEqual } from 'node:crypto'
import type { WebSocket } from 'ws'

/** Constant-time comparison of a presented key with the real one. */
export function keyMatches(presented: string | null, key: string): boolean {
  if (!presented) return false
  const a = Buffer.from(presented)
  const b = Buffer.from(key)
  // Compared at the real key's length either way, so the time says nothing of how much matched.
  return timingSafeEqual(a.length === b.length ? a : b, b) && a.length === b.length
}

export interface Call {
  id: number
  method?: unknown
  input?: unknown
}

/**
 * A call from a text frame (null for a binary one), or null after closing the connection: 1007
 * for a frame that is not JSON, 1008 for one without a numeric id.
 */
export function readCall(ws: WebSocket, text: string | null): Call | null {
  let msg: { id?: unknown; method?: unknown; input?: unknown }
  try {
    msg = JSON.parse(text ?? '') as typeof msg
  } catch {
    ws.close(1007, 'Messages must be JSON text')
    return null
  }
  if (typeof msg !== 'object' || msg === null || typeof msg.id !== 'number') {
    ws.close(1008, 'A call needs a numeric id')
    return null
  }
  return msg as Call
}

/** Sends unless the client has left more than `maxUnread` bytes unread: then it is cut off, and only it. */
export function sendUnlessFlooded(ws: WebSocket, text: string, maxUnread: number): void {
  if (ws.readyState !== ws.OPEN) return
  if (ws.bufferedAmount > maxUnread) ws.terminate()
  else ws.send(text)
}
