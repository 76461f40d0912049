/**
 * A session's recap as Markdown, from what the session holds: pure, so it is tested and benched
 * without a database. The GM variant tells everything; the players' variant leaves out GM-only
 * log entries, hidden timers and the GM's private notes (only a "Recap" section of the notes is
 * for the players).
 */
import type { LogEntry } from '../../../shared/contract'
import { describeLogEntry } from '../../../shared/log-text'
import { gameTime } from '../../../shared/log-text/words'
import { CURRENCIES, type CurrencyId } from '../../../shared/currencies'
import { mdInline, mdLineStart, mdParagraphs, yamlValue, type RecapVariant } from '../../../shared/recap/markdown'

export interface RecapInput {
  campaign: { name: string; systemName: string }
  session: {
    number: number
    title: string
    realDate: string | null
    gameTimeStart: number | null
    gameTimeEnd: number | null
    status: 'open' | 'closed'
    gmNotes: string
  }
  /** Who was there, by name. */
  party: string[]
  /** The session's log entries that were not undone, oldest first. */
  entries: LogEntry[]
  /** The campaign's NPCs, by name: those named in the session's entries were met. */
  npcNames: string[]
}

/** What a timeline line is about, in the GM's words; null for bookkeeping the recap leaves out. */
export function topicOf(kind: string): string | null {
  if (SKIPPED.has(kind) || SKIPPED_PREFIXES.some((p) => kind.startsWith(p))) return null
  if (kind.startsWith('encounter.') || kind === 'clock.event.encounter-check' || kind === 'clock.encounter-check') return 'Encounter'
  if (kind.startsWith('injury.') || kind === 'clock.event.injury' || kind === 'clock.event.natural-healing' || kind === 'osr.limb') return 'Injury'
  if (kind.startsWith('ledger.')) return 'Ledger'
  if (kind === 'clock.event.light-out' || kind === 'clock.event.light-warning' || ['clock.light', 'clock.douse', 'clock.refill', 'clock.hand-over'].includes(kind)) return 'Light'
  if (kind === 'clock.event.rations') return 'Provisions'
  if (kind === 'clock.event.timer' || kind.startsWith('clock.timer-')) return 'Timer'
  if (kind.startsWith('inventory.')) return 'Loot'
  if (kind === 'note') return 'Note'
  if (kind.startsWith('session.')) return 'Session'
  if (kind === 'clock.rest' || kind === 'clock.mode') return 'Time'
  if (/combat|round|initiative|harm|damage/.test(kind)) return 'Combat'
  if (/conflict|duel|opposed|challenge\.|race|team/.test(kind)) return 'Conflict'
  return 'Roll'
}

/** Record-keeping and pure passing of time: in the log, not in the story. */
const SKIPPED = new Set([
  'setting.changed',
  'session.created',
  'session.updated',
  'session.deleted',
  'inventory.updated',
  'clock.advanced',
  'clock.event.new-day',
  'clock.undone',
  'play.undone',
  'osr.undone',
])
const SKIPPED_PREFIXES = ['campaign.', 'adventure.', 'location.', 'encounterTable.', 'character.']

/** True when the players may read this entry: not GM-only, not a hidden timer. */
export function forPlayers(e: LogEntry): boolean {
  if (e.gmOnly) return false
  if (e.kind.startsWith('clock.event.timer') && e.payload.hiddenFromPlayers === true) return false
  if (e.kind.startsWith('clock.timer-') && e.payload.hiddenFromPlayers === true) return false
  return true
}

const RECAP_HEADING = /^\s{0,3}#{1,6}\s+(?:players[’']?\s+)?(?:recap|for the players|session recap)\s*:?\s*#*\s*$/i
const ANY_HEADING = /^\s{0,3}#{1,6}(?:\s|$)/
const OPEN_THREAD = /^\s*[-*+]\s+\[ \]\s+(.*\S)\s*$/

/**
 * The GM's notes for one variant: the GM reads them all; the players read only the lines under a
 * heading "Recap" (also "For the players", "Players' recap", any level) up to the next heading.
 * Lines "- [ ] …" are open threads, listed apart.
 * @example notesFor('Secret.\n## Recap\nWe won.\n- [ ] Find the key', 'players') // { text: 'We won.', threads: ['Find the key'] }
 */
