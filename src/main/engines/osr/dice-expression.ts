/**
 * The seed's number notation — `1`, `1d3`, `1d6+1`, `2d6x10`, `1d20x50` — as one parsed shape that
 * weapons, spells and encounters share: value = (sum of `count` dice) × multiplier + bonus.
 */
import type { Dice } from '../dice'
import { dieDistribution, mapDistribution, sumOfDraws, type Distribution } from './distribution'

export interface DiceExpression {
  /** Dice rolled; 0 for a plain number. */
  count: number
  /** Faces per die (3 and 2 are rolled on a d6, DICE-1); 0 for a plain number. */
  sides: number
  /** The `x10` of `2d6x10`; 1 when absent. */
  multiplier: number
  /** The `+1` of `1d6+1`, or the whole of a plain number. */
  bonus: number
}

const PATTERN = /^(?:(\d+)d(\d+)(?:x(\d+))?|(\d+))(?:([+-])(\d+))?$/

/**
 * Reads the seed's notation. Spaces and `×`/`*` for `x` are accepted.
 * @example parseDiceExpression('2d6 x 10') // { count: 2, sides: 6, multiplier: 10, bonus: 0 }
 */
export function parseDiceExpression(text: string): DiceExpression {
  const compact = text.toLowerCase().replace(/\s+/g, '').replace(/[×*]/g, 'x')
  const m = PATTERN.exec(compact)
  if (!m) {
    throw new Error(
      `"${text}" is not a number the rules can read: write a plain number (3), dice (1d6), dice plus a number (1d6+1) or dice times a number (2d6x10).`,
    )
  }
  const sign = m[5] === '-' ? -1 : 1
  const extra = m[6] === undefined ? 0 : sign * Number(m[6])
  if (m[4] !== undefined) return { count: 0, sides: 0, multiplier: 1, bonus: Number(m[4]) + extra }
  const expression = { count: Number(m[1]), sides: Number(m[2]), multiplier: m[3] === undefined ? 1 : Number(m[3]), bonus: extra }
  if (expression.count < 1 || expression.sides < 1 || expression.multiplier < 1) {
    throw new Error(`"${text}" rolls no dice or dice with no faces; write at least 1d2.`)
  }
  return expression
}

/**
 * Writes an expression back in the seed's notation (canonical: no spaces, `x` for times).
 * @example formatDiceExpression({ count: 2, sides: 6, multiplier: 20, bonus: 0 }) // '2d6x20'
 */
export function formatDiceExpression(e: DiceExpression): string {
  if (e.count === 0) return String(e.bonus)
  const times = e.multiplier === 1 ? '' : `x${e.multiplier}`
  const plus = e.bonus > 0 ? `+${e.bonus}` : e.bonus < 0 ? `-${-e.bonus}` : ''
  return `${e.count}d${e.sides}${times}${plus}`
}

/**
 * The value a d6 face counts as on a 1d3 (⌈d6 / 2⌉) or a 1d2 (⌈d6 / 3⌉), DICE-1 — the same mapping
 * as the dice module's `rollD3` and `rollD2`, kept here because the log needs the face too.
 * @example valueOfD6Face(3, 5) // 3
 */
export function valueOfD6Face(sides: 2 | 3, face: number): number {
  return Math.ceil(face / (6 / sides))
}

/**
 * Rolls one die of the expression's size, returning the face thrown (a d6 face for 1d3 and 1d2,
 * DICE-1) and the value it counts as.
 * @example rollDie(scriptedDice([5]), 3) // { face: 5, value: 3 }
 */
export function rollDie(dice: Dice, sides: number): { face: number; value: number } {
  if (sides === 3 || sides === 2) {
    const face = dice.roll(6)
    return { face, value: valueOfD6Face(sides, face) }
  }
  const face = dice.roll(sides)
  return { face, value: face }
}

/**
 * The value of one die of `sides` as an exact distribution (1d3 and 1d2 through their d6, DICE-1).
 * @example oneDieDistribution(2) // { 1: 1/2, 2: 1/2 }
 */
export function oneDieDistribution(sides: number): Distribution {
  if (sides === 3 || sides === 2) return mapDistribution(dieDistribution(6), (face) => valueOfD6Face(sides, face))
  return dieDistribution(sides)
}

/**
 * Rolls an expression; `faces` are the dice thrown, in order (DICE-3).
 * @example rollDiceExpression(scriptedDice([3, 4]), parseDiceExpression('2d6x10')) // { value: 70, faces: [3, 4] }
 */
export function rollDiceExpression(dice: Dice, e: DiceExpression): { value: number; faces: number[] } {
  const faces: number[] = []
  let sum = 0
  for (let i = 0; i < e.count; i++) {
    const { face, value } = rollDie(dice, e.sides)
    faces.push(face)
    sum += value
  }
  return { value: sum * e.multiplier + e.bonus, faces }
}

/**
 * Exact odds of every value of an expression (DICE-2).
 * @example diceExpressionOdds(parseDiceExpression('1d6+1'))[7] // 1/6
 */
export function diceExpressionOdds(e: DiceExpression): Distribution {
  if (e.count === 0) return { [e.bonus]: 1 }
  return mapDistribution(sumOfDraws(oneDieDistribution(e.sides), e.count), (sum) => sum * e.multiplier + e.bonus)
}

/**
 * The highest value an expression can give (the price of a weapon is its maximum harm, OSR-5).
 * @example maximumOf(parseDiceExpression('1d6+1')) // 7
 */
export function maximumOf(e: DiceExpression): number {
  return e.count * e.sides * e.multiplier + e.bonus
}
