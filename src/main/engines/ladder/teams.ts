/**
 * Outnumbered conflicts (LAD-10) and supers ploughing through henchmen (LAD-31), as a state machine. Each team
 * uses its best roll; at 6 AP a team neutralises one opposing member (or a super removes a d6 of henchmen), then
 * every AP on both sides is erased. The fight goes on until one team has no one left.
 */
import type { Dice } from '../dice'
import { addAP, exchangeAP, requireHeadStart, sixAPLeader } from './advantage'
import type { AdvantagePoints } from './advantage'
import { bestOfOdds, contenderOdds, scoredOdds } from './conflict-odds'
import type { ScoredOdds } from './conflict-odds'
import { rollContender } from './exchange'
import type { Contender } from './exchange'
import { highestRung, requireAsset } from './rungs'
import type { Rung, Side } from './rungs'
import type { TaskResult } from './task'

export interface TeamMember extends Contender {
  name: string
  /** A superhero: when their team reaches 6 AP against henchmen, a d6 of henchmen go down (LAD-31). */
  super?: boolean
  henchman?: boolean
}

export interface TeamConflictState {
  extended: boolean
  teams: { a: TeamMember[]; b: TeamMember[] }
  /** Names neutralised so far, in order. */
  out: { a: string[]; b: string[] }
  ap: AdvantagePoints
  exchanges: number
  /** The team that reached 6 AP and must now pick an opposing member to neutralise (LAD-10). */
  mustNeutralise: Side | null
  /** Both teams hold 6 AP or more, equally: one more exchange decides (LAD-8 Decision). */
  tied: boolean
  winner: Side | null
}

/** LAD-31: the d6 a super rolls at 6 AP, and what it did. */
export interface HenchmenRout {
  face: number
  removed: string[]
  /** Pips beyond the henchmen there were: lost. */
  lost: number
}

export interface TeamExchangeReport {
  exchange: number
  rolls: { a: { name: string; roll: TaskResult }[]; b: { name: string; roll: TaskResult }[] }
  best: { a: Rung; b: Rung }
  before: AdvantagePoints
  scored: [number, number]
  /** AP after the exchange and after any erasure it caused. */
  after: AdvantagePoints
  reachedSix: Side | null
  tied: boolean
  henchmen?: HenchmenRout
  /** A neutralisation made without asking, because only one opposing member was left to pick. */
  neutralised?: { side: Side; name: string }
  mustNeutralise: Side | null
  winner: Side | null
}

const other = (side: Side): Side => (side === 'a' ? 'b' : 'a')

/**
 * Starts a team conflict (LAD-10), with any head start (LAD-9). Names must be unique across both teams.
 * @example startTeamConflict({ a: [{ name: 'Tai', asset: 'expert' }], b: [{ name: 'Thug 1', asset: 'good' }, { name: 'Thug 2', asset: 'good' }] })
 */
export function startTeamConflict(setup: {
  a: TeamMember[]
  b: TeamMember[]
  headStart?: Partial<AdvantagePoints>
  extended?: boolean
}): TeamConflictState {
  const extended = setup.extended ?? false
  const names = new Set<string>()
  for (const side of ['a', 'b'] as const) {
    if (setup[side].length === 0) throw new RangeError(`Team ${side} has no one in it; a team conflict needs someone on each side.`)
    for (const m of setup[side]) {
      if (m.name.trim() === '') throw new RangeError(`Every member of team ${side} needs a name, so the GM can say who is neutralised.`)
      if (names.has(m.name)) throw new RangeError(`"${m.name}" is named twice; give each participant a name of their own.`)
      if (m.super && m.henchman) throw new RangeError(`"${m.name}" cannot be both a super and a henchman.`)
      names.add(m.name)
      requireAsset(m.asset, extended)
    }
  }
  return {
    extended,
    teams: { a: [...setup.a], b: [...setup.b] },
    out: { a: [], b: [] },
    ap: requireHeadStart(setup.headStart),
    exchanges: 0,
    mustNeutralise: null,
    tied: false,
    winner: null,
  }
}

/** Takes members out of a team, erases every AP on both sides, and sees whether a team is now empty (LAD-10). */
function takeOut(state: TeamConflictState, side: Side, names: readonly string[]): TeamConflictState {
  const left = state.teams[side].filter((m) => !names.includes(m.name))
  return {
    ...state,
    teams: { ...state.teams, [side]: left },
    out: { ...state.out, [side]: [...state.out[side], ...names] },
    ap: { a: 0, b: 0 },
    mustNeutralise: null,
    tied: false,
    winner: left.length === 0 ? other(side) : null,
  }
}

