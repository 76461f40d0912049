/**
 * The recap's telling of a journey (CLK-14, CLK-15): per journey met in the session, its legs in
 * order with when each was walked, the camps made on them and what was met where (how far off, by
 * OSR-12, when the check said), then the arrival. Read from the road's own entries, so the players'
 * recap is told from the players' entries alone: no leg's threshold or table is in them.
 */
import type { LogEntry } from '../../../shared/contract'
import { gameTime } from '../../../shared/log-text/words'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { hhmm, lineFor } from './lines'

const DAY = 86400

interface Met {
  at: number
  along: number | null
  camp: boolean
  feet: number | null
  /** CLK-15: who was on watch, in camp. */
  watch: string | null
}

interface LegStory {
  leg: number
  terrain: string
  unit: string
  from: number | null
  to: number | null
  camps: { at: number; until: number | null; along: number | null; watch: string[] }[]
  met: Met[]
}

/** One journey as the session saw it. */
export interface JourneyStory {
  name: string
  legs: LegStory[]
  /** What changed the plan on the road (a detour, a forced march, turning back, stopping), as the log says it. */
  changes: string[]
  first: number
  last: number
  arrived: { at: number; to: string | null; back: boolean } | null
}

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null)

/** The plan's changes told in the recap, by the step's kind. */
const CHANGES = new Set(['clock.journey-detour', 'clock.journey-forced-march', 'clock.journey-turned-back', 'clock.journey-stopped'])

/**
 * The journeys of a session's entries, in the order they were first met.
 * @example journeysOf(entries, 'gm')[0].legs[0].terrain // 'road'
 */
