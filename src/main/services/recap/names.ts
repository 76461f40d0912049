/**
 * Words of a session's log, cut into runs that could be names (see `namedIn` in index.ts, which
 * looks them up in the library's name indexes). A name is met when it stands in the log as whole
 * words ("Citizen 1" is not met in "Citizen 12"), with punctuation and a possessive "’s" around it.
 */

const OPENING = /^[("'“‘[{<*_]+/u
const CLOSING = /(?:[’']s)?[)"'”’\]}>*_.,;:!?…]*$/u
/** First and last characters that can need trimming (most words need none: no regex for them). */
const OPENS = new Set([...'("\'“‘[{<*_'].map((c) => c.charCodeAt(0)))
const CLOSES = new Set([...')"\'”’]}>*_.,;:!?…s'].map((c) => c.charCodeAt(0)))

/** Every string in a payload, however deep. */
export function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out)
}

/** A text's words as written, and with opening (`left`) or closing (`right`, and a possessive "’s") punctuation off. */
export interface Words {
  raw: string[]
  left: string[]
  right: string[]
}

/** @example splitWords('“Mother Vex’s” dog.').right // ['“Mother', 'Vex', 'dog'] */
export function splitWords(text: string): Words {
  const raw = text.split(/\s+/).filter((w) => w !== '')
  return {
    raw,
    left: raw.map((w) => (OPENS.has(w.charCodeAt(0)) ? w.replace(OPENING, '') : w)),
    right: raw.map((w) => (CLOSES.has(w.charCodeAt(w.length - 1)) ? w.replace(CLOSING, '') : w)),
  }
}

/** A run of words from `i`, `n` long: as written, and with punctuation off its two ends. */
export interface Run {
  text: string
  words: Words
  i: number
  n: number
}

/** The run as written. */
export function rawForm(r: Run): string {
  return r.words.raw.slice(r.i, r.i + r.n).join(' ')
}

/** The run without its first word's opening and its last word's closing punctuation. */
export function trimmedForm(r: Run): string {
  const { raw, left, right } = r.words
  if (r.n === 1) {
    const w = left[r.i]!
    return CLOSES.has(w.charCodeAt(w.length - 1)) ? w.replace(CLOSING, '') : w
  }
  return [left[r.i]!, ...raw.slice(r.i + 1, r.i + r.n - 1), right[r.i + r.n - 1]!].join(' ')
}

/** The run without its first word's opening punctuation, to be continued by the next word. */
export function openForm(r: Run): string {
  const { raw, left } = r.words
  return [left[r.i]!, ...raw.slice(r.i + 1, r.i + r.n)].join(' ')
}
