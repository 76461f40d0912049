/**
 * Complementary and hindering abilities (CH-6): another ability that should help gives bonus
 * (or reserves, or resistance) by how it compares with the primary; one that hinders gives it to
 * the opponent.
 */
import type { Refusal } from './refusal'
import { ratioHalfUp } from './rounding'
import type { Side } from './side'

export type ComplementaryMode = 'stepped' | 'continuous'
export type AssistanceForm = 'bonus' | 'reserves' | 'resistance'

function ratingProblem(what: string, value: number, min: number): string | null {
  return Number.isInteger(value) && value >= min ? null : `${what} must be a whole number, ${min} or more; got ${String(value)}.`
}

function complementaryProblems(primary: number, complementary: readonly number[]): string[] {
  return [
    ratingProblem('The primary rating', primary, 1),
    ...complementary.map((c) => ratingProblem('A complementary rating', c, 0)),
  ].filter((p): p is string => p !== null)
}

/**
 * The bonus a complementary ability C gives a primary P (CH-6). Stepped: C ≥ P → C/2; else
 * C ≥ 2P/3 → C/3; else C ≥ P/2 → C/4; else 0. Continuous: C²/(2P), at most C/2. Rounded, halves up.
 * @example complementaryBonus(6, 3) // 1: Evangeline's logs, 3/4 rounds up
 */
export function complementaryBonus(primary: number, complementary: number, mode: ComplementaryMode = 'stepped'): number {
  const problems = complementaryProblems(primary, [complementary])
  if (problems.length > 0) throw new RangeError(problems.join(' '))
  const c = complementary
  if (c >= primary) return ratioHalfUp(c, 2)
  if (mode === 'continuous') return ratioHalfUp(c * c, 2 * primary)
  if (3 * c >= 2 * primary) return ratioHalfUp(c, 3)
  if (2 * c >= primary) return ratioHalfUp(c, 4)
  return 0
}

/**
 * Two complementary abilities (CH-6): the lesser complements the greater first, and the raised
 * greater then gives the primary its bonus.
 * @example twoComplementaryBonus(6, 3, 2) // { raised: 4, bonus: 1 }: logs raised by Data Ninja
 */
export function twoComplementaryBonus(
  primary: number,
  first: number,
  second: number,
  mode: ComplementaryMode = 'stepped',
): { raised: number; bonus: number } {
  const greater = Math.max(first, second)
  const lesser = Math.min(first, second)
  const raised = greater + (greater > 0 ? complementaryBonus(greater, lesser, mode) : 0)
  return { raised, bonus: complementaryBonus(primary, raised, mode) }
}

/**
 * A bonus taken as reserves (1½ times) or resistance (a quarter) instead (CH-6), rounded.
 * @example bonusAs('reserves', 1) // 2
 */
export function bonusAs(form: AssistanceForm, bonus: number): number {
  if (form === 'reserves') return ratioHalfUp(3 * bonus, 2)
  if (form === 'resistance') return ratioHalfUp(bonus, 4)
  return bonus
}

/** What one or two helping (or hindering) abilities give, and to whom. */
export interface Assistance {
  ok: true
  /** 'self' helps the primary's side; 'opponent' when the ability hinders (CH-6). */
  to: 'self' | 'opponent'
  /** The bonus as CH-6 computes it, before any change of form. */
  computedBonus: number
  /** The greater complementary as raised by the lesser, when there are two. */
  raised?: number
  bonus: number
  reserves: number
  resistance: number
}

/**
 * What complementary abilities give (CH-6): one or two of them (never more), as bonus, reserves
 * or resistance, to the primary's side or, when they hinder, to the opponent.
 * @example assistance({ primary: 6, abilities: [3], as: 'reserves', hinders: true }) // { to: 'opponent', reserves: 2, … }
 */
export function assistance(input: {
  primary: number
  abilities: readonly number[]
  mode?: ComplementaryMode
  as?: AssistanceForm
  hinders?: boolean
}): Assistance | Refusal {
  const problems = complementaryProblems(input.primary, input.abilities)
  if (input.abilities.length === 0) problems.push('Name the complementary ability: one, or at most two.')
  if (input.abilities.length > 2) {
    problems.push(`At most two complementary abilities apply (CH-6); got ${input.abilities.length}. Pick the two that matter most.`)
  }
  if (problems.length > 0) return { ok: false, problems }
  const mode = input.mode ?? 'stepped'
  const [first = 0, second] = input.abilities
  const two = second === undefined ? undefined : twoComplementaryBonus(input.primary, first, second, mode)
  const computedBonus = two ? two.bonus : complementaryBonus(input.primary, first, mode)
  const form = input.as ?? 'bonus'
  const amount = bonusAs(form, computedBonus)
  return {
    ok: true,
    to: input.hinders ? 'opponent' : 'self',
    computedBonus,
    ...(two ? { raised: two.raised } : {}),
    bonus: form === 'bonus' ? amount : 0,
    reserves: form === 'reserves' ? amount : 0,
    resistance: form === 'resistance' ? amount : 0,
  }
}

/**
 * Adds what an assistance gives to the side it goes to (CH-6).
 * @example withAssistance({ own: { rating: 6 }, opponent: { rating: 7 } }, help).opponent.reserves // 2 from a hindrance
 */
export function withAssistance(sides: { own: Side; opponent: Side }, help: Assistance): { own: Side; opponent: Side } {
  const add = (s: Side): Side => ({
    ...s,
    bonus: (s.bonus ?? 0) + help.bonus,
    reserves: (s.reserves ?? 0) + help.reserves,
    resistance: (s.resistance ?? 0) + help.resistance,
  })
  return help.to === 'self' ? { own: add(sides.own), opponent: sides.opponent } : { own: sides.own, opponent: add(sides.opponent) }
}
