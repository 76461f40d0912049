/**
 * Learning a spell or invocation between sessions (OSR-21): from a record found (and read) or from a
 * teacher, into the capacity the caster's level gives, no higher than that level; a sample of the
 * seed (OSR-24) or the GM's own. Refused in words, naming the rule, when it does not fit.
 */
import type { MethodOutput, ParsedInput } from '../../../shared/contract'
import { learnSpell, SAMPLE_SPELLS, spellCapacity, type KnownSpell, type OptionName, type SpellSource } from '../../engines/osr'
import { unitOfWork, type ServiceDeps } from '../core'
import { changeSheet } from './sheet-change'
import { osrPerson, refusal } from './osr-common'

type LearnInput = ParsedInput<'growth.osr.learn'>

/** The spell asked for: a sample by id, or the GM's own by name, art and level. */
function spellOf(input: LearnInput, outcome: string): KnownSpell {
  const own = input.name !== undefined || input.art !== undefined || input.level !== undefined
  if (input.spellId !== undefined) {
    if (own) throw refusal('spellId', 'choose a sample spell or write one of your own, not both', outcome)
    const sample = SAMPLE_SPELLS.find((s) => s.id === input.spellId)
    if (!sample) throw refusal('spellId', `there is no sample spell “${input.spellId}”; the samples are ${SAMPLE_SPELLS.map((s) => s.name).join(', ')}`, outcome)
    return { id: sample.id, name: sample.name, art: sample.art, level: sample.level }
  }
  if (input.name === undefined) throw refusal('name', 'choose a sample spell, or name one of your own', outcome)
  if (input.art === undefined) throw refusal('art', `say whether ${input.name} is a spell (arcane) or an invocation (divine)`, outcome)
  if (input.level === undefined) throw refusal('level', `give ${input.name} its level`, outcome)
  const slug = input.name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')
  return { id: slug === '' ? `spell-${input.level}` : slug, name: input.name, art: input.art, level: input.level }
}

const word = (s: KnownSpell): string => (s.art === 'arcane' ? 'spell' : 'invocation')

/**
 * Learns a spell into the caster's capacity (OSR-21), as one change of sheet.
 * @example await learnOsrSpell(deps, { characterId: 4, spellId: 'smite-foe', from: 'teacher', readable: true }) // { text: 'Mira learnt Smite Foe, a level 1 spell, from a teacher (OSR-21): 1 of 1 spells.' }
 */
export async function learnOsrSpell(deps: ServiceDeps, input: LearnInput): Promise<MethodOutput<'growth.osr.learn'>> {
  const outcome = 'Nothing was learnt.'
  const spell = spellOf(input, outcome)
  return unitOfWork(deps, async (tx) => {
    const p = await osrPerson(tx.trx, input.characterId, outcome)
    const options = p.sheet.options as OptionName[]
    const source: SpellSource = input.from === 'teacher' ? { from: 'master' } : { from: 'record', readable: input.readable }
    const learnt = learnSpell({ level: p.sheet.level, options, spells: p.sheet.spells }, spell, source)
    if (!learnt.ok) {
      const field = learnt.problems.every((x) => x.includes('cannot be read')) ? 'readable' : input.spellId === undefined ? 'name' : 'spellId'
      throw refusal(field, `${learnt.problems.map((x) => x.replace(/\.$/, '')).join('; ')} (OSR-21)`, outcome)
    }
    const capacity = spellCapacity({ level: p.sheet.level, options }, spell.art)
    const held = learnt.spells.filter((s) => s.art === spell.art).length
    const from = input.from === 'teacher' ? 'from a teacher' : 'from a record found and read'
    const text = `${p.name} learnt ${spell.name}, a level ${spell.level} ${word(spell)}, ${from} (OSR-21): ${held} of ${capacity} ${word(spell)}s.`
    await changeSheet(tx, {
      campaignId: p.campaignId,
      characterId: p.id,
      name: p.name,
      before: p.raw,
      after: { ...p.raw, spells: learnt.spells },
      kind: 'growth.osr.spell',
      text,
      payload: { rule: 'OSR-21', spell, from: input.from },
    })
    return { text }
  })
}
