/**
 * Starting wealth, prices, weights and what a sack or pack holds (OSR-5).
 */
import type { Dice } from '../../dice'
import { weaponHarmDice, type WeaponClass } from '../combat/harm'
import { diceExpressionOdds, maximumOf, parseDiceExpression, rollDiceExpression, type DiceExpression } from '../dice-expression'
import type { Distribution } from '../distribution'
import { notOneOf, requireAmount, requireWhole } from '../validate'

/** OSR-5: 3d6 × 5 GP. */
const STARTING_GOLD = parseDiceExpression('3d6x5')
/** OSR-5: a set of projectiles, and a lot of basic items, holds 6 + 1d6 for 1 GP. */
const BASIC_LOT = parseDiceExpression('1d6+6')
const ITEM_PRICE: Partial<Record<string, DiceExpression>> = { simple: parseDiceExpression('1d6'), complex: parseDiceExpression('1d6x10') }

/**
 * Rolls a new character's gold: 3d6 × 5 GP (OSR-5).
 * @example rollStartingGold(scriptedDice([3, 4, 3])).gold // 50
 */
export function rollStartingGold(dice: Dice): { gold: number; faces: number[] } {
  const { value, faces } = rollDiceExpression(dice, STARTING_GOLD)
  return { gold: value, faces }
}

/**
 * Exact odds of starting gold (OSR-5).
 * @example startingGoldOdds()[15] // 1/216
 */
export function startingGoldOdds(): Distribution {
  return diceExpressionOdds(STARTING_GOLD)
}

/**
 * A weapon's price (OSR-5): its maximum harm in GP, ten times that if it is a ranged weapon.
 * @example weaponPrice({ weapon: 'short' }) // 3: a dagger
 */
export function weaponPrice(input: { weapon: WeaponClass; advanced?: boolean; ranged?: boolean }): number {
  const maximum = maximumOf(weaponHarmDice(input))
  return input.ranged ? maximum * 10 : maximum
}

/**
 * Armour's price (OSR-5): its modifier squared, times 5.
 * @example armourPrice(3) // 45: chainmail
 */
export function armourPrice(modifier: number): number {
  requireWhole('The armour modifier', modifier, { min: 0 })
  return modifier * modifier * 5
}

/** OSR-5: how the GM prices an item that is not a weapon or armour. */
export type ItemKind = 'basic' | 'simple' | 'complex'

export interface ItemPrice {
  /** GP paid. */
  priceGP: number
  /** How many items that buys: 6 + 1d6 basic items (or projectiles) for 1 GP, otherwise one. */
  quantity: number
  faces: number[]
}

function itemPriceDice(kind: Exclude<ItemKind, 'basic'>): DiceExpression {
  const expression = ITEM_PRICE[kind]
  if (expression === undefined) throw notOneOf('an item kind', kind, ['basic', ...Object.keys(ITEM_PRICE)])
  return expression
}

/**
 * Rolls an item's price (OSR-5): basic items 1 GP for 6 + 1d6 of them, simple or common 1d6 GP,
 * complex or rare 1d6 × 10 GP. A set of projectiles is priced as basic.
 * @example rollItemPrice(scriptedDice([2]), { kind: 'complex' }) // { priceGP: 20, quantity: 1, faces: [2] }
 */
export function rollItemPrice(dice: Dice, input: { kind: ItemKind }): ItemPrice {
  if (input.kind === 'basic') {
    const { value, faces } = rollDiceExpression(dice, BASIC_LOT)
    return { priceGP: 1, quantity: value, faces }
  }
  const { value, faces } = rollDiceExpression(dice, itemPriceDice(input.kind))
  return { priceGP: value, quantity: 1, faces }
}

/**
 * Exact odds of an item's price and of the quantity it buys (OSR-5).
 * @example itemPriceOdds({ kind: 'basic' }).quantity[12] // 1/6
 */
export function itemPriceOdds(input: { kind: ItemKind }): { priceGP: Distribution; quantity: Distribution } {
  if (input.kind === 'basic') return { priceGP: { 1: 1 }, quantity: diceExpressionOdds(BASIC_LOT) }
  return { priceGP: diceExpressionOdds(itemPriceDice(input.kind)), quantity: { 1: 1 } }
}

/**
 * An item's weight in lbs (OSR-5): its GP value, unless the GM says otherwise.
 * @example itemWeight({ priceGP: 45 }) // 45
 */
export function itemWeight(input: { priceGP: number; gmWeightLbs?: number }): number {
  requireAmount('The item price', input.priceGP)
  if (input.gmWeightLbs !== undefined) requireAmount("The GM's weight for the item", input.gmWeightLbs)
  return input.gmWeightLbs ?? input.priceGP
}

/**
 * The weight of coins (OSR-5): 5 GP weigh 1 lb.
 * @example coinWeight(50) // 10
 */
export function coinWeight(gold: number): number {
  requireAmount('The gold', gold)
  return gold / 5
}

/** OSR-5: what a sack and a pack hold, in lbs. */
export const CONTAINER_CAPACITY_LBS = { sack: 25, pack: 50 } as const
export type Container = keyof typeof CONTAINER_CAPACITY_LBS

/**
 * Whether a load fits in a sack or pack (OSR-5), with the reason when it does not.
 * @example fillContainer({ container: 'sack', loadLbs: 40 }) // { ok: false, reason: 'A sack holds 25 lbs; 40 lbs is 15 lbs too much.' }
 */
export function fillContainer(input: { container: Container; loadLbs: number }): { ok: true; spareLbs: number } | { ok: false; reason: string } {
  requireAmount('The load', input.loadLbs)
  const capacity = CONTAINER_CAPACITY_LBS[input.container]
  if (capacity === undefined) throw notOneOf('a container', input.container, Object.keys(CONTAINER_CAPACITY_LBS))
  if (input.loadLbs <= capacity) return { ok: true, spareLbs: capacity - input.loadLbs }
  return { ok: false, reason: `A ${input.container} holds ${capacity} lbs; ${input.loadLbs} lbs is ${input.loadLbs - capacity} lbs too much.` }
}
