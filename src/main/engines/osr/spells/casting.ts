/**
 * Preparing and casting (OSR-22): preparation takes 5 seconds; the GM secretly rolls the window
 * to cast in, 1d3 × 10 minutes; casting is a check costing H equal to the spell's level; random
 * ranges, durations and effects are rolled only after a success, scaled by caster level (OSR-23).
 */
import type { Dice } from '../../dice'
import type { Hardiness } from '../character/hardiness'
import { checkOdds, rollCheck, type CheckOdds, type CheckResult } from '../check'
import { diceExpressionOdds, parseDiceExpression, rollDiceExpression } from '../dice-expression'
import type { Distribution } from '../distribution'
import { hardinessStatus, payHardiness, type InjuryResult } from '../injury'
import { scaleSpellDefinition, spellMultiple } from './scaling'
import type { SpellDefinition, SpellNumber } from './spell'

/** OSR-22: preparing every known spell takes 5 seconds when rested and unrestrained. */
export const PREPARATION_SECONDS = 5
/** OSR-22: a prepared spell must be cast within 1d3 × 10 minutes. */
const CAST_WINDOW = parseDiceExpression('1d3x10')

/** The time left to cast a prepared spell. The app shows it to the GM only. */
export interface CastWindow {
  minutes: number
  seconds: number
  /** Always true: the GM rolls it secretly (OSR-22), so the player view must not show it. */
  hiddenFromPlayers: true
  faces: number[]
}

export interface Preparation {
  seconds: number
  window: CastWindow
  /** Not rested or restrained: the seed leaves the "major penalties" to the GM. */
  gmPenaltyDue: boolean
}

/**
 * Prepares all known spells (OSR-22) and rolls the secret cast window.
 * @example prepareSpells(scriptedDice([3]), { rested: true, unrestrained: true }).window.minutes // 20
 */
export function prepareSpells(dice: Dice, input: { rested: boolean; unrestrained: boolean }): Preparation {
  const { value, faces } = rollDiceExpression(dice, CAST_WINDOW)
  return {
    seconds: PREPARATION_SECONDS,
    window: { minutes: value, seconds: value * 60, hiddenFromPlayers: true, faces },
    gmPenaltyDue: !(input.rested && input.unrestrained),
  }
}

/**
 * Exact odds of the cast window in minutes: 10, 20 or 30, a third each.
 * @example castWindowOdds()[30] // 1/3
 */
export function castWindowOdds(): Distribution {
  return diceExpressionOdds(CAST_WINDOW)
}

export interface RolledSpellNumber {
  value: number
  unit: string
  /** The scaled expression rolled, e.g. '2d6x20'. */
  expression: string
  faces: number[]
}

export interface CastResult {
  check: CheckResult
  /** H paid for the attempt: the spell's level, whatever the caster's level (OSR-23). */
  costH: number
  hardiness: InjuryResult
  /** The spell as this caster casts it (OSR-23). */
  scaled: SpellDefinition
  /** Rolled only after a success: range, then duration, then each effect. */
  rolled: { range: RolledSpellNumber | null; duration: RolledSpellNumber | null; effects: Record<string, RolledSpellNumber> } | null
  faces: number[]
}

function rollSpellNumber(dice: Dice, n: SpellNumber): RolledSpellNumber {
  const { value, faces } = rollDiceExpression(dice, parseDiceExpression(n.expression))
  return { value, unit: n.unit, expression: n.expression, faces }
}

/**
 * One attempt to cast a prepared spell (OSR-22): a check with the modifier the GM picks, paying
 * H equal to the spell's level; on success the scaled random numbers are rolled.
 * @example castSpell(scriptedDice([12, 4, 3, 5, 6]), { spell: smiteFoe, casterLevel: 2, modifier: 0, hardiness: { h: 4, maxH: 4 } })
 * // success; range 2d6x20 → 140 ft; 2 entities; harm 2d6 → 11 H; the caster's H 4 → 3
 */
export function castSpell(dice: Dice, input: { spell: SpellDefinition; casterLevel: number; modifier: number; hardiness: Hardiness }): CastResult {
  // Everything that can be refused is worked out before the d20 is thrown.
  if (hardinessStatus(input.hardiness).incapacitated) {
    throw new RangeError(`The caster is incapacitated (H ${input.hardiness.h}) and cannot cast until H rises above 0 (OSR-19).`)
  }
  const scaled = scaleSpellDefinition(input.spell, input.casterLevel)
  const hardiness = payHardiness(input.hardiness, input.spell.level)
  const check = rollCheck(dice, { modifier: input.modifier })
  let rolled: CastResult['rolled'] = null
  if (check.success) {
    const range = scaled.range && rollSpellNumber(dice, scaled.range)
    const duration = typeof scaled.duration === 'string' ? null : rollSpellNumber(dice, scaled.duration)
    const effects = Object.fromEntries(Object.entries(scaled.effects).map(([key, n]) => [key, rollSpellNumber(dice, n)]))
    rolled = { range, duration, effects }
  }
  const rolledFaces = rolled ? [rolled.range, rolled.duration, ...Object.values(rolled.effects)].flatMap((r) => r?.faces ?? []) : []
  return { check, costH: input.spell.level, hardiness, scaled, rolled, faces: [...check.faces, ...rolledFaces] }
}

/**
 * Exact odds of a casting attempt (OSR-22): a check (OSR-10).
 * @example castOdds({ spellLevel: 1, casterLevel: 1, modifier: 0 }).success // 11/20
 */
export function castOdds(input: { spellLevel: number; casterLevel: number; modifier: number }): CheckOdds {
  spellMultiple(input.casterLevel, input.spellLevel)
  return checkOdds({ modifier: input.modifier })
}

/**
 * Exact odds of a spell number once cast (OSR-23 scaling already applied).
 * @example spellNumberOdds({ expression: '2d6', unit: 'H' })[12] // 1/36
 */
export function spellNumberOdds(n: SpellNumber): Distribution {
  return diceExpressionOdds(parseDiceExpression(n.expression))
}
