/**
 * Damage levels (LAD-15) and arbitrary damage from falling trees, pits and grenades (LAD-16).
 */
import type { Dice } from '../dice'

/** LAD-15: damage levels, low to high. */
export const DAMAGE_LEVELS = ['subdued', 'wounded', 'incapacitated', 'killed'] as const
export type DamageLevel = (typeof DAMAGE_LEVELS)[number]

export interface DamageInput {
  level: DamageLevel
  /** A toughness asset: a bad wonky ladder for the damage, stepping it down on 1 or 2 (LAD-16). */
  tough?: boolean
}

/**
 * Checks a damage level and says plainly what is wrong.
 * @example requireDamageLevel('wounded') // 'wounded'
 */
export function requireDamageLevel(value: unknown): DamageLevel {
  if (typeof value === 'string' && (DAMAGE_LEVELS as readonly string[]).includes(value)) return value as DamageLevel
  throw new RangeError(`A damage level is one of ${DAMAGE_LEVELS.join(', ')}; got ${JSON.stringify(value)}.`)
}

/** LAD-16: the one die steps damage down on 1 (1 or 2 when tough), up on 6, with no chain. */
function damageAfter(input: DamageInput, face: number): DamageLevel | 'none' {
  const step = face === 6 ? 1 : face <= (input.tough ? 2 : 1) ? -1 : 0
  const at = Math.min(DAMAGE_LEVELS.length - 1, DAMAGE_LEVELS.indexOf(requireDamageLevel(input.level)) + step)
  return at < 0 ? 'none' : (DAMAGE_LEVELS[at] as DamageLevel)
}

/**
 * Arbitrary damage (LAD-16): the GM picks a level, the victim rolls one d6. Below `subdued` is no damage.
 * @example rollDamage(scriptedDice([1]), { level: 'incapacitated' }) // { result: 'wounded', faces: [1] } — the grenade
 */
export function rollDamage(dice: Dice, input: DamageInput): { result: DamageLevel | 'none'; faces: number[] } {
  requireDamageLevel(input.level)
  const face = dice.roll(6)
  return { result: damageAfter(input, face), faces: [face] }
}

/**
 * Exact odds of each outcome of arbitrary damage (DICE-2).
 * @example damageOdds({ level: 'incapacitated' }).killed // 1/6
 */
export function damageOdds(input: DamageInput): Record<DamageLevel | 'none', number> {
  const odds = { none: 0, subdued: 0, wounded: 0, incapacitated: 0, killed: 0 }
  for (let face = 1; face <= 6; face++) odds[damageAfter(input, face)] += 1 / 6
  return odds
}