export function notesFor(notes: string, variant: RecapVariant): { text: string; threads: string[] } {
  const text: string[] = []
  const threads: string[] = []
  let inRecap = false
  for (const line of notes.split(/\r\n?|\n/)) {
    if (RECAP_HEADING.test(line)) {
      inRecap = true
      continue
    }
    if (ANY_HEADING.test(line)) inRecap = false
    if (variant === 'players' && !inRecap) continue
    const thread = OPEN_THREAD.exec(line)
    if (thread) threads.push(thread[1]!)
    else text.push(line)
  }
  return { text: text.join('\n').trim(), threads }
}

/** "Day 3 · 14:35" without a clock's own prefix on lines the clock wrote. */
function lineText(e: LogEntry): string {
  return describeLogEntry(e).replace(/^Day \d+ · \d\d:\d\d: /, '')
}

function hhmm(seconds: number): string {
  return gameTime(seconds).split(' · ')[1]!
}

/** Every string in a payload, however deep. */
function stringsOf(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value)
  else if (Array.isArray(value)) for (const v of value) stringsOf(v, out)
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsOf(v, out)
}

/** The at-a-glance lines: what a GM looks for first. */
function glance(entries: LogEntry[]): string[] {
  const lines: string[] = []
  const count = (pred: (e: LogEntry) => boolean) => entries.filter(pred).length
  const encounters = count((e) => e.kind === 'encounter.rolled' || e.kind === 'clock.event.encounter-check')
  if (encounters) lines.push(`Encounters: ${encounters}`)
  const taken = entries.filter((e) => e.kind === 'injury.recorded').map((e) => `${String(e.payload.name)} (${String(e.payload.label)})`)
  if (taken.length) lines.push(`Injuries taken: ${taken.join(', ')}`)
  const healed = entries
    .filter((e) => (e.kind === 'injury.updated' && (e.payload.to as Record<string, unknown> | undefined)?.healed === true) || e.kind === 'clock.event.natural-healing')
    .map((e) => lineText(e).replace(/\.$/, ''))
  if (healed.length) lines.push(`Healed: ${healed.join('; ')}`)
  const lightsOut = entries.filter((e) => e.kind === 'clock.event.light-out').map((e) => lineText(e))
  if (lightsOut.length) lines.push(`Lights gone out: ${lightsOut.join('; ')}`)
  const short = entries
    .filter((e) => e.kind === 'clock.event.rations' && /running low|ran out|last/.test(lineText(e)))
    .map((e) => lineText(e))
  if (short.length) lines.push(`Rations and water: ${short.join('; ')}`)
  // Gained and spent, per holder and currency, from the ledger's own entries.
  const sums = new Map<string, { gained: number; spent: number }>()
  for (const e of entries) {
    if (e.kind !== 'ledger.earned' && e.kind !== 'ledger.spent' && e.kind !== 'ledger.corrected') continue
    const key = `${String(e.payload.name)}\u0000${String(e.payload.currency)}`
    const s = sums.get(key) ?? { gained: 0, spent: 0 }
    const amount = Number(e.payload.amount)
    if (amount >= 0) s.gained += amount
    else s.spent -= amount
    sums.set(key, s)
  }
  for (const [key, s] of sums) {
    const [name, currency] = key.split('\u0000') as [string, CurrencyId]
    const label = CURRENCIES[currency]?.label ?? currency
    const parts = [s.gained ? `gained ${s.gained}` : '', s.spent ? `spent ${s.spent}` : ''].filter(Boolean)
    lines.push(`${label}, ${name}: ${parts.join(', ') || 'no change'}`)
  }
  const loot = entries.filter((e) => e.kind === 'inventory.added').map((e) => lineText(e).replace(/\.$/, ''))
  if (loot.length) lines.push(`Loot: ${loot.join('; ')}`)
  return lines
}

/**
 * The recap's Markdown and a file name for it.
 * @example buildRecap(input, 'players').markdown.startsWith('---\ncampaign: ') // true
 */
