/**
 * The words of a search: terms, the FTS5 query made of them, and the matched words marked in a
 * snippet (accents and case folded as the index folds them).
 */
import type { SearchHitKind } from '../../../shared/contract'

/** Marks around matched words in snippets (control characters: they never occur in typed text). */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'

/** The code in each search row's rowid (id × 16 + code), as migration 0013 writes it. */
export const SEARCH_KIND_CODES: Record<SearchHitKind, number> = {
  character: 1,
  location: 2,
  encounter_table: 3,
  encounter_row: 4,
  adventure: 5,
  session: 6,
  inventory_item: 7,
  ledger_entry: 8,
  injury: 9,
  log_entry: 10,
}

/** The trigram index matches runs of this many characters or more; shorter words go through LIKE. */
export const TRIGRAM = 3

/** A game-time range with at most this many log entries is matched entry by entry, not through the index. */
export const SMALL_RANGE = 5000

/**
 * The words a GM typed: split at spaces and quotes, punctuation at either end dropped, so
 * `"chief",` is `chief` and `(+3)` is `+3`. Emoji and any script are kept as typed.
 * @example searchTerms('Mira 🌙 "chief"') // ['Mira', '🌙', 'chief']
 */
export function searchTerms(text: string): string[] {
  return text
    .split(/[\s"]+/u)
    .map((w) => w.replace(/^[\p{P}]+|[\p{P}]+$/gu, ''))
    .filter((w) => w.length > 0)
}

/** How many characters a word has (an emoji is one, though two UTF-16 units). */
export const charCount = (w: string): number => [...w].length

/**
 * The FTS5 query for the words long enough for the trigram index: each a quoted phrase (a
 * substring to find), all required. Null when none is long enough.
 * @example toFtsQuery(['brig', 'chief']) // '"brig" "chief"'
 */
export function toFtsQuery(terms: string[], columns?: string[]): string | null {
  const long = terms.filter((t) => charCount(t) >= TRIGRAM)
  if (long.length === 0) return null
  const phrases = long.map((t) => `"${t.replace(/"/g, '""')}"`).join(' ')
  return columns ? `{${columns.join(' ')}} : (${phrases})` : phrases
}

/** A LIKE pattern that matches `text` anywhere, with the wildcards in it taken literally. */
export function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** Letters of scripts that put spaces between words, and digits. */
const WORD_CHAR = /[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{Nd}\p{M}]/u

/** Folds a character as the index does (accents off, lower case). */
const fold = (ch: string): string => ch.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

/**
 * `text` cut to about `width` characters around the first match, each match of `terms` wrapped in
 * the marks (accents and case ignored, as the search does).
 * @example markMatches('The Café on the corner', ['cafe'], 80) // 'The \u0002Café\u0003 on the corner'
 */
export function markMatches(text: string, terms: string[], width = 140): string {
  // The folded text, with where each folded unit came from in the original (plain ASCII folds in place).
  let folded = ''
  const from: number[] = []
  if (/^[\x00-\x7f]*$/.test(text)) {
    folded = text.toLowerCase()
    for (let k = 0; k <= text.length; k++) from.push(k)
  } else {
    let i = 0
    for (const ch of text) {
      const f = fold(ch)
      for (let k = 0; k < f.length; k++) from.push(i)
      folded += f
      i += ch.length
    }
    from.push(text.length)
  }
  const spans: [number, number][] = []
  for (const t of terms.map(fold).filter(Boolean)) {
    let at = folded.indexOf(t)
    while (at >= 0) {
      spans.push([from[at]!, from[at + t.length]!])
      at = folded.indexOf(t, at + t.length)
    }
  }
  // A match inside a word marks the whole word ("alemb" marks "alembic"), in scripts that space their words.
  for (const sp of spans) {
    while (sp[0] > 0 && WORD_CHAR.test(text[sp[0] - 1]!)) sp[0]--
    while (sp[1] < text.length && WORD_CHAR.test(text[sp[1]]!)) sp[1]++
  }
  spans.sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const s of spans) {
    const last = merged.at(-1)
    if (last && s[0] <= last[1]) last[1] = Math.max(last[1], s[1])
    else merged.push([...s])
  }
  let start = 0
  let end = text.length
  if (text.length > width) {
    const first = merged[0]?.[0] ?? 0
    start = Math.max(0, first - Math.floor(width / 3))
    end = Math.min(text.length, start + width)
  }
  let out = start > 0 ? '…' : ''
  let pos = start
  for (const [a, b] of merged) {
    if (b <= start || a >= end) continue
    out += text.slice(pos, Math.max(pos, a)) + MARK_START + text.slice(Math.max(a, pos), Math.min(b, end)) + MARK_END
    pos = Math.min(b, end)
  }
  out += text.slice(pos, end) + (end < text.length ? '…' : '')
  return out.replace(/\s+/g, ' ').trim()
}
