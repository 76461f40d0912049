/**
 * How many spells or invocations a character can hold, and learning one (OSR-21).
 */
import type { OptionName } from '../character/options'
import { requireWhole } from '../validate'
import { OPTION_FOR_ART, type Art, type KnownSpell } from './spell'

export interface Caster {
  level: number
  options: readonly OptionName[]
  spells: readonly KnownSpell[]
}

/**
 * Spells (or invocations) a character can hold in one art (OSR-21): one at L1 and one more per
 * level gained, for a character with the art's option; none without it. A character with both
 * arts holds that many of each (our reading: the seed treats the two arts as parallel).
 * @example spellCapacity({ level: 3, options: ['arcane knowledge'] }, 'arcane') // 3
 */
export function spellCapacity(caster: Pick<Caster, 'level' | 'options'>, art: Art): number {
  requireWhole('The level', caster.level, { min: 1 })
  return caster.options.includes(OPTION_FOR_ART[art]) ? caster.level : 0
}

/** OSR-21: a new spell fills capacity only once it was found and read, or taught by a master. */
export type SpellSource = { from: 'creation' } | { from: 'master' } | { from: 'record'; readable: boolean }

/**
 * Every reason a character cannot learn a spell now (OSR-21); empty when it can.
 * @example learningProblems({ level: 1, options: ['arcane knowledge'], spells: [] }, vanish, { from: 'master' })
 * // ['Vanish is a level 2 spell; a level 1 caster can learn spells of level 1 at most.']
 */
export function learningProblems(caster: Caster, spell: KnownSpell, source: SpellSource): string[] {
  const problems: string[] = []
  const word = spell.art === 'arcane' ? 'spell' : 'invocation'
  const capacity = spellCapacity(caster, spell.art)
  if (capacity === 0) {
    problems.push(`${spell.name} is ${word === 'spell' ? 'a spell' : 'an invocation'}; learning it needs ${OPTION_FOR_ART[spell.art]}.`)
    return problems
  }
  if (spell.level > caster.level) {
    problems.push(`${spell.name} is a level ${spell.level} ${word}; a level ${caster.level} caster can learn ${word}s of level ${caster.level} at most.`)
  }
  const held = caster.spells.filter((s) => s.art === spell.art)
  if (held.some((s) => s.id === spell.id)) problems.push(`${spell.name} is already learnt.`)
  else if (held.length >= capacity) {
    problems.push(`No room for ${spell.name}: ${held.length} of ${capacity} ${word}(s) already learnt; gain a level first.`)
  }
  if (source.from === 'record' && !source.readable) {
    problems.push(`${spell.name} was found recorded but cannot be read (Decipher Arcana can read it).`)
  }
  return problems
}

/**
 * Learns a spell if the rules allow it (OSR-21), returning the new list or every problem.
 * @example learnSpell(mage, smiteFoe, { from: 'master' }) // { ok: true, spells: [smiteFoe] }
 */
export function learnSpell(
  caster: Caster,
  spell: KnownSpell,
  source: SpellSource,
): { ok: true; spells: KnownSpell[] } | { ok: false; problems: string[] } {
  const problems = learningProblems(caster, spell, source)
  if (problems.length > 0) return { ok: false, problems }
  const { id, name, art, level } = spell
  return { ok: true, spells: [...caster.spells, { id, name, art, level }] }
}