export function journeysOf(entries: readonly LogEntry[], variant: RecapVariant): JourneyStory[] {
  const stories = new Map<string, JourneyStory>()
  // OSR-12: how far off an encounter was met, from the check at the same moment.
  const distance = new Map<number, number>()
  for (const e of entries) {
    if (e.kind !== 'clock.event.encounter-check') continue
    const feet = num((e.payload.distance as { feet?: unknown } | null | undefined)?.feet)
    if (feet !== null) distance.set(e.gameTime, feet)
  }
  const story = (e: LogEntry): JourneyStory | null => {
    const name = str(e.payload.journey)
    if (name === null) return null
    let s = stories.get(name)
    if (!s) {
      s = { name, legs: [], changes: [], first: e.gameTime, last: e.gameTime, arrived: null }
      stories.set(name, s)
    }
    s.last = Math.max(s.last, e.gameTime)
    return s
  }
  // Where a leg begins: where the one before it ended.
  const starts = new Map<JourneyStory, Map<number, number>>()
  const legOf = (s: JourneyStory, e: LogEntry): LegStory => {
    const k = num(e.payload.leg) ?? 0
    let leg = s.legs.find((l) => l.leg === k)
    if (!leg) {
      leg = { leg: k, terrain: 'the road', unit: 'miles', from: starts.get(s)?.get(k) ?? null, to: null, camps: [], met: [] }
      s.legs.push(leg)
      s.legs.sort((a, b) => a.leg - b.leg)
    }
    leg.terrain = str(e.payload.terrain) ?? str(e.payload.name) ?? leg.terrain
    leg.unit = str(e.payload.unit) ?? leg.unit
    return leg
  }
  for (const e of entries) {
    const k = e.kind
    if (!k.startsWith('clock.journey-') && !k.startsWith('clock.event.journey-')) continue
    const s = story(e)
    if (!s) continue
    if (k === 'clock.journey-set-out') {
      legOf(s, e).from ??= e.gameTime
    } else if (k === 'clock.event.journey-leg-done') {
      const leg = legOf(s, e)
      leg.to = e.gameTime
      // The next leg begins where this one ends.
      starts.set(s, (starts.get(s) ?? new Map<number, number>()).set(leg.leg + 1, e.gameTime))
    } else if (k === 'clock.event.journey-camp') {
      const watch = Array.isArray(e.payload.watches) ? (e.payload.watches as { who?: unknown }[]).map((w) => str(w.who)).filter((w): w is string => w !== null) : []
      legOf(s, e).camps.push({ at: e.gameTime, until: num(e.payload.until), along: num(e.payload.along), watch })
    } else if (k === 'clock.event.journey-met') {
      legOf(s, e).met.push({ at: e.gameTime, along: num(e.payload.along), camp: e.payload.camp === true, feet: distance.get(e.gameTime) ?? null, watch: str(e.payload.watch) })
    } else if (k === 'clock.event.journey-arrived') {
      s.arrived = { at: e.gameTime, to: str(e.payload.to), back: e.payload.direction === 'back' }
      const last = s.legs[s.legs.length - 1]
      if (last && last.to === null) last.to = e.gameTime
    } else if (CHANGES.has(k)) {
      const text = lineFor(e, variant)
      if (text) s.changes.push(`${gameTime(e.gameTime)}: ${text}`)
    }
  }
  return [...stories.values()]
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** A time as hh:mm when on the same day as `ref`, else in full. */
function at(time: number, ref: number | null): string {
  return ref !== null && Math.floor(time / DAY) === Math.floor(ref / DAY) ? hhmm(time) : gameTime(time)
}

function mileWord(unit: string): string {
  return unit === 'km' ? 'km' : 'mile'
}

/** Met on the road: "at mile 0.1, 400 ft off (06:05)". */
function roadMet(m: Met, unit: string, ref: number | null): string {
  const where = m.along !== null ? `at ${mileWord(unit)} ${m.along}` : 'on the way'
  return `${where}${m.feet !== null ? `, ${m.feet} ft off` : ''} (${at(m.at, ref)})`
}

/** Met in camp: "15:20 (400 ft off, Bram on watch)". */
function campMet(m: Met, ref: number | null): string {
  const what = [m.feet !== null ? `${m.feet} ft off` : '', m.watch ? `${m.watch} on watch` : ''].filter(Boolean)
  return `${at(m.at, ref)}${what.length ? ` (${what.join(', ')})` : ''}`
}

/**
 * The journey's one-line heading under its name: "3 legs done · Day 1 → Day 3 · 2 camps · 4 met on the way · arrived at Glimmerford".
 */
export function journeyHeadline(s: JourneyStory): string {
  const done = s.legs.filter((l) => l.to !== null).length
  const camps = s.legs.reduce((n, l) => n + l.camps.length, 0)
  const met = s.legs.reduce((n, l) => n + l.met.length, 0)
  const d0 = Math.floor(s.first / DAY) + 1
  const d1 = Math.floor(s.last / DAY) + 1
  const parts = [`${plural(done, 'leg')} done`, d0 === d1 ? `Day ${d0}` : `Day ${d0} → Day ${d1}`, plural(camps, 'camp'), `${met} met on the way`]
  if (s.arrived) parts.push(s.arrived.back ? 'back where it set out' : `arrived${s.arrived.to ? ` at ${s.arrived.to}` : ''}`)
  return parts.join(' · ')
}

/** The journey's lines: one per leg (its times, camps and what was met on it), the plan's changes, the arrival. */
export function journeyLines(s: JourneyStory): string[] {
  const lines: string[] = []
  for (const l of s.legs) {
    const parts = [`Leg ${l.leg + 1} · ${l.terrain}: ${l.from !== null ? gameTime(l.from) : 'from before this session'} → ${l.to !== null ? at(l.to, l.from) : 'still on it'}`]
    // In the order of the road: what was met marching, each camp with what was met in it, marching again.
    let marching: Met[] = []
    const march = () => {
      if (marching.length) parts.push(`met on the road ${marching.map((m) => roadMet(m, l.unit, l.from)).join('; ')}`)
      marching = []
    }
    const camps = [...l.camps]
    for (const m of l.met.filter((x) => !x.camp)) {
      while (camps.length && camps[0]!.at <= m.at) campLine(camps.shift()!)
      marching.push(m)
    }
    function campLine(c: LegStory['camps'][number]): void {
      march()
      const inCamp = l.met.filter((m) => m.camp && m.at >= c.at && (c.until === null || m.at <= c.until))
      const where = c.along !== null ? ` at ${mileWord(l.unit)} ${c.along}` : ''
      const until = c.until !== null ? ` → ${at(c.until, c.at)}` : ''
      const watched = c.watch.length ? `, watched by ${c.watch.join(', then ')}` : ''
      parts.push(`camp${where}, ${at(c.at, l.from)}${until}${watched}${inCamp.length ? `, met in camp at ${inCamp.map((m) => campMet(m, c.at)).join(', ')}` : ''}`)
    }
    for (const c of camps) campLine(c)
    march()
    lines.push(parts.join(' · '))
  }
  lines.push(...s.changes)
  if (s.arrived) lines.push(s.arrived.back ? `Back where it set out: ${gameTime(s.arrived.at)}` : `Arrived${s.arrived.to ? ` at ${s.arrived.to}` : ''}: ${gameTime(s.arrived.at)}`)
  return lines
}
