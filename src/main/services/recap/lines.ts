/**
 * A recap's timeline: one line per thing that happened, in the words of the variant's reader.
 * The GM's lines tell the dice; the players' are read from the players' own entries (the players'
 * gate has taken out what is the GM's), with what stands in a hidden foe's place starting a
 * sentence with a capital. Repeated combat rounds fold into one line.
 */
import type { LogEntry } from '../../../shared/contract'
import { describeLogEntry } from '../../../shared/log-text'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { capitalAliases } from '../../../shared/log-text/words'

/** Record-keeping and pure passing of time: in the log, not in the story. */
const SKIPPED = new Set([
  'setting.changed',
  'session.created',
  'session.updated',
  'session.deleted',
  'inventory.updated',
  'clock.advanced',
  // CLK-14: a journey's travel is told by its road's own entries (camps, legs, what was met where).
  'clock.journey-travelled',
  'clock.event.new-day',
  'clock.undone',
  'clock.time-set',
  'play.undone',
  'play.redone',
  'osr.undone',
])
const SKIPPED_PREFIXES = ['campaign.', 'adventure.', 'location.', 'encounterTable.', 'character.']

const topics = new Map<string, string | null>()

/** What a timeline line is about, in the GM's words; null for bookkeeping the recap leaves out. */
export function topicOf(kind: string): string | null {
  let topic = topics.get(kind)
  if (topic === undefined) {
    topic = topicOfKind(kind)
    topics.set(kind, topic)
  }
  return topic
}

/**
 * What one entry is about: its kind's topic, except that a Ladder tracker set up as a combat
 * (LAD-12) begins and ends as Combat, where its other trackers are conflicts (LAD-6 … LAD-11).
 */
function topicOfEntry(e: Pick<LogEntry, 'kind' | 'payload'>): string | null {
  const p = e.payload as { kind?: unknown; said?: { combat?: unknown } } | null
  if (e.kind === 'ladder.conflict.started' && p?.kind === 'combat') return 'Combat'
  if (e.kind === 'ladder.conflict.ended' && p?.said?.combat === true) return 'Combat'
  return topicOf(e.kind)
}

function topicOfKind(kind: string): string | null {
  if (SKIPPED.has(kind) || SKIPPED_PREFIXES.some((p) => kind.startsWith(p))) return null
  // Where the encounter check stands is a setting of the clock, not an encounter.
  if (kind === 'clock.encounter-check') return 'Setting'
  if (kind.startsWith('encounter.') || kind === 'clock.event.encounter-check') return 'Encounter'
  if (kind.startsWith('injury.') || kind === 'clock.event.injury' || kind === 'clock.event.natural-healing' || kind === 'osr.limb') return 'Injury'
  if (kind.startsWith('ledger.')) return 'Ledger'
  if (kind.startsWith('growth.')) return 'Growth'
  if (kind === 'clock.event.light-out' || kind === 'clock.event.light-warning' || ['clock.light', 'clock.douse', 'clock.refill', 'clock.hand-over'].includes(kind)) return 'Light'
  if (kind === 'clock.event.rations') return 'Provisions'
  if (kind === 'clock.event.timer' || kind.startsWith('clock.timer-')) return 'Timer'
  if (kind.startsWith('inventory.')) return 'Loot'
  if (kind === 'note') return 'Note'
  if (kind.startsWith('session.')) return 'Session'
  if (kind.startsWith('clock.journey-') || kind.startsWith('clock.event.journey-')) return 'Journey'
  if (kind === 'clock.rest' || kind === 'clock.mode') return 'Time'
  // A Challenge System challenge is a conflict from start to end, whatever it is about (CH-1); its
  // rounds are not a fight's. A fight begun on the clock bar (challenge.combat.*) is combat.
  if (kind.startsWith('challenge.') && !kind.startsWith('challenge.combat.')) return 'Conflict'
  if (/combat|round|initiative|harm|damage/.test(kind)) return 'Combat'
  if (/conflict|duel|opposed|challenge\.|race|team/.test(kind)) return 'Conflict'
  return 'Roll'
}

/** The entry's sentence without the clock's own "Day 3 · 14:35: " prefix. */
export function lineText(e: LogEntry): string {
  let text = texts.get(e)
  if (text === undefined) {
    text = describeLogEntry(e)
    if (text.startsWith('Day ')) text = text.replace(/^Day \d+ · \d\d:\d\d: /, '')
    texts.set(e, text)
  }
  return text
}
/** Each entry's sentence, written once however many parts of a recap tell it. */
const texts = new WeakMap<LogEntry, string>()

/** The time of day of a game time, hh:mm. @example hhmm(86400 + 3660) // '01:01' */
export function hhmm(seconds: number): string {
  const rest = seconds % 86400
  const h = Math.floor(rest / 3600)
  const m = Math.floor((rest % 3600) / 60)
  return `${h < 10 ? '0' : ''}${h}:${m < 10 ? '0' : ''}${m}`
}

