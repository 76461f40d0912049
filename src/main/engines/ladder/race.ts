/**
 * The race (LAD-11): three or more contestants each roll every exchange against one difficulty rung; meeting it
 * scores 1 AP, beating it by n rungs n + 1; the first to (contestants + 3) AP wins.
 */
import type { Dice } from '../dice'
import { apForMargin } from './advantage'
import { contenderOdds } from './conflict-odds'
import { rollContender } from './exchange'
import type { Contender } from './exchange'
import { RUNGS, requireAsset, requireRung, rungIndex } from './rungs'
import type { Rung } from './rungs'
import type { TaskResult } from './task'

export interface RaceContestant extends Contender {
  name: string
}

export interface RaceState {
  extended: boolean
  difficulty: Rung
  contestants: RaceContestant[]
  /** AP to win: number of contestants + 3. */
  target: number
  ap: Record<string, number>
  /** Who rolls in the next exchange: everyone, or only those tied for the win (LAD-11 Decision). */
  rolling: string[]
  exchanges: number
  winner: string | null
}

export interface RaceExchangeReport {
  exchange: number
  rolls: { name: string; roll: TaskResult; scored: number }[]
  before: Record<string, number>
  after: Record<string, number>
  /** Contestants tied at the highest total at or above the target: they alone play one more exchange. */
  tied: string[]
  winner: string | null
}

/**
 * AP a race roll scores against the difficulty (LAD-11).
 * @example raceAP('superb', 'good') // 3
 */
export function raceAP(result: Rung, difficulty: Rung): number {
  const margin = rungIndex(result) - rungIndex(difficulty)
  return margin >= 0 ? apForMargin(margin) : 0
}

/**
 * Starts a race (LAD-11).
 * @example startRace({ difficulty: 'good', contestants: [{ name: 'Ann', asset: 'good' }, { name: 'Bo', asset: 'expert' }, { name: 'Cy', asset: 'poor' }] }).target // 6
 */
export function startRace(setup: { contestants: RaceContestant[]; difficulty: Rung; extended?: boolean }): RaceState {
  const extended = setup.extended ?? false
  const n = setup.contestants.length
  if (n < 3) throw new RangeError(`A race needs 3 or more contestants; got ${n}. For two, run an extended conflict.`)
  const names = setup.contestants.map((c) => c.name)
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice !== undefined) throw new RangeError(`"${twice}" is entered twice; give each contestant a name of their own.`)
  setup.contestants.forEach((c) => requireAsset(c.asset, extended))
  return {
    extended,
    difficulty: requireRung(setup.difficulty, 'The race difficulty', extended),
    contestants: [...setup.contestants],
    target: n + 3,
    ap: Object.fromEntries(names.map((name) => [name, 0])),
    rolling: names,
    exchanges: 0,
    winner: null,
  }
}

/**
 * Plays one exchange of a race (LAD-11): each contestant still rolling rolls, in the order entered. If some reach
 * the target, the highest AP wins; a tie at the top plays one more exchange among the tied (Decision).
 * @example raceExchange(seededDice(3), race).report.after
 */
export function raceExchange(dice: Dice, state: RaceState): { state: RaceState; report: RaceExchangeReport } {
  if (state.winner) throw new Error(`This race is over: ${state.winner} has won it.`)
  const rolls = state.contestants
    .filter((c) => state.rolling.includes(c.name))
    .map((c) => {
      const roll = rollContender(dice, c, state.extended)
      return { name: c.name, roll, scored: raceAP(roll.result, state.difficulty) }
    })
  const ap = { ...state.ap }
  for (const r of rolls) ap[r.name] = (ap[r.name] ?? 0) + r.scored
  const finishers = state.rolling.filter((name) => (ap[name] ?? 0) >= state.target)
  const top = Math.max(...finishers.map((name) => ap[name] ?? 0))
  const leaders = finishers.filter((name) => ap[name] === top)
  const winner = leaders.length === 1 ? (leaders[0] as string) : null
  const tied = leaders.length > 1 ? leaders : []
  const next: RaceState = { ...state, ap, rolling: tied.length > 0 ? tied : state.rolling, exchanges: state.exchanges + 1, winner }
  return { state: next, report: { exchange: next.exchanges, rolls, before: state.ap, after: ap, tied, winner } }
}

/**
 * Exact odds of the AP one contestant scores in a race exchange (DICE-2): `odds[k]` = P(k AP).
 * @example raceScoreOdds({ asset: 'good' }, 'good')[0] // 1/6: a step down misses
 */
export function raceScoreOdds(contestant: Contender, difficulty: Rung, extended = false): number[] {
  const result = contenderOdds(contestant, extended)
  const odds: number[] = []
  for (const rung of RUNGS) {
    const k = raceAP(rung, requireRung(difficulty, 'The race difficulty', extended))
    odds[k] = (odds[k] ?? 0) + result[rung]
  }
  return Array.from(odds, (p) => p ?? 0)
}
