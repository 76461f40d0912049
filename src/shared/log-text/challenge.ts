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
  const horde = s.horde ? `${s.horde} × ` : ''
  const rating = `${horde}${s.ability ? `${s.ability} ` : ''}${n?.pool ?? s.rating ?? ''}`
  return `${s.name} (${[rating, ...extras].join(', ')})`
}

/** "Akane −6, the meal 7". */
function poolsWords(names: unknown, pools: unknown): string {
  const n = (names as string[] | undefined) ?? []
  return ((pools as number[] | undefined) ?? []).map((p, i) => `${n[i] ?? `side ${i + 1}`} ${p < 0 ? `−${-p}` : p}`).join(', ')
}

const scopeWords = (c: { name: string; scope: string | null; points: number; ability: string }): string =>
  c.scope === null ? `${c.name} none` : c.scope === 'incapacitated' ? `${c.name} incapacitated` : `${c.name} −${c.points} ${c.scope === 'overall' ? 'to every ability' : c.ability}`

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
      return `${title}, round ${String(p.round)}${risks}: ${poolsWords(p.names, p.pools)}.${p.outcome ? ` ${String(p.outcome)}.` : ''}`
    }
    case 'challenge.changed': {
      const changes = (p.changes as { side: string; changed: boolean; ability: string; pool: { after: number }; firstRoundBonus: number }[] | undefined) ?? []
      const moved = changes.filter((c) => c.changed).map((c) => `${c.side} changes to ${c.ability || 'another ability'} (pool ${c.pool.after})`)
      const bonus = changes.filter((c) => c.firstRoundBonus > 0).map((c) => `${c.side} +${c.firstRoundBonus} bonus next round`)
      return `${title}: ${[...moved, ...bonus].join('; ')} (CH-5).`
    }
    case 'challenge.consequences': {
      const cs = (p.consequences as { name: string; scope: string | null; points: number; ability: string }[] | undefined) ?? []
      return `Consequences of ${title}: ${cs.map(scopeWords).join('; ') || 'none'} (CH-10).`
    }
    case 'challenge.closed':
      return p.brokenOff ? `${title} broken off at ${poolsWords(p.names, p.pools)}.` : `${title} put away${p.outcome ? `: ${String(p.outcome)}` : ''}.`
    case 'challenge.undone':
      return `Taken back: ${String(p.summary)}.`
    default:
      return entryWords(e.kind, e.payload)
  }
}