const minus = (n: number) => (n < 0 ? `− ${-n}` : `+ ${n}`)
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

/**
 * The words for one entry in a variant's timeline (null: not told there).
 * @example lineFor({ kind: 'encounter.reaction', payload: { face: 2, spirit: -1, total: 1, reaction: 'hostile', roll: 'd6 + S' } … }, 'gm') // 'Reaction: d6 2 − 1 = 1 → hostile.'
 */
export function lineFor(e: LogEntry, variant: RecapVariant): string | null {
  const line = wordsFor(e, variant)
  return line !== null && variant === 'players' ? capitalAliases(line) : line
}

function wordsFor(e: LogEntry, variant: RecapVariant): string | null {
  const p = e.payload
  switch (e.kind) {
    case 'clock.event.encounter-check': {
      const feet = (p.distance as { feet?: number } | null | undefined)?.feet
      if (variant === 'players') return `An encounter${feet !== undefined ? `, met at ${feet} ft` : ''}.`
      return cap(lineText(e))
    }
    case 'encounter.reaction': {
      const who = p.who ? ` (closest: ${String(p.who)})` : ''
      if (variant === 'players') return `Reaction${who}: ${String(p.reaction)}.`
      const spirit = Number(p.spirit ?? 0)
      const dice = p.roll === 'd6 + S' && spirit !== 0 ? `d6 ${String(p.face)} ${minus(spirit)} = ${String(p.total)}` : `d6 = ${String(p.face)}`
      return `Reaction${who}: ${dice} → ${String(p.reaction)}.`
    }
    case 'session.closed': {
      if (variant === 'gm') return lineText(e)
      const topUps = (p.topUps as { name: string; amount: number }[] | undefined) ?? []
      return `Session ${String(p.number)} closed.${topUps.length ? ` ${topUps.map((t) => `${t.name}’s pool topped up by ${t.amount}`).join('; ')}.` : ''}`
    }
    default:
      return lineText(e)
  }
}

/**
 * The injuries other entries tell as they deal them (a Ladder round's or damage roll's `injuryId`,
 * a Ranks roll's Harm): found by that key anywhere in their payloads, a few levels down.
 */
function injuriesTold(entries: readonly LogEntry[]): Set<number> {
  const told = new Set<number>()
  const visit = (value: unknown, depth: number): void => {
    if (depth > 3 || value === null || typeof value !== 'object') return
    if (Array.isArray(value)) return value.forEach((v) => visit(v, depth + 1))
    for (const [key, v] of Object.entries(value)) {
      if (key === 'injuryId' && typeof v === 'number') told.add(v)
      else visit(v, depth + 1)
    }
  }
  for (const e of entries) if (e.kind !== 'injury.recorded') visit(e.payload, 0)
  return told
}

/** One line of the timeline. */
export interface TimelineLine {
  at: number
  topic: string
  text: string
}

/**
 * The timeline's lines in order. A combat's bare round lines fold into the line that starts it:
 * "Combat, 7 rounds (01:20–01:21)"; its end line is then told by that line too.
 */
export function timeline(entries: LogEntry[], variant: RecapVariant): TimelineLine[] {
  const out: TimelineLine[] = []
  const told = injuriesTold(entries)
  let combat: { line: TimelineLine; rounds: number; last: number; started: boolean } | null = null
  const close = () => {
    if (!combat) return
    const { line, rounds, last } = combat
    if (rounds > 0) line.text = `Combat, ${rounds} round${rounds === 1 ? '' : 's'} (${hhmm(line.at)}–${hhmm(last)}).`
    combat = null
  }
  for (const e of entries) {
    const topic = topicOfEntry(e)
    if (topic === null) continue
    // An injury the roll, round or damage that dealt it tells already is told once, there.
    if (e.kind === 'injury.recorded' && told.has(Number(e.payload.id))) continue
    if (e.kind === 'clock.combat-started') {
      close()
      const line = { at: e.gameTime, topic, text: lineFor(e, variant) ?? '' }
      out.push(line)
      combat = { line, rounds: 0, last: e.gameTime, started: true }
      continue
    }
    if (e.kind === 'clock.round') {
      if (!combat) {
        const line = { at: e.gameTime, topic, text: '' }
        out.push(line)
        combat = { line, rounds: 0, last: e.gameTime, started: false }
      }
      combat.rounds++
      combat.last = e.gameTime
      continue
    }
    if (e.kind === 'clock.combat-ended' && combat) {
      const folded = combat.rounds > 0
      if (folded) combat.last = e.gameTime
      close()
      if (folded) continue
    }
    const text = lineFor(e, variant)
    if (text !== null) out.push({ at: e.gameTime, topic, text })
  }
  close()
  return out
}
