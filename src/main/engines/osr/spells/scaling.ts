/**
 * Spell scaling by caster level (OSR-23): every range, duration and numeric effect is multiplied
 * by (caster level − spell level + 1). Only the fixed part of a number with a variable and a fixed
 * part is multiplied; a bare die expression multiplies its count of dice. The H cost never scales.
 */
import { formatDiceExpression, parseDiceExpression, type DiceExpression } from '../dice-expression'
import { requireWhole } from '../validate'
import type { SpellDefinition, SpellNumber } from './spell'

/**
 * The multiple a caster applies to a spell (OSR-23); refuses a spell above the caster's level
 * (OSR-21).
 * @example spellMultiple(3, 1) // 3
 */
export function spellMultiple(casterLevel: number, spellLevel: number): number {
  requireWhole("The caster's level", casterLevel, { min: 1 })
  requireWhole("The spell's level", spellLevel, { min: 1 })
  if (spellLevel > casterLevel) {
    throw new RangeError(`A level ${casterLevel} caster cannot cast a level ${spellLevel} spell: a spell's level is at most the caster's (OSR-21).`)
  }
  return casterLevel - spellLevel + 1
}

function scaleExpression(e: DiceExpression, multiple: number): DiceExpression {
  if (e.count === 0) return { ...e, bonus: e.bonus * multiple }
  // A bare die expression has no fixed part: its count of dice is what grows.
  if (e.multiplier === 1 && e.bonus === 0) return { ...e, count: e.count * multiple }
  return { ...e, multiplier: e.multiplier === 1 ? 1 : e.multiplier * multiple, bonus: e.bonus * multiple }
}

/**
 * Scales a spell number by caster and spell level (OSR-23), written back in the seed's notation.
 * @example scaleSpell('2d6x10', 2, 1) // '2d6x20'
 * @example scaleSpell('1d6', 3, 1) // '3d6'
 */
export function scaleSpell(expression: string, casterLevel: number, spellLevel: number): string {
  return formatDiceExpression(scaleExpression(parseDiceExpression(expression), spellMultiple(casterLevel, spellLevel)))
}

function scaleNumber(n: SpellNumber, casterLevel: number, spellLevel: number): SpellNumber {
  return n.scales === false ? n : { ...n, expression: scaleSpell(n.expression, casterLevel, spellLevel) }
}

/**
 * A spell as a caster of `casterLevel` casts it: range, duration and effects scaled (OSR-23);
 * its level, and so its H cost, unchanged.
 * @example scaleSpellDefinition(vanish, 4).effects.entities?.expression // '3'
 */
export function scaleSpellDefinition(spell: SpellDefinition, casterLevel: number): SpellDefinition {
  const scale = (n: SpellNumber): SpellNumber => scaleNumber(n, casterLevel, spell.level)
  spellMultiple(casterLevel, spell.level)
  return {
    ...spell,
    range: spell.range && scale(spell.range),
    duration: typeof spell.duration === 'string' ? spell.duration : scale(spell.duration),
    effects: Object.fromEntries(Object.entries(spell.effects).map(([key, n]) => [key, scale(n)])),
  }
}
