/** One sentence for each Challenge System entry in the log (challenge.*). */
import type { LogEntry } from '../contract'
import { CHALLENGE_DICE_WORDS as DICE_WORDS, entryWords, type ChallengeDicePlace as DicePlace } from './words'

interface LoggedSide {
  name: string
  ability?: string
  rating?: number
  numbers?: { pool: number; bonus: number; reserves: number; resistance: number }
  horde?: number | null
}

function sideWords(s: LoggedSide): string {
  const n = s.numbers
  const extras = n ? (['bonus', 'reserves', 'resistance'] as const).filter((q) => n[q] > 0).map((q) => `${q} ${n[q]}`) : []
  // A foe whose numbers the players may not read is told by its ability (and its horde, CH-9) alone.
  const number = n?.pool ?? s.rating
  const ability = [s.ability ?? '', number === undefined ? '' : String(number)].filter(Boolean).join(' ')
  const rating = s.horde ? (ability ? `${s.horde} × ${ability}` : `a horde of ${s.horde}`) : ability
  const words = [rating, ...extras].filter(Boolean)
  return words.length ? `${s.name} (${words.join(', ')})` : s.name
}

/** "Akane −6, the meal 7"; a side whose pool the players may not read (null) is left out. */
function poolsWords(names: unknown, pools: unknown): string {
  const n = (names as string[] | undefined) ?? []
  return ((pools as (number | null)[] | undefined) ?? [])
    .map((p, i) => (typeof p === 'number' ? `${n[i] ?? `side ${i + 1}`} ${p < 0 ? `−${-p}` : p}` : ''))
    .filter(Boolean)
    .join(', ')
}

/** CH-10: "Akane −2 Cooking"; without the points (a foe's numbers hidden), what it lost in words. */
function scopeWords(c: { name: string; scope: string | null; points?: number; ability: string }): string {
  if (c.scope === null) return `${c.name} none`
  if (c.scope === 'incapacitated') return `${c.name} incapacitated`
  const what = c.scope === 'overall' ? 'every ability' : c.ability || 'the ability used'
  return c.points === undefined ? `${c.name} reduced in ${what}` : `${c.name} −${c.points} ${c.scope === 'overall' ? 'to every ability' : c.ability}`
}

/**
 * The sentence for a challenge entry.
 * @example challengeLogText(entry) // '“Akane vs the meal”, round 1: Akane −6, the meal 7. the meal wins.'
 */
export function challengeLogText(e: LogEntry): string {
  const p = e.payload
  const title = `“${String(p.title ?? '')}”`
  switch (e.kind) {
    case 'challenge.started': {
      const sides = (p.sides as LoggedSide[] | undefined) ?? []
      const [first, ...rest] = sides
      const dice = p.dice && p.dice !== 'none' ? `, ${DICE_WORDS[p.dice as DicePlace] ?? String(p.dice)}` : ''
      const outcome = p.outcome ? ` ${String(p.outcome)} at once.` : ''
      return `Challenge ${title} begun: ${first ? sideWords(first) : ''} against ${rest.map(sideWords).join(' and ')}${dice}.${outcome}`
    }
    case 'challenge.round': {
      const report = (p.report ?? {}) as { conversions?: { side: string; poolSpent: number; bonusGained: number; reservesGained: number; resistanceGained: number }[] }
      const converted = (report.conversions ?? [])
        .filter((c) => c.poolSpent > 0)
        .map((c) => `${c.side} converts ${c.poolSpent} into ${[c.bonusGained ? `${c.bonusGained} bonus` : '', c.reservesGained ? `${c.reservesGained} reserves` : '', c.resistanceGained ? `${c.resistanceGained} resistance` : ''].filter(Boolean).join(' and ')}`)
      const risks = converted.length ? ` (${converted.join('; ')})` : ''
      const pools = poolsWords(p.names, p.pools)
      return `${title}, round ${String(p.round)}${risks}${pools ? `: ${pools}` : ''}.${p.outcome ? ` ${String(p.outcome)}.` : ''}`
    }
    case 'challenge.changed': {
      const changes = (p.changes as { side: string; changed: boolean; ability: string; pool?: { after: number }; firstRoundBonus?: number }[] | undefined) ?? []
      const moved = changes.filter((c) => c.changed).map((c) => `${c.side} changes to ${c.ability || 'another ability'}${c.pool ? ` (pool ${c.pool.after})` : ''}`)
      const bonus = changes.filter((c) => (c.firstRoundBonus ?? 0) > 0).map((c) => `${c.side} +${c.firstRoundBonus} bonus next round`)
      return `${title}: ${[...moved, ...bonus].join('; ')} (CH-5).`
    }
    case 'challenge.consequences': {
      const cs = (p.consequences as { name: string; scope: string | null; points?: number; ability: string }[] | undefined) ?? []
      return `Consequences of ${title}: ${cs.map(scopeWords).join('; ') || 'none'} (CH-10).`
    }
    case 'challenge.closed': {
      const pools = poolsWords(p.names, p.pools)
      return p.brokenOff ? `${title} broken off${pools ? ` at ${pools}` : ''}.` : `${title} put away${p.outcome ? `: ${String(p.outcome)}` : ''}.`
    }
    case 'challenge.undone':
      return `Taken back: ${String(p.summary)}.`
    default:
      return entryWords(e.kind, e.payload)
  }
}
