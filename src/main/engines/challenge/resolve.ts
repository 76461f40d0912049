/**
 * A whole challenge played to its end with no choices along the way: one-on-one
 * (`resolveChallenge`, CH-3) or one against several (`gangUp`, CH-8).
 */
import type { Dice } from '../dice'
import type { ChallengerSetup } from './challenger'
import type { ChallengeWinner } from './outcome'
import { playOut, startChallenge, type ChallengeState, type RoundReport } from './play'
import type { Refusal } from './refusal'
import type { ChallengeDiceRoll, RandomPlace } from './randomness'
import type { Side, SideState } from './side'

/** A whole challenge: numbers after each round, the winner, and the full story. */
export interface PlayedChallenge {
  ok: true
  /** Every side's numbers after each round (side 0 first). */
  rounds: SideState[][]
  winner: ChallengeWinner | 'stalemate'
  /** Dice rolled before the first round (pools or reserves, CH-11). */
  startDice: ChallengeDiceRoll[]
  reports: RoundReport[]
  state: ChallengeState
}

/**
 * Plays a challenge from its set-up to the end (CH-1 … CH-3, CH-8, CH-9, CH-11): side 0 against
 * every other side. `maxRounds` (default 100) stops a stalemate.
 * @example playChallenge([{ rating: 3 }, { rating: 3 }], { randomness: { place: 'pools', dice: seededDice(1) } }).winner
 */
export function playChallenge(
  setups: readonly ChallengerSetup[],
  options: { maxRounds?: number; randomness?: { place: RandomPlace; dice: Dice } } = {},
): PlayedChallenge | Refusal {
  const started = startChallenge(setups, options.randomness ? { randomness: options.randomness } : {})
  if (!started.ok) return started
  const played = playOut(started.state, {
    ...(options.maxRounds === undefined ? {} : { maxRounds: options.maxRounds }),
    ...(options.randomness ? { dice: options.randomness.dice } : {}),
  })
  if (!played.ok) return played
  return {
    ok: true,
    rounds: roundByRound(started.state, played.reports),
    winner: played.state.winner ?? 'stalemate',
    startDice: started.dice,
    reports: played.reports,
    state: played.state,
  }
}

/** Every side's numbers after each round; a side already out keeps its last numbers. */
function roundByRound(start: ChallengeState, reports: readonly RoundReport[]): SideState[][] {
  const latest = start.sides.map((s) => s.numbers)
  return reports.map((r) => {
    for (const s of r.sides) latest[s.index] = s.after
    return [...latest]
  })
}

function orThrow(played: PlayedChallenge | Refusal): PlayedChallenge {
  if (!played.ok) throw new RangeError(played.problems.join(' '))
  return played
}

/**
 * Rounds until elimination (CH-3): the state of both sides after each round, and the winner.
 * `maxRounds` (default 100) guards against a stalemate, which is reported as 'stalemate'.
 * Throws a RangeError naming every problem with the sides.
 * @example resolveChallenge({ rating: 3 }, { rating: 3 }).winner // 'draw' (1/1, then 0/0)
 */
export function resolveChallenge(a: Side, b: Side, options: { maxRounds?: number } = {}): {
  rounds: { a: SideState; b: SideState }[]
  winner: 'a' | 'b' | 'draw' | 'stalemate'
} {
  const played = orThrow(playChallenge([a, b], options))
  const winner = played.winner === 'single' ? 'a' : played.winner === 'opponents' ? 'b' : played.winner
  return { rounds: played.rounds.map(([sa, sb]) => ({ a: sa as SideState, b: sb as SideState })), winner }
}

/**
 * One against several (CH-8): the single side faces each opponent separately every round, inflicting
 * its full loss on each and taking the sum of theirs, each reduced by resistance separately. An
 * opponent may be a horde (CH-9): `{ rating, reserves, horde: { members } }` with one member's numbers.
 * Throws a RangeError naming every problem with the sides.
 * @example gangUp({ rating: 10, resistance: 1 }, [{ rating: 7, reserves: 6 }, { rating: 8, reserves: 2 }]).winner // 'single'
 */
export function gangUp(single: Side, opponents: Side[], options: { maxRounds?: number } = {}): {
  rounds: { single: SideState; opponents: SideState[] }[]
  winner: 'single' | 'opponents' | 'draw' | 'stalemate'
} {
  const named = (s: Side, name: string): ChallengerSetup => ({ name, ...s })
  const played = orThrow(playChallenge([named(single, 'single'), ...opponents.map((o, i) => named(o, `opponent ${i + 1}`))], options))
  return {
    rounds: played.rounds.map(([s, ...os]) => ({ single: s as SideState, opponents: os })),
    winner: played.winner,
  }
}
