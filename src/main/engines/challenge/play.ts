/**
 * The step-by-step challenge the table screen drives (CH-1 … CH-3, CH-7 … CH-9, CH-11): a state,
 * one round at a time with each side's choices in between, and a report of every face and change.
 */
import type { Dice } from '../dice'
import { challengerProblems, createChallenger, ownReservesLost, withCurrentNumbers, type Challenger, type ChallengerSetup } from './challenger'
import { startOfRoundConversion, type ConversionChoice, type ConversionReport } from './conversion'
import { membersStanding } from './horde'
import { decide, type ChallengeWinner } from './outcome'
import { RANDOM_PLACES, varyWithDice, type ChallengeDiceRoll, type RandomPlace } from './randomness'
import type { Refusal } from './refusal'
import { exchange, type Blow, type Exchange } from './round'
import type { SideState } from './side'

/** A running challenge. `sides[0]` faces every other side (CH-8); one-on-one has two sides. */
export interface ChallengeState {
  sides: Challenger[]
  /** Where dice replace numbers, if anywhere (CH-11); the dice themselves come with each call. */
  randomPlace: RandomPlace | null
  roundsPlayed: number
  /** Set once the challenge is decided (CH-3). */
  winner: ChallengeWinner | null
}

/** Everything one round did, so the log can tell the story. */
export interface RoundReport {
  round: number
  /** CH-5 bonus that came into effect this round, by side. */
  carriedBonus: { side: string; bonus: number }[]
  conversions: ConversionReport[]
  /** Every challenge die rolled this round, in order (DICE-3). */
  dice: ChallengeDiceRoll[]
  /** Per side: numbers at the start of the exchange, what it used, what it took, numbers after. */
  sides: {
    /** The side's place in the challenge (0 faces all the others) and its name. */
    index: number
    side: string
    before: SideState
    bonusUsed: number
    effective: number
    resistanceUsed: number
    through: number
    fromReserves: number
    fromPool: number
    after: SideState
  }[]
  blows: (Blow & { fromSide: string; toSide: string })[]
  /** Horde members who fell this round (CH-9). */
  fallen: { side: string; members: number; standing: number }[]
  eliminated: string[]
  winner: ChallengeWinner | null
}

function defaultName(index: number, count: number): string {
  if (count === 2) return index === 0 ? 'a' : 'b'
  return index === 0 ? 'single' : `opponent ${index}`
}

/**
 * Starts a challenge (CH-1): side 0 against one opponent, or against several (CH-8). With
 * randomness, the pools ("pools") or reserves ("modifiers") are rolled now and the faces returned.
 * A side whose pool starts at 0 or less is already out, and the challenge may be decided at once.
 * @example startChallenge([{ rating: 2, name: 'Akane' }, { rating: 8, name: 'the meal' }])
 */
export function startChallenge(
  setups: readonly ChallengerSetup[],
  options: { randomness?: { place: RandomPlace; dice: Dice } } = {},
): { ok: true; state: ChallengeState; dice: ChallengeDiceRoll[] } | Refusal {
  const names = setups.map((s, i) => s.name ?? defaultName(i, setups.length))
  const problems = setups.flatMap((s, i) => challengerProblems(s, names[i] as string))
  if (setups.length < 2) problems.push(`A challenge needs at least two sides; got ${setups.length}.`)
  const place = options.randomness?.place
  if (place !== undefined && !(RANDOM_PLACES as readonly string[]).includes(place)) {
    problems.push(`Dice can go at one of ${RANDOM_PLACES.join(', ')} (CH-11); got ${String(place)}.`)
  }
  if (problems.length > 0) return { ok: false, problems }
  const dice: ChallengeDiceRoll[] = []
  const sides = setups.map((s, i) => createChallenger(s, names[i] as string, options.randomness, dice))
  const pools = sides.map((s) => s.numbers.pool)
  const winner = pools.some((p) => p <= 0) ? decide(pools, pools) : null
  return { ok: true, state: { sides, randomPlace: place ?? null, roundsPlayed: 0, winner }, dice }
}

/** CH-5: a carried bonus lasts exactly one round, the one that starts now. */
function carryBonus(ch: Challenger): Challenger {
  return { ...ch, roundBonus: ch.carriedBonus, carriedBonus: 0 }
}

/** After the losses: the deepest pool (CH-10), and a horde's fallen members and group bonus (CH-9). */
function afterLosses(ch: Challenger, numbers: SideState): Challenger {
  const next: Challenger = {
    ...ch,
    numbers,
    lowestPool: Math.min(ch.lowestPool, numbers.pool),
    // Losses spend the side's own reserves first, so unspent converted ones are what is left over them.
    converted: { ...ch.converted, reserves: Math.min(ch.converted.reserves, numbers.reserves) },
  }
  if (!next.horde) return next
  const standing = numbers.pool <= 0 ? 0 : membersStanding(next.horde, ownReservesLost(next))
  // CH-9: the group bonus follows the members still standing.
  return withCurrentNumbers({ ...next, horde: { ...next.horde, standing } })
}