export function buildRecap(input: RecapInput, variant: RecapVariant): { markdown: string; filename: string } {
  const { campaign, session } = input
  const entries = variant === 'players' ? input.entries.filter(forPlayers) : input.entries
  const notes = notesFor(session.gmNotes, variant)
  const out: string[] = []

  out.push(
    '---',
    `campaign: ${yamlValue(campaign.name)}`,
    `system: ${yamlValue(campaign.systemName)}`,
    `session: ${session.number}`,
    `title: ${yamlValue(session.title)}`,
    `date: ${yamlValue(session.realDate)}`,
    `game_time_from: ${yamlValue(session.gameTimeStart === null ? null : gameTime(session.gameTimeStart))}`,
    `game_time_to: ${yamlValue(session.gameTimeEnd === null ? null : gameTime(session.gameTimeEnd))}`,
    `status: ${yamlValue(session.status)}`,
    `recap_for: ${yamlValue(variant === 'gm' ? 'GM' : 'players')}`,
    input.party.length ? 'party:' : 'party: []',
    ...input.party.map((name) => `  - ${yamlValue(name)}`),
    '---',
    '',
  )
  out.push(`# Session ${session.number}${session.title ? `: ${mdInline(session.title)}` : ''}`, '')
  const when = [
    session.realDate ? `Played ${session.realDate}` : '',
    session.gameTimeStart !== null ? `${gameTime(session.gameTimeStart)} → ${session.gameTimeEnd === null ? 'still open' : gameTime(session.gameTimeEnd)}` : '',
  ].filter(Boolean)
  out.push(mdLineStart(`${campaign.name} · ${campaign.systemName}${when.length ? ` · ${when.join(' · ')}` : ''}`), '')
  if (input.party.length) out.push(`Party: ${input.party.map(mdInline).join(', ')}`, '')

  out.push('## Summary', '', notes.text ? mdParagraphs(notes.text) : 'No summary written.', '')

  const glanceLines = glance(entries)
  out.push('## At a glance', '')
  out.push(glanceLines.length ? glanceLines.map((l) => `- ${mdInline(l)}`).join('\n') : 'Nothing of note recorded.', '')

  out.push('## Timeline', '')
  let day = -1
  let hour = -1
  let written = 0
  for (const e of entries) {
    const topic = topicOf(e.kind)
    if (topic === null) continue
    const d = Math.floor(e.gameTime / 86400)
    const h = Math.floor((e.gameTime % 86400) / 3600)
    if (d !== day) {
      out.push(`### Day ${d + 1}`, '')
      day = d
      hour = -1
    }
    if (h !== hour) {
      out.push(`#### ${String(h).padStart(2, '0')}:00`, '')
      hour = h
    }
    out.push(`- ${hhmm(e.gameTime)} · ${topic} — ${mdInline(lineText(e))}`)
    written++
  }
  if (written === 0) out.push('Nothing happened at the table in this session yet.')
  out.push('')

  out.push('## NPCs met', '')
  const npcs = npcsMet(entries, input.npcNames)
  out.push(npcs.length ? npcs.map((n) => `- ${mdInline(n)}`).join('\n') : 'None named.', '')

  out.push('## Open threads', '')
  out.push(notes.threads.length ? notes.threads.map((t) => `- ${mdInline(t)}`).join('\n') : 'None noted.', '')

  return { markdown: tidy(out), filename: filenameFor(input, variant) }
}

/** NPCs named anywhere in the entries' payloads, by name. */
function npcsMet(entries: LogEntry[], npcNames: string[]): string[] {
  if (npcNames.length === 0) return []
  const left = new Set(npcNames)
  const met: string[] = []
  for (const e of entries) {
    if (left.size === 0 || topicOf(e.kind) === null) continue
    const strings: string[] = []
    stringsOf(e.payload, strings)
    const text = strings.join('\n')
    for (const name of left) {
      if (text.includes(name)) {
        met.push(name)
        left.delete(name)
      }
    }
  }
  return met.sort((a, b) => a.localeCompare(b))
}

/** Lines joined; list items separated from the next heading by one blank line; one newline at the end. */
function tidy(lines: string[]): string {
  const joined: string[] = []
  for (const line of lines) {
    const prev = joined.at(-1)
    if (line.startsWith('#') && prev !== undefined && prev !== '') joined.push('')
    joined.push(line)
  }
  return joined.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd() + '\n'
}

function slug(text: string): string {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'campaign'
  )
}

function filenameFor(input: RecapInput, variant: RecapVariant): string {
  const n = String(input.session.number).padStart(2, '0')
  return `${slug(input.campaign.name)}-session-${n}${input.session.title ? `-${slug(input.session.title)}` : ''}-${variant === 'gm' ? 'gm' : 'players'}.md`
}
