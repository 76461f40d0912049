/**
 * Rounds and initiative (OSR-14): every combatant rolls d20 + M each round; highest acts first,
 * equal totals act together; the GM may modify the first round's rolls for surprise.
 */
import type { Dice } from '../../dice'
import { addDistributions, dieDistribution, mapDistribution, outcomes } from '../distribution'
import { requireWhole } from '../validate'

/** OSR-14: a round lasts 5 seconds; 60 rounds make a 5-minute turn. */
export const ROUND_SECONDS = 5
export const ROUNDS_PER_TURN = 60

export interface Combatant {
  id: string
  M: number
  /** The GM's modifier for surprise: first round only. */
  surprise?: number
}

export interface InitiativeRoll {
  id: string
  natural: number
  total: number
}

export interface InitiativeResult {
  round: number
  /** In the order of the combatants given. */
  rolls: InitiativeRoll[]
  /** Who acts when: highest total first; everyone in one step acts simultaneously. */
  order: { total: number; ids: string[] }[]
  faces: number[]
}

function checkedCombatant(c: Combatant, round: number): number {
  const surprise = c.surprise ?? 0
  requireWhole(`The M of ${c.id}`, c.M)
  requireWhole(`The surprise modifier of ${c.id}`, surprise)
  if (surprise !== 0 && round !== 1) {
    throw new RangeError(`Surprise modifies only the first round's initiative (OSR-14); ${c.id} has ${surprise} in round ${round}.`)
  }
  return c.M + surprise
}

/**
 * Rolls one round's initiative (OSR-14).
 * @example rollInitiative(scriptedDice([12, 11]), { round: 1, combatants: [{ id: 'Glam', M: 0 }, { id: 'chief', M: 1 }] }).order
 * // [{ total: 12, ids: ['Glam', 'chief'] }]: they act simultaneously
 */
export function rollInitiative(dice: Dice, input: { round: number; combatants: readonly Combatant[] }): InitiativeResult {
  requireWhole('The round', input.round, { min: 1 })
  const ids = new Set(input.combatants.map((c) => c.id))
  if (ids.size !== input.combatants.length) throw new RangeError('Each combatant needs its own id; two share one.')
  const modifiers = input.combatants.map((c) => checkedCombatant(c, input.round))
  const rolls = input.combatants.map((c, i): InitiativeRoll => {
    const natural = dice.roll(20)
    return { id: c.id, natural, total: natural + (modifiers[i] ?? 0) }
  })
  const totals = [...new Set(rolls.map((r) => r.total))].sort((a, b) => b - a)
  const order = totals.map((total) => ({ total, ids: rolls.filter((r) => r.total === total).map((r) => r.id) }))
  return { round: input.round, rolls, order, faces: rolls.map((r) => r.natural) }
}

/**
 * Exact odds that one combatant acts before another, together, or after (OSR-14).
 * @example initiativeOdds({ first: { id: 'a', M: 0 }, second: { id: 'b', M: 0 }, round: 2 }).together // 1/20
 */
export function initiativeOdds(input: { first: Combatant; second: Combatant; round: number }): { firstActsFirst: number; together: number; secondActsFirst: number } {
  requireWhole('The round', input.round, { min: 1 })
  const a = checkedCombatant(input.first, input.round)
  const b = checkedCombatant(input.second, input.round)
  // The first's total minus the second's: d20 − d20 + (a − b).
  const negated = Object.fromEntries(outcomes(dieDistribution(20)).map(([f, p]) => [-f, p]))
  const lead = mapDistribution(addDistributions(dieDistribution(20), negated), (difference) => Math.sign(difference + a - b))
  return { firstActsFirst: lead[1] ?? 0, together: lead[0] ?? 0, secondActsFirst: lead[-1] ?? 0 }
}
