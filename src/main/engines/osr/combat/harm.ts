/**
 * Harm by weapon class (OSR-16): the class's dice, doubled for highly advanced weapons, then the
 * attacker's B, at least 1, doubled again for a stab in the back. Strikes and shots both use it.
 */
import type { Dice } from '../../dice'
import { diceExpressionOdds, formatDiceExpression, parseDiceExpression, rollDiceExpression, type DiceExpression } from '../dice-expression'
import { mapDistribution, type Distribution } from '../distribution'
import { notOneOf, requireWhole } from '../validate'

/** OSR-16: natural limb; short/simple (claws, dagger, club, sling); longer/standard (tusks, axe, sword, bow); long/two-handed (spear, battleaxe, crossbow). */
export const WEAPON_CLASSES = ['limb', 'short', 'standard', 'long'] as const
export type WeaponClass = (typeof WEAPON_CLASSES)[number]

/** OSR-16: the harm each weapon class rolls, in the seed's notation. */
export const HARM_BY_WEAPON_CLASS: Readonly<Record<WeaponClass, string>> = {
  limb: '1',
  short: '1d3',
  standard: '1d6',
  long: '1d6+1',
}

const PARSED_HARM = Object.fromEntries(
  WEAPON_CLASSES.map((w) => [w, parseDiceExpression(HARM_BY_WEAPON_CLASS[w])]),
) as Partial<Record<string, DiceExpression>>

export interface HarmInput {
  weapon: WeaponClass
  /** Highly advanced weaponry: twice the dice, twice the fixed part (OSR-16). */
  advanced?: boolean
  /** The attacker's body modifier, added to the harm. */
  attackerB: number
  /** A stab in the back (the GM's call): the harm is doubled (OSR-16). */
  backstab?: boolean
}

/**
 * The dice a weapon rolls for harm, before B (OSR-16).
 * @example formatDiceExpression(weaponHarmDice({ weapon: 'long', advanced: true })) // '2d6+2'
 */
export function weaponHarmDice(input: { weapon: WeaponClass; advanced?: boolean }): DiceExpression {
  const dice = PARSED_HARM[input.weapon]
  if (dice === undefined) {
    throw notOneOf('a weapon class', input.weapon, WEAPON_CLASSES)
  }
  // OSR-16: highly advanced weapons roll twice the dice and double the fixed part.
  return input.advanced ? { ...dice, count: dice.count * 2, bonus: dice.bonus * 2 } : dice
}

/**
 * Checks a hit's harm input and returns the dice it rolls; strikes and shots call it before any
 * die is thrown, so a wrong weapon is refused even when every roll misses.
 * @example checkedHarmDice({ weapon: 'short', attackerB: -1 }) // { count: 1, sides: 3, multiplier: 1, bonus: 0 }
 */
export function checkedHarmDice(input: HarmInput): DiceExpression {
  requireWhole("The attacker's B", input.attackerB)
  return weaponHarmDice(input)
}

/**
 * The harm a hit does once its dice are summed (OSR-16): + B, at least 1 (Decision), doubled for
 * a stab in the back. The minimum comes before the doubling: a back-stab always does at least 2.
 * @example harmFromRoll(3, { weapon: 'short', attackerB: -1 }) // 2
 */
export function harmFromRoll(rolled: number, input: HarmInput): number {
  const harm = Math.max(1, rolled + input.attackerB)
  return input.backstab ? harm * 2 : harm
}

export interface HarmResult {
  /** The weapon's dice as rolled, e.g. '1d3'. */
  dice: string
  /** Sum of the dice and the fixed part, before B. */
  rolled: number
  /** H the defender loses. */
  harm: number
  /** Every face thrown, in order (1d3 as its d6 face, DICE-1). */
  faces: number[]
}

/**
 * Rolls the harm of one hit (OSR-16).
 * @example rollHarm(scriptedDice([5]), { weapon: 'short', attackerB: -1 }).harm // 2: Glam's dagger rolls 3
 */
export function rollHarm(dice: Dice, input: HarmInput): HarmResult {
  const expression = checkedHarmDice(input)
  const { value, faces } = rollDiceExpression(dice, expression)
  return { dice: formatDiceExpression(expression), rolled: value, harm: harmFromRoll(value, input), faces }
}

/**
 * Exact odds of the harm of one hit (OSR-16).
 * @example harmOdds({ weapon: 'short', attackerB: -1 }) // { 1: 2/3, 2: 1/3 }
 */
export function harmOdds(input: HarmInput): Distribution {
  const expression = checkedHarmDice(input)
  return mapDistribution(diceExpressionOdds(expression), (rolled) => harmFromRoll(rolled, input))
}
