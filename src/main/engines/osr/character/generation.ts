/**
 * Making a new L1 character (OSR-1 … OSR-5, OSR-21): the rolls in the seed's order — B, M, S,
 * hardiness, then gold — after the player's choices are checked, so a refused choice uses no dice.
 */
import type { Dice } from '../../dice'
import { resistanceTarget } from '../resistance'
import { learningProblems } from '../spells/capacity'
import type { KnownSpell } from '../spells/spell'
import { rollStartingGold } from './equipment'
import { rollHardinessForLevel } from './hardiness'
import { rollModifiers, type Modifiers } from './modifiers'
import { optionProblems, timesTaken, type OptionName } from './options'

/** A character as the records keep it: plain data. */
export interface OsrCharacter extends Modifiers {
  name: string
  level: number
  h: number
  maxH: number
  /** The d20 face a save needs (OSR-3). */
  resistance: number
  /** Options taken, repeated when taken twice (OSR-4). */
  options: OptionName[]
  gold: number
  /** The patron deity agreed at creation, for divine audience (OSR-24); null otherwise. */
  patron: string | null
  spells: KnownSpell[]
}

export interface CharacterChoices {
  name: string
  /** How many options the GM allowed (rolled with `rollOptionAllowance`, 1d3). */
  allowance: number
  options: readonly string[]
  patron?: string
  /** The spell or invocation learnt at creation (OSR-21: one per art at L1). */
  spells?: readonly KnownSpell[]
}

/**
 * Every problem with a player's choices for a new character; empty when they are fine.
 * @example creationProblems({ name: 'Glam', allowance: 2, options: ['divine audience'] }) // ['Divine audience needs a patron deity agreed with the GM.']
 */
export function creationProblems(choices: CharacterChoices): string[] {
  const problems: string[] = []
  if (choices.name.trim() === '') problems.push('The character needs a name.')
  if (!Number.isInteger(choices.allowance) || choices.allowance < 0) {
    problems.push(`The option allowance must be a whole number, 0 or more; got ${choices.allowance}.`)
  }
  const optionIssues = optionProblems(choices.options, choices.allowance)
  problems.push(...optionIssues)
  if (optionIssues.length > 0) return problems
  const options = choices.options as OptionName[]
  const hasPatron = (choices.patron ?? '').trim() !== ''
  if (options.includes('divine audience') && !hasPatron) problems.push('Divine audience needs a patron deity agreed with the GM.')
  if (!options.includes('divine audience') && hasPatron) problems.push('Only a character with divine audience has a patron deity.')
  const spells: KnownSpell[] = []
  for (const spell of choices.spells ?? []) {
    const issues = learningProblems({ level: 1, options, spells }, spell, { from: 'creation' })
    problems.push(...issues)
    if (issues.length === 0) spells.push(spell)
  }
  return problems
}

export interface CharacterRolls {
  modifiers: number[]
  hardiness: number[]
  gold: number[]
}

/**
 * Rolls a new L1 character (OSR-1 … OSR-5): B, M, S, then hardiness, then gold.
 * @example rollCharacter(scriptedDice([2, 3, 5, 3, 3, 4, 3]), { name: 'Glam', allowance: 2, options: ['deft touch', 'high tolerance'] })
 * // { ok: true, character: { B: -1, M: 0, S: 1, h: 4, maxH: 4, resistance: 13, gold: 50, … }, … }
 */
export function rollCharacter(
  dice: Dice,
  choices: CharacterChoices,
): { ok: true; character: OsrCharacter; rolls: CharacterRolls; faces: number[] } | { ok: false; problems: string[] } {
  const problems = creationProblems(choices)
  if (problems.length > 0) return { ok: false, problems }
  const options = [...choices.options] as OptionName[]
  const modifiers = rollModifiers(dice)
  const hardiness = rollHardinessForLevel(dice, { S: modifiers.S, vigour: timesTaken(options, 'great vigour') })
  const gold = rollStartingGold(dice)
  const character: OsrCharacter = {
    name: choices.name.trim(),
    level: 1,
    B: modifiers.B,
    M: modifiers.M,
    S: modifiers.S,
    h: hardiness.gain,
    maxH: hardiness.gain,
    resistance: resistanceTarget({ level: 1, highTolerance: timesTaken(options, 'high tolerance') }),
    options,
    gold: gold.gold,
    patron: options.includes('divine audience') ? (choices.patron ?? '').trim() : null,
    spells: (choices.spells ?? []).map(({ id, name, art, level }) => ({ id, name, art, level })),
  }
  const rolls = { modifiers: modifiers.faces, hardiness: hardiness.faces, gold: gold.faces }
  return { ok: true, character, rolls, faces: [...rolls.modifiers, ...rolls.hardiness, ...rolls.gold] }
}
