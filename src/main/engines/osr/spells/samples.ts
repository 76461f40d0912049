/**
 * The seed's six sample spells and invocations (OSR-24), shipped as `resources/osr/spells.json`
 * and checked here, with the same check for a GM's own spells.
 */
import samples from '../../../../../resources/osr/spells.json'
import { isCount, isOneOf, isRecord, isText, readField, unlessProblems } from '../data-check'
import { parseDiceExpression } from '../dice-expression'
import type { Art, SpellDefinition, SpellNumber, SpellReach } from './spell'

const isArt = isOneOf<Art>(['arcane', 'divine'])
const isReach = isOneOf<SpellReach>(['line of sight', 'contact', 'around the caster'])

function readNumber(problems: string[], where: string, raw: unknown): SpellNumber | undefined {
  if (!isRecord(raw)) {
    problems.push(`${where}: must be an object with expression and unit.`)
    return undefined
  }
  const expression = readField(problems, where, raw, 'expression', isText, 'a number in the seed\'s notation, e.g. "2d6x10"')
  const unit = readField(problems, where, raw, 'unit', isText, 'a unit, e.g. "ft"')
  if (expression === undefined || unit === undefined) return undefined
  try {
    parseDiceExpression(expression)
  } catch (err) {
    problems.push(`${where}: ${(err as Error).message}`)
    return undefined
  }
  if (raw['scales'] !== undefined && raw['scales'] !== false) problems.push(`${where}: "scales" may only be false (numbers scale unless told not to).`)
  return raw['scales'] === false ? { expression, unit, scales: false } : { expression, unit }
}

function readSpell(problems: string[], raw: unknown, index: number): SpellDefinition | undefined {
  if (!isRecord(raw)) {
    problems.push(`spell ${index + 1}: must be an object.`)
    return undefined
  }
  const where = typeof raw['name'] === 'string' ? raw['name'] : `spell ${index + 1}`
  const before = problems.length
  const id = readField(problems, where, raw, 'id', isText, 'an id')
  const name = readField(problems, where, raw, 'name', isText, 'a name')
  const art = readField(problems, where, raw, 'art', isArt, '"arcane" or "divine"')
  const level = readField(problems, where, raw, 'level', isCount, 'a whole number, 1 or more')
  const reach = readField(problems, where, raw, 'reach', isReach, '"line of sight", "contact" or "around the caster"')
  const description = readField(problems, where, raw, 'description', isText, 'a description')
  const range = raw['range'] === null ? null : readNumber(problems, `${where} range`, raw['range'])
  const rawDuration = raw['duration']
  const duration = rawDuration === 'instant' || rawDuration === 'until cancelled' ? rawDuration : readNumber(problems, `${where} duration`, rawDuration)
  const effects: Record<string, SpellNumber> = {}
  if (!isRecord(raw['effects'])) problems.push(`${where}: "effects" must be an object of named numbers ({} for none).`)
  else for (const [key, n] of Object.entries(raw['effects'])) {
    const effect = readNumber(problems, `${where} effect ${key}`, n)
    if (effect) effects[key] = effect
  }
  if (problems.length > before || !id || !name || !art || !level || !reach || !description || range === undefined || !duration) return undefined
  return { id, name, art, level, reach, range, duration, effects, description }
}

/**
 * Checks a list of spells read from JSON, reporting every problem at once.
 * @example parseSpellDefinitions([{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1, … }])
 */
export function parseSpellDefinitions(raw: unknown): SpellDefinition[] {
  if (!Array.isArray(raw)) return unlessProblems('The spells', ['they must be a list.'], [])
  const problems: string[] = []
  const spells = raw.map((entry, i) => readSpell(problems, entry, i))
  const ids = spells.flatMap((s) => (s ? [s.id] : []))
  for (const id of new Set(ids)) if (ids.filter((x) => x === id).length > 1) problems.push(`Two spells share the id "${id}".`)
  return unlessProblems('The spells', problems, spells.filter((s): s is SpellDefinition => s !== undefined))
}

/** OSR-24: Smite Foe, Decipher Arcana, Vanish, Do / Undo Harm, Purify / Contaminate, Reveal Intent. */
export const SAMPLE_SPELLS: readonly SpellDefinition[] = parseSpellDefinitions(samples)

/**
 * A sample spell by id; says which ids exist when it is not one.
 * @example sampleSpell('vanish').level // 2
 */
export function sampleSpell(id: string): SpellDefinition {
  const spell = SAMPLE_SPELLS.find((s) => s.id === id)
  if (!spell) throw new RangeError(`There is no sample spell "${id}"; the samples are ${SAMPLE_SPELLS.map((s) => s.id).join(', ')}.`)
  return spell
}
