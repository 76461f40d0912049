/**
 * Ladder Magic: who may cast and at what rung (LAD-25), colour schools and combining them on the lowest asset
 * (LAD-26), and rotes kept for reuse (LAD-27). Magic always uses the extended ladder.
 */
import type { Dice } from '../dice'
import type { Asset } from './character'
import { lowestRung, requireRung, rungIndex } from './rungs'
import type { Rung, Wonky } from './rungs'
import { rollTask } from './task'
import type { TaskInput, TaskResult } from './task'
import { MAGIC_COLOURS, type MagicColour } from './schools'

export { MAGIC_COLOURS, type MagicColour, type MagicSchool } from './schools'

/** LAD-26: each colour's domains, as the seed lists them. */
export const COLOUR_DOMAINS: Record<MagicColour, readonly string[]> = {
  red: ['blood', 'flesh', 'life', 'strength', 'violence', 'instigation'],
  orange: ['fire', 'heat', 'self-confidence', 'pride', 'smithcraft', 'mechanical construction'],
  yellow: ['thought', 'reason', 'scholarship', 'communication', 'sun and air', 'illumination'],
  green: ['growth', 'abundance', 'fertility', 'fortitude', 'steadfastness', 'prosperity', 'creativity'],
  blue: ['empathy', 'water', 'illusion', 'sleep', 'dreams', 'inspiration'],
  indigo: ['weather', 'night sky', 'lightning and storms', 'movement', 'travel and transportation'],
  purple: ['power', 'passion', 'politics', 'persuasion'],
  brown: ['earth', 'materiality', 'physicality', 'baseness', 'foundation'],
  black: ['darkness', 'silence', 'stillness', 'absorption', 'decay'],
  white: ['protection', 'reflection', 'cold', 'spirit', 'purification'],
}

export interface Spell {
  /** What the player says the spell does. */
  effect: string
  /** Names of the magical assets used. */
  assets: string[]
  /** The success rung the GM sets: normally `good` or higher. */
  rung: Rung
  /** The GM judged the effect trivial, so the rung may be below `good` (LAD-25). */
  trivial?: boolean
  wonky?: Wonky
}

/** LAD-27: a successful spell kept with the character for reuse. */
export interface Rote {
  effect: string
  assets: string[]
  rung: Rung
}

export type SpellCheck = { ok: true; task: TaskInput } | { ok: false; problems: string[] }

/**
 * Checks a spell against the caster's sheet (LAD-25, LAD-26) and, if it can be cast, gives the task to roll:
 * the lowest of the combined assets against the GM's rung, on the extended ladder. Returns every problem found.
 * @example prepareSpell({ assets: [{ name: 'Red', rating: 'expert', school: 'red' }, { name: 'Blue', rating: 'good', school: 'blue' }] }, { effect: 'sleep', assets: ['Red', 'Blue'], rung: 'expert' }) // task.asset 'good'
 */
export function prepareSpell(caster: { assets: readonly Asset[] }, spell: Spell): SpellCheck {
  const problems: string[] = []
  if (!caster.assets.some((a) => a.school)) return { ok: false, problems: ['Only a character with a magical asset may cast a spell.'] }
  if (spell.effect.trim() === '') problems.push('Describe the effect the spell is meant to have.')
  if (spell.assets.length === 0) problems.push('Name the magical assets the spell uses.')
  const used: Asset[] = []
  for (const name of spell.assets) {
    const asset = caster.assets.find((a) => a.name === name)
    if (!asset) problems.push(`The caster has no asset called "${name}".`)
    else if (!asset.school) problems.push(`"${name}" is not a magical asset, so it cannot power a spell.`)
    else used.push(asset)
  }
  // LAD-26: hedge magic is one asset used in place of an ordinary one, not a colour to blend.
  if (used.some((a) => a.school === 'hedge') && spell.assets.length > 1) problems.push('Hedge magic is rolled on its own asset, not combined with others.')
  const rung = requireRung(spell.rung, 'The spell rung', true)
  if (rungIndex(rung) < rungIndex('good') && !spell.trivial) {
    problems.push(`The lowest rung for magic is good; ${rung} is only for an effect the GM judges trivial.`)
  }
  if (problems.length > 0) return { ok: false, problems }
  const task: TaskInput = { asset: lowestRung(used.map((a) => a.rating)), difficulty: rung, extended: true }
  return { ok: true, task: spell.wonky ? { ...task, wonky: spell.wonky } : task }
}

/**
 * Casts a spell (LAD-25, LAD-26); a success comes with the rote that could be kept (LAD-27).
 * @example castSpell(scriptedDice([4]), caster, spell) // { ok: true, roll: { result: 'good', faces: [4], success: false } }
 */
export function castSpell(
  dice: Dice,
  caster: { assets: readonly Asset[] },
  spell: Spell,
): { ok: true; roll: TaskResult; rote: Rote | null } | { ok: false; problems: string[] } {
  const check = prepareSpell(caster, spell)
  if (!check.ok) return check
  const roll = rollTask(dice, check.task)
  return { ok: true, roll, rote: roll.success ? { effect: spell.effect, assets: [...spell.assets], rung: spell.rung } : null }
}

/**
 * A rote cast again (LAD-27): the same effect, assets and rung. The GM keeps the final say and may set another
 * rung; a rote below `good` was a trivial effect when it was first cast, and stays one.
 * @example spellFromRote({ effect: 'sleep', assets: ['Blue'], rung: 'good' }) // { effect: 'sleep', assets: ['Blue'], rung: 'good' }
 */
export function spellFromRote(rote: Rote, rung: Rung = rote.rung): Spell {
  const spell: Spell = { effect: rote.effect, assets: [...rote.assets], rung }
  return rungIndex(rote.rung) < rungIndex('good') ? { ...spell, trivial: true } : spell
}
