/**
 * A challenge as the table shows it: each side's numbers and what it may do next round (CH-7),
 * the last round, the history of the pools, who won and what it cost (CH-10).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeSideView, ChallengeView } from '../../../shared/api/table-challenge.contract'
import { breakOffBonus, challengeDieValue, conversionLimit, CONVERSION_RATES, revertConversions, type ChallengeDiceRoll, type ChallengeWinner } from '../../engines/challenge'
import { consequencesOf } from './consequences'
import type { LoadedChallenge, SideMeta } from './state'
import { lastStepSummary } from './steps'

/**
 * "Cecilie wins", "Big Tang and Little Tang win", "A draw (or a double loss)".
 * @example outcomeWords('opponents', sides) // 'The meal wins'
 */
export function outcomeWords(winner: ChallengeWinner | null, sides: readonly SideMeta[]): string | null {
  if (winner === null) return null
  if (winner === 'draw') return 'A draw (or a double loss)'
  // A sentence starts with a capital, whatever the name: "The meal wins".
  const cap = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)
  if (winner === 'single') return cap(`${sides[0]?.name ?? 'the challenger'} wins`)
  const others = sides.slice(1).map((s) => s.name)
  return cap(others.length === 1 ? `${others[0]} wins` : `${others.slice(0, -1).join(', ')} and ${others.at(-1)} win`)
}

/** A roll of challenge dice with what each face counts for (CH-11). */
function withValues(d: ChallengeDiceRoll): ChallengeDiceRoll & { values: number[] } {
  return { ...d, values: d.faces.map(challengeDieValue) }
}

function sideView(c: LoadedChallenge, i: number): ChallengeSideView {
  const ch = c.stored.engine.sides[i]!
  const meta = c.stored.sides[i]!
  // CH-7: next round starts with bonus and resistance back as pool points.
  const back = revertConversions(ch).challenger.numbers.pool
  return {
    index: i,
    name: meta.name,
    characterId: meta.characterId,
    ability: meta.ability,
    abilitiesUsed: meta.abilitiesUsed,
    hazard: meta.hazard,
    rating: ch.rating,
    numbers: ch.numbers,
    startingPool: ch.startingPool,
    lowestPool: ch.lowestPool,
    out: ch.numbers.pool <= 0,
    converted: ch.converted,
    carriedBonus: ch.carriedBonus,
    next: { pool: back, turnable: Math.floor(ch.converted.reserves / CONVERSION_RATES.reservesPerPoint), limit: conversionLimit(back) },
    horde: ch.horde ? { members: ch.horde.members, standing: ch.horde.standing } : null,
    helps: meta.helps,
  }
}

/**
 * The challenge for the table.
 * @example await challengeView(db, await loadChallenge(db, 3))
 */
export async function challengeView(db: Kysely<Database>, c: LoadedChallenge): Promise<ChallengeView> {
  const { stored, row } = c
  const engine = stored.engine
  const [a, b] = engine.sides
  const oneOnOne = engine.sides.length === 2
  return {
    id: row.id,
    campaignId: row.campaign_id,
    sessionId: row.session_id,
    title: row.title,
    status: c.status,
    dice: engine.randomPlace ?? 'none',
    complementary: stored.complementary,
    gmOnly: stored.gmOnly,
    startedAt: row.started_at,
    roundsPlayed: engine.roundsPlayed,
    winner: engine.winner,
    outcome: outcomeWords(engine.winner, stored.sides),
    sides: engine.sides.map((_, i) => sideView(c, i)),
    startDice: stored.startDice.map(withValues),
    lastRound: stored.lastRound ? { ...stored.lastRound, dice: stored.lastRound.dice.map(withValues) } : null,
    history: stored.history,
    canChange: c.status === 'running' && oneOnOne && !engine.sides.some((s) => s.horde),
    carry: c.status !== 'running' && oneOnOne && a && b ? breakOffBonus(a.numbers.pool, b.numbers.pool) : null,
    consequences: await consequencesOf(db, c),
    consequencesWritten: stored.consequencesWritten,
    lastStep: await lastStepSummary(db, row.campaign_id, row.id),
  }
}