function rollTeam(dice: Dice, team: readonly TeamMember[], extended: boolean): { name: string; roll: TaskResult }[] {
  return team.map((m) => ({ name: m.name, roll: rollContender(dice, m, extended) }))
}

/**
 * Plays one exchange of a team conflict (LAD-10, LAD-31): everyone rolls (team a in order, then team b), each
 * team's best result scores AP as in LAD-7. A team reaching 6 AP neutralises one opposing member: the GM picks
 * with `neutralise` unless only one is left; a team with a super against henchmen rolls a d6 and removes that many
 * henchmen instead. Either way, every AP on both sides is then erased.
 * @example teamExchange(seededDice(1), startTeamConflict({ a: [{ name: 'Tai', asset: 'expert' }], b: [{ name: 'Thug', asset: 'good' }] }))
 */
export function teamExchange(dice: Dice, state: TeamConflictState): { state: TeamConflictState; report: TeamExchangeReport } {
  if (state.winner) throw new Error(`This fight is over: team ${state.winner} has won it.`)
  if (state.mustNeutralise) {
    throw new Error(`Team ${state.mustNeutralise} reached 6 AP and must first pick which member of team ${other(state.mustNeutralise)} is neutralised.`)
  }
  const rolls = { a: rollTeam(dice, state.teams.a, state.extended), b: rollTeam(dice, state.teams.b, state.extended) }
  const best = { a: highestRung(rolls.a.map((r) => r.roll.result)), b: highestRung(rolls.b.map((r) => r.roll.result)) }
  const scored = exchangeAP(best.a, best.b)
  const ap = addAP(state.ap, scored)
  const leader = sixAPLeader(ap)
  let next: TeamConflictState = { ...state, ap, exchanges: state.exchanges + 1, tied: leader === 'tie' }
  const report: TeamExchangeReport = {
    exchange: next.exchanges, rolls, best, before: state.ap, scored, after: ap,
    reachedSix: null, tied: next.tied, mustNeutralise: null, winner: null,
  }
  if (leader === 'a' || leader === 'b') {
    report.reachedSix = leader
    const foes = other(leader)
    const henchmen = next.teams[foes].filter((m) => m.henchman)
    if (next.teams[leader].some((m) => m.super) && henchmen.length > 0) {
      // LAD-31: one d6, no stepping; only henchmen count (never opposing supers), and excess pips are lost.
      const face = dice.roll(6)
      const removed = henchmen.slice(0, face).map((m) => m.name)
      report.henchmen = { face, removed, lost: face - removed.length }
      next = takeOut(next, foes, removed)
    } else if (next.teams[foes].length === 1) {
      const name = (next.teams[foes][0] as TeamMember).name
      report.neutralised = { side: foes, name }
      next = takeOut(next, foes, [name])
    } else {
      next = { ...next, mustNeutralise: leader }
    }
  }
  return { state: next, report: { ...report, after: next.ap, mustNeutralise: next.mustNeutralise, winner: next.winner } }
}

/**
 * The team that reached 6 AP neutralises the opposing member the GM or player picks (LAD-10); then every AP on
 * both sides is erased. The conflict ends when a team has no one left.
 * @example neutralise(state, 'Thug 2') // team b loses Thug 2; AP 0–0
 */
export function neutralise(state: TeamConflictState, name: string): TeamConflictState {
  if (!state.mustNeutralise) throw new Error('No team has reached 6 AP, so no one can be neutralised now.')
  const foes = other(state.mustNeutralise)
  if (!state.teams[foes].some((m) => m.name === name)) {
    const choices = state.teams[foes].map((m) => m.name).join(', ')
    throw new RangeError(`"${name}" is not on team ${foes} in this fight; pick one of: ${choices}.`)
  }
  return takeOut(state, foes, [name])
}

/**
 * Exact AP odds of the next team exchange (DICE-2): each team's best-of distribution compared as in LAD-7.
 * @example teamExchangeOdds(startTeamConflict({ a: [{ name: 'A', asset: 'good' }], b: [{ name: 'B', asset: 'good' }] }))
 */
export function teamExchangeOdds(state: TeamConflictState): ScoredOdds[] {
  const team = (members: readonly TeamMember[]) => bestOfOdds(members.map((m) => contenderOdds(m, state.extended)))
  return scoredOdds(team(state.teams.a), team(state.teams.b))
}
