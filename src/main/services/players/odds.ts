/**
 * The odds a player character's public roll had before it was made (DICE-2), for the players'
 * screen, computed again by the engines from what the roll's log entry says it was, the same
 * numbers the GM's odds preview showed for that set-up: an old-school check (OSR-10), resistance
 * roll (OSR-3), strike (OSR-15, per roll of the strike), shot and casting (OSR-22); a LODE pool or
 * Fluke Die (LODE-1 … LODE-9), its Destiny re-roll, an opposed roll (LODE-7) and each attempt at
 * deliberate Halfmagic (LODE-10); a Ladder task against a difficulty (LAD-4); a Ranks ability roll
 * (RK-2, RK-8), its aspect (RK-4) and its borderline roll again (RK-5); a Challenge's start and
 * rounds (CH-11), from the odds their entries kept. A roll by
 * anyone else (an NPC, a foe, the GM's "is it so?") shows no odds: the odds of GM rolls stay the GM's.
 */
import type { LogEntry } from '../../../shared/contract'
import { CHECK_TARGET, checkOdds, saveOdds } from '../../engines/osr'
import { opposedOdds, type PoolInput } from '../../engines/lode'
import { exactPoolOdds } from '../../engines/lode/table-odds'
import { chartOf, rankRollOdds } from '../../engines/ranks/table-odds'
import { aspectOdds, colourOf, type Rank } from '../../engines/ranks'
import { ladderOdds } from '../table-ladder'

/** "16.7 %", "< 0.1 %", "100 %": as the GM's odds chart words a chance. */
function percent(p: number): string {
  if (p >= 0.9995) return '100 %'
  if (p > 0 && p < 0.0005) return '< 0.1 %'
  return `${(p * 100).toFixed(1)} %`
}

const isPc = (id: unknown, pcIds: ReadonlySet<number>): boolean => typeof id === 'number' && pcIds.has(id)

/** Whether a LODE side's entry still says its pool: the players' copy of a foe's side whose numbers are hidden does not (LODE-1). */
const hasPool = (side: unknown): side is LodeSide => !!side && typeof side === 'object' && !!(side as { input?: unknown }).input

/** A LODE side as its log entry stores it: who rolled and the pool, Energy dice included. */
interface LodeSide {
  characterId: number | null
  name: string
  input: PoolInput
}

/** LODE-1 … LODE-6: the chance of at least one success (the table's "Success" at "needs at least 1") and of Halfmagic. */
function lodePoolWords(side: LodeSide, fluke: boolean): string {
  const o = exactPoolOdds(side.input, fluke)
  const success = 1 - (o.successes[0] ?? 0)
  return fluke ? `Success ${percent(success)}` : `Success ${percent(success)} · Halfmagic ${percent(o.halfmagic)}`
}

/** RK-2, RK-8: a Ranks roll's chance in the GM's words, against a Danger or not. */
function rankWords(o: { success: number; noHarm: number }, danger: unknown): string {
  return danger ? `Danger removed ${percent(o.success)} · no Harm ${percent(o.noHarm)}` : `Success ${percent(o.success)}`
}

/**
 * CH-11: the chances the GM's odds showed before a challenge's start or round, as its entry keeps
 * them (the engine's, computed then), told from the side of the player character in it.
 */
function challengeWords(p: Record<string, unknown>, pcIds: ReadonlySet<number>): string | null {
  // The players' version of an entry facing a foe whose numbers are hidden keeps no odds: none are told.
  const o = p.odds as { a: number; b: number; draw: number; stalemate: number } | null | undefined
  if (!o || ![o.a, o.b, o.draw, o.stalemate].every((x) => typeof x === 'number' && Number.isFinite(x))) return null
  const sides: { name: string; characterId: number | null }[] = Array.isArray(p.sides)
    ? (p.sides as { name: string; characterId: number | null }[])
    : ((p.names as string[] | undefined) ?? []).map((name, i) => ({ name, characterId: ((p.characterIds as (number | null)[] | undefined) ?? [])[i] ?? null }))
  const at = sides.findIndex((s) => isPc(s.characterId, pcIds))
  if (at < 0) return null
  const name = sides[at]?.name ?? ''
  const wins = at === 0 ? `${name} wins ${percent(o.a)}` : sides.length === 2 ? `${name} wins ${percent(o.b)}` : `${name}’s side wins ${percent(o.b)}`
  const draw = o.draw > 0 ? ` · draw ${percent(o.draw)}` : ''
  const stalemate = o.stalemate > 0 ? ` · stalemate ${percent(o.stalemate)}` : ''
  return wins + draw + stalemate
}

/**
 * "Success 45 %", or null when the roll was not a player character's or has no single chance.
 * @example publicOdds(entry, new Set([4])) // 'Success 55 %'
 */
