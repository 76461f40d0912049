/**
 * What a spell or invocation is, as data (OSR-24). The six samples of the seed are in
 * `resources/osr/spells.json`; a GM's own spells take the same shape.
 */

/** Arcane knowledge casts spells; divine audience invokes a patron deity (OSR-4, OSR-24). */
export type Art = 'arcane' | 'divine'

/** OSR-4: the option that grants each art. */
export const OPTION_FOR_ART = { arcane: 'arcane knowledge', divine: 'divine audience' } as const

/** How a spell reaches its subject. */
export type SpellReach = 'line of sight' | 'contact' | 'around the caster'

/** A number of a spell in the seed's notation, with its unit (OSR-23 scales it). */
export interface SpellNumber {
  expression: string
  unit: string
  /** False for a number that is not a range, duration or effect, so OSR-23 leaves it alone. */
  scales?: boolean
}

export interface SpellDefinition {
  id: string
  name: string
  art: Art
  /** The spell's level: the H each casting attempt costs (OSR-22). */
  level: number
  reach: SpellReach
  /** Null where the spell has no range (contact). */
  range: SpellNumber | null
  /** 'until cancelled': the seed's "-", the caster ends it (Vanish). */
  duration: SpellNumber | 'instant' | 'until cancelled'
  /** Named numeric effects, e.g. harm or entities affected. */
  effects: Record<string, SpellNumber>
  description: string
}

/** What a character's record keeps of each spell it has learnt. */
export type KnownSpell = Pick<SpellDefinition, 'id' | 'name' | 'art' | 'level'>
