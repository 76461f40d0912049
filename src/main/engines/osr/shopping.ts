/**
 * Buying gear at the seed's prices (OSR-5), one purchase at a time: what it costs and how many it
 * buys, with the exact odds of each before any die is rolled.
 */
import type { Dice } from '../dice'
import type { WeaponClass } from './combat/harm'
import { weaponHarmDice } from './combat/harm'
import { armourPrice, itemPriceOdds, rollItemPrice, weaponPrice, type ItemKind } from './character/equipment'
import { formatDiceExpression } from './dice-expression'
import type { Distribution } from './distribution'
import { notOneOf, requireWhole } from './validate'

/**
 * OSR-5's prices: a melee weapon, a ranged weapon, a set of projectiles, armour, and other items,
 * basic, simple or common, complex or rare.
 */
export const PURCHASE_KINDS = ['melee', 'ranged', 'projectiles', 'armour', 'basic', 'simple', 'rare'] as const
export type PurchaseKind = (typeof PURCHASE_KINDS)[number]

export interface Purchase {
  what: PurchaseKind
  /** Weapons: the weapon's class (OSR-16). */
  weapon?: WeaponClass
  /** Weapons: highly advanced, twice the dice and the fixed part (OSR-16). */
  advanced?: boolean
  /** Armour: its modifier. */
  modifier?: number
}

/** The rolled items are priced as OSR-5 says: projectiles and basic items by the lot, simple 1d6, rare 1d6 × 10. */
const ROLLED: Partial<Record<PurchaseKind, ItemKind>> = { projectiles: 'basic', basic: 'basic', simple: 'simple', rare: 'complex' }

/** OSR-5: the dice each rolled kind throws, in the seed's notation. */
const ROLLED_DICE: Partial<Record<PurchaseKind, string>> = { projectiles: '6 + 1d6', basic: '6 + 1d6', simple: '1d6', rare: '1d6 × 10' }

function fixedPrice(p: Purchase): number {
  if (p.what === 'melee' || p.what === 'ranged') {
    if (p.weapon === undefined) throw new RangeError('A weapon needs its class: short, standard or long.')
    return weaponPrice({ weapon: p.weapon, advanced: p.advanced ?? false, ranged: p.what === 'ranged' })
  }
  if (p.what === 'armour') {
    requireWhole('The armour modifier', p.modifier ?? NaN, { min: 1 })
    return armourPrice(p.modifier!)
  }
  throw notOneOf('a purchase', p.what, PURCHASE_KINDS)
}

export interface PurchaseOdds {
  /** The dice the purchase rolls, in the seed's notation; null when its price is fixed. */
  dice: string | null
  /** Whether the dice decide the price (simple and rare items) or how many the GP buys (lots). */
  rolls: 'price' | 'quantity' | null
  priceGP: Distribution
  quantity: Distribution
}

/**
 * Exact odds of a purchase's price and quantity (OSR-5); a weapon's or armour's price is certain.
 * @example purchaseOdds({ what: 'basic' }) // { dice: '6 + 1d6', rolls: 'quantity', priceGP: { 1: 1 }, quantity: { 7: 1/6, …, 12: 1/6 } }
 */
export function purchaseOdds(p: Purchase): PurchaseOdds {
  const kind = ROLLED[p.what]
  if (kind === undefined) return { dice: null, rolls: null, priceGP: { [fixedPrice(p)]: 1 }, quantity: { 1: 1 } }
  const odds = itemPriceOdds({ kind })
  return { dice: ROLLED_DICE[p.what]!, rolls: kind === 'basic' ? 'quantity' : 'price', ...odds }
}

/**
 * What a purchase costs and how many it buys, its dice rolled where OSR-5 has them.
 * @example rollPurchase(scriptedDice([4]), { what: 'rare' }) // { priceGP: 40, quantity: 1, faces: [4] }
 */
export function rollPurchase(dice: Dice, p: Purchase): { priceGP: number; quantity: number; faces: number[] } {
  const kind = ROLLED[p.what]
  if (kind === undefined) return { priceGP: fixedPrice(p), quantity: 1, faces: [] }
  return rollItemPrice(dice, { kind })
}

/**
 * How OSR-5 prices the purchase, in words, with the fixed price where there is one.
 * @example purchaseRule({ what: 'armour', modifier: 3 }) // 'armour costs its modifier² × 5: +3 → 45 GP'
 */
export function purchaseRule(p: Purchase): string {
  switch (p.what) {
    case 'melee':
    case 'ranged': {
      const harm = formatDiceExpression(weaponHarmDice({ weapon: p.weapon ?? 'standard', advanced: p.advanced ?? false }))
      return p.what === 'melee' ? `a melee weapon costs its maximum harm: ${harm} → ${fixedPrice(p)} GP` : `a ranged weapon costs its maximum harm × 10: ${harm} → ${fixedPrice(p)} GP`
    }
    case 'armour':
      return `armour costs its modifier² × 5: +${p.modifier ?? 0} → ${fixedPrice(p)} GP`
    case 'projectiles':
      return 'a set of 6 + 1d6 projectiles costs 1 GP'
    case 'basic':
      return '6 + 1d6 basic items cost 1 GP'
    case 'simple':
      return 'a simple or common item costs 1d6 GP'
    case 'rare':
      return 'a complex or rare item costs 1d6 × 10 GP'
  }
  throw notOneOf('a purchase', p.what, PURCHASE_KINDS)
}