export function publicOdds(entry: LogEntry, pcIds: ReadonlySet<number>): string | null {
  const p = entry.payload
  try {
    switch (entry.kind) {
      case 'osr.check':
        // A check at a foe's hidden numbers keeps no modifier or target for the players: no odds either.
        if (!isPc(p.characterId, pcIds) || typeof p.modifier !== 'number' || typeof p.target !== 'number') return null
        return `Success ${percent(checkOdds({ modifier: Number(p.modifier), target: Number(p.target) }).success)}`
      case 'osr.save':
        if (!isPc(p.characterId, pcIds) || typeof p.target !== 'number') return null
        return `Resisted ${percent(saveOdds({ target: Number(p.target) }).saved)}`
      case 'osr.strike': {
        // OSR-15, OSR-17: every roll of a strike adds the same modifier against 10 (none kept when it holds a foe's hidden numbers).
        if (!isPc(p.characterId, pcIds) || typeof p.modifier !== 'number') return null
        const rolls = Array.isArray(p.rolls) ? p.rolls.length : 1
        const hit = percent(checkOdds({ modifier: Number(p.modifier), target: CHECK_TARGET }).success)
        return rolls > 1 ? `Hit ${hit} on each of ${rolls} rolls` : `Hit ${hit}`
      }
      case 'osr.shot':
        if (!isPc(p.characterId, pcIds) || typeof p.modifier !== 'number') return null
        return `Hit ${percent(checkOdds({ modifier: Number(p.modifier), target: CHECK_TARGET }).success)}`
      case 'osr.cast':
        // OSR-22: casting is a check against 10 with the caster's modifier.
        if (!isPc(p.characterId, pcIds) || typeof p.modifier !== 'number') return null
        return `Success ${percent(checkOdds({ modifier: Number(p.modifier), target: CHECK_TARGET }).success)}`
      case 'ladder.roll': {
        // LAD-4: a task's chance needs its asset and difficulty; a roll whose asset the players may not read shows none.
        if (!isPc(p.characterId, pcIds) || !p.difficulty || !p.asset) return null
        const o = ladderOdds({ kind: 'task', asset: p.asset, difficulty: p.difficulty, wonky: p.wonky ?? null, extended: p.extended === true } as Parameters<typeof ladderOdds>[0])
        return o.success ? `Success ${percent(o.success.p)}` : null
      }
      case 'lode.roll':
        if (!isPc(p.characterId, pcIds) || !hasPool(p)) return null
        return lodePoolWords(p, p.mode === 'fluke')
      case 'lode.opposed': {
        // LODE-7: each side's pool as rolled; the odds are told from the player character's side.
        // Without a side's pool (a foe's numbers not shown) they would give that pool away: none.
        const a = p.a
        const b = p.b
        if (!hasPool(a) || !hasPool(b)) return null
        const o = opposedOdds(a.input, b.input)
        if (isPc(a.characterId, pcIds)) return `${a.name} wins ${percent(o.win)} · tie ${percent(o.tie)}`
        if (isPc(b.characterId, pcIds)) return `${b.name} wins ${percent(o.lose)} · tie ${percent(o.tie)}`
        return null
      }
      case 'lode.reroll':
        // A Destiny re-roll throws the same pool again (LODE-8); an opposed roll's win odds need the other side's pool, which the entry does not keep.
        if (!isPc(p.characterId, pcIds) || p.mode === 'opposed' || !hasPool(p)) return null
        return lodePoolWords(p, p.mode === 'fluke')
      case 'lode.deliberate':
      case 'lode.deliberate.reroll':
        // LODE-10: each attempt at deliberate Halfmagic works only on Halfmagic, at Base Dice 2.
        if (!isPc(p.characterId, pcIds) || !hasPool(p)) return null
        return `Halfmagic ${percent(exactPoolOdds(p.input, false).halfmagic)}`
      case 'ranks.aspect': {
        // RK-4: the aspect's die added to the roll as it stood, as the GM's "With it" line gave; none where the rank or dice are not the players' to read.
        if (!isPc(p.characterId, pcIds) || typeof p.rank !== 'string' || typeof p.from !== 'string' || typeof p.up !== 'number' || typeof p.down !== 'number') return null
        const from = p.from as Rank
        return rankWords(chartOf(aspectOdds({ ability: p.rank as Rank, up: Number(p.up), down: Number(p.down), result: from, colour: colourOf(from) })), p.danger)
      }
      case 'ranks.borderline':
      case 'ranks.roll': {
        // RK-2: Fair or better succeeds; against a Danger (RK-8) it is removed, with no Harm on Good or better. None without the rank.
        if (!isPc(p.characterId, pcIds) || typeof p.rank !== 'string') return null
        return rankWords(rankRollOdds({ rank: p.rank as Rank }), p.danger)
      }
      case 'challenge.started':
      case 'challenge.round':
        return challengeWords(p, pcIds)
      default:
        return null
    }
  } catch {
    // An entry from an older Lantern whose numbers the engine no longer takes: no odds rather than wrong ones.
    return null
  }
}
