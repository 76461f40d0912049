/** A step the rules allow returns its new state; one they forbid returns the reason in plain words. */
export type Refusable<T> = ({ ok: true } & T) | { ok: false; reason: string }
