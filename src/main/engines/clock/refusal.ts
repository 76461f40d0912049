/** A GM action the rules allow returns its result; one they forbid returns the reason in plain words, and nothing changes. */
export type Refusable<T> = ({ ok: true } & T) | { ok: false; reason: string }

/** A refusal: the action was not taken, and `reason` says why and what to do instead. */
export interface Refused {
  ok: false
  reason: string
}

/**
 * Builds a refusal.
 * @example refuse('The torch is already lit.') // { ok: false, reason: 'The torch is already lit.' }
 */
export function refuse(reason: string): Refused {
  return { ok: false, reason }
}