/**
 * Plays one round (CH-2): carried bonus comes in (CH-5), conversions come back and each side's
 * choice is made (CH-7), then the simultaneous exchange (CH-2, CH-8), with dice at the chosen
 * place (CH-11). `choices[i]` is side i's choice. Refuses, changing nothing, when the challenge
 * is over, dice are missing, or a choice breaks a limit.
 * @example playRound(state, { choices: { 0: { toBonus: 2 } } })
 */
export function playRound(
  state: ChallengeState,
  input: { choices?: Readonly<Record<number, ConversionChoice>>; dice?: Dice } = {},
): { ok: true; state: ChallengeState; report: RoundReport } | Refusal {
  if (state.winner !== null) return { ok: false, problems: [`The challenge is over (${state.winner}); start a new one.`] }
  if (state.randomPlace !== null && input.dice === undefined) {
    return { ok: false, problems: [`Dice are used at "${state.randomPlace}" in this challenge (CH-11); give the round its dice.`] }
  }
  const inPlay = state.sides.map((s) => s.numbers.pool > 0)
  const problems: string[] = []
  const conversions: ConversionReport[] = []
  const ready = state.sides.map((ch, i) => {
    const choice = input.choices?.[i]
    if (!inPlay[i]) {
      if (choice) problems.push(`${ch.name} is out of the challenge and makes no choices.`)
      return ch
    }
    const started = startOfRoundConversion(carryBonus(ch), choice)
    if (!started.ok) {
      problems.push(...started.problems)
      return ch
    }
    conversions.push(started.report)
    return started.challenger
  })
  if (problems.length > 0) return { ok: false, problems }

  const dice: ChallengeDiceRoll[] = []
  const ex = exchange(
    ready.map((ch) => ch.numbers),
    ready.map((ch) => ch.name),
    inPlay,
    varyWithDice(state.randomPlace === null ? undefined : { place: state.randomPlace, dice: input.dice as Dice }, dice),
  )
  const sides = ready.map((ch, i) => (inPlay[i] ? afterLosses(ch, ex.after[i] as SideState) : ch))
  const before = ready.map((ch) => ch.numbers.pool)
  const after = sides.map((ch) => ch.numbers.pool)
  const winner = decide(before, after)
  const report = describeRound({ round: state.roundsPlayed + 1, ready, sides, inPlay, ex, conversions, dice, winner })
  return { ok: true, state: { ...state, sides, roundsPlayed: state.roundsPlayed + 1, winner }, report }
}

/** The round's story for the log, from the sides before (`ready`) and after the exchange. */
function describeRound(r: {
  round: number
  ready: Challenger[]
  sides: Challenger[]
  inPlay: boolean[]
  ex: Exchange
  conversions: ConversionReport[]
  dice: ChallengeDiceRoll[]
  winner: ChallengeWinner | null
}): RoundReport {
  const names = r.ready.map((ch) => ch.name)
  return {
    round: r.round,
    carriedBonus: r.ready.filter((ch, i) => r.inPlay[i] && ch.roundBonus > 0).map((ch) => ({ side: ch.name, bonus: ch.roundBonus })),
    conversions: r.conversions,
    dice: r.dice,
    sides: r.ready.flatMap((ch, i) =>
      r.inPlay[i]
        ? [
            {
              index: i,
              side: ch.name,
              before: ch.numbers,
              bonusUsed: r.ex.bonusUsed[i] ?? 0,
              effective: r.ex.effective[i] ?? 0,
              resistanceUsed: r.ex.resistanceUsed[i] ?? 0,
              ...(r.ex.taken[i] ?? { through: 0, fromReserves: 0, fromPool: 0 }),
              after: r.sides[i]?.numbers ?? ch.numbers,
            },
          ]
        : [],
    ),
    blows: r.ex.blows.map((b) => ({ ...b, fromSide: names[b.from] ?? '', toSide: names[b.to] ?? '' })),
    fallen: r.sides.flatMap((ch, i) => {
      const was = r.ready[i]?.horde?.standing ?? 0
      return ch.horde && ch.horde.standing < was ? [{ side: ch.name, members: was - ch.horde.standing, standing: ch.horde.standing }] : []
    }),
    eliminated: r.sides.filter((ch, i) => r.inPlay[i] && ch.numbers.pool <= 0).map((ch) => ch.name),
    winner: r.winner,
  }
}

/**
 * Plays rounds with no choices until the challenge is decided or `maxRounds` more rounds have been
 * played (a stalemate: resistance can stop every loss for ever).
 * @example playOut(state, { maxRounds: 100 }).state.winner
 */
export function playOut(
  state: ChallengeState,
  options: { maxRounds?: number; dice?: Dice } = {},
): { ok: true; state: ChallengeState; reports: RoundReport[]; stalemate: boolean } | Refusal {
  const maxRounds = options.maxRounds ?? 100
  if (!Number.isInteger(maxRounds) || maxRounds < 0) {
    return { ok: false, problems: [`maxRounds must be a whole number, 0 or more; got ${String(maxRounds)}.`] }
  }
  const reports: RoundReport[] = []
  let current = state
  while (current.winner === null && reports.length < maxRounds) {
    const played = playRound(current, options.dice === undefined ? {} : { dice: options.dice })
    if (!played.ok) return played
    current = played.state
    reports.push(played.report)
  }
  return { ok: true, state: current, reports, stalemate: current.winner === null }
}
