/** A step the rules allow returns its new state; one they forbid returns the reason in plain words. */
export type Refusable<T> = ({ ok: true } & T) | { ok: false; reason: string }

/** Several input problems at once, so a form can show them all. */
export type Checked = { ok: true } | { ok: false; problems: string[] }
