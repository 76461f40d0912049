/**
 * A reason given after a ledger change (`ledger.reasoned`) is told in the recap as the change's own
 * reason: the earn or spend reads with the words the GM gave, and the later line is left out. A
 * reason given to a change of another session stays its own line.
 */
import type { LogEntry } from '../../../shared/contract'

const CHANGES = new Set(['ledger.earned', 'ledger.spent'])

/**
 * The entries with each reason given folded into the change it names, when that change is among them.
 * @example foldReasons([earned('no reason given'), reasoned('a clever plan')]) // [earned('a clever plan')]
 */
export function foldReasons<E extends LogEntry>(entries: readonly E[]): E[] {
  const newest = new Map<number, string>()
  const present = new Set(entries.filter((e) => CHANGES.has(e.kind)).map((e) => Number(e.payload.id)))
  for (const e of entries) if (e.kind === 'ledger.reasoned' && present.has(Number(e.payload.id))) newest.set(Number(e.payload.id), String(e.payload.to))
  if (newest.size === 0) return [...entries]
  return entries.flatMap((e) => {
    const id = Number(e.payload.id)
    if (e.kind === 'ledger.reasoned') return present.has(id) ? [] : [e]
    if (CHANGES.has(e.kind) && newest.has(id)) return [{ ...e, payload: { ...e.payload, reason: newest.get(id) } }]
    return [e]
  })
}
