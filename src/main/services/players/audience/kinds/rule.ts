/** A kind's rule for the players' gate (../rules.ts). */
import type { Visibility } from '../visibility'

export type Payload = Record<string, unknown>

/**
 * 'gm': the GM's alone; 'all': the players read it as the GM does; a function: the players' own
 * version of the payload (never the one it was given, changed in place), or null for the GM's alone.
 */
export type KindRule = 'gm' | 'all' | ((p: Payload, v: Visibility) => Payload | null)

/**
 * The field a players' payload carries when the roll's faces are the GM's too: how many dice a foe
 * threw, and their sides, give its numbers away (a pool, a rung, a weapon's harm die). The players'
 * reader (../read.ts) leaves the faces out and drops the field.
 */
export const FACES_HIDDEN = 'facesHidden'

/** The players' payload with the roll's faces kept from them. */
export function facesHidden(p: Payload): Payload {
  return { ...p, [FACES_HIDDEN]: true }
}

/** A copy of `p` without the given fields (the same object when it has none of them). */
export function without(p: Payload, ...fields: string[]): Payload {
  if (!fields.some((f) => f in p)) return p
  const out = { ...p }
  for (const f of fields) delete out[f]
  return out
}

/** A copy of `p` with `field` changed by `fn` (the same object when `fn` changes nothing). */
export function withField(p: Payload, field: string, fn: (value: unknown) => unknown): Payload {
  if (!(field in p)) return p
  const value = fn(p[field])
  return value === p[field] ? p : { ...p, [field]: value }
}

/** Each element of an array field changed by `fn`, or the same payload when none changed. */
export function eachOf(p: Payload, field: string, fn: (item: Payload) => Payload): Payload {
  return withField(p, field, (list) => {
    if (!Array.isArray(list)) return list
    let changed = false
    const out = list.map((x: unknown) => {
      if (!x || typeof x !== 'object') return x
      const y = fn(x as Payload)
      if (y !== x) changed = true
      return y
    })
    return changed ? out : list
  })
}
