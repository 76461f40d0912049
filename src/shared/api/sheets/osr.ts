/**
 * The shape of an old-school sheet (OSR-1 … OSR-6, OSR-21) as it is stored. Experience and gold
 * are ledger currencies (OSR-5, OSR-6) and the resistance target follows from level and options
 * (OSR-3), so none of them is stored here: the sheet shows them as derived values.
 */
import { z } from 'zod'
import { OSR_OPTIONS } from '../../sheet-words'
import { line, list, oneOf, whole } from './fields'

export const OsrSpell = z.object({
  /** A stable id: the sample's id, or one made from the name. */
  id: line(100).min(1, 'needs an id'),
  name: line(100).min(1, 'a spell needs a name'),
  art: oneOf(['arcane', 'divine'] as const, 'OSR-4'),
  level: whole(1, 20),
})
export type OsrSpell = z.infer<typeof OsrSpell>

export const OsrSheet = z.object({
  level: whole(1, 100).default(1),
  /** OSR-1: body, mind, spirit; −1, 0 or +1 when rolled (a GM's magic may push them further). */
  B: whole(-5, 5).default(0),
  M: whole(-5, 5).default(0),
  S: whole(-5, 5).default(0),
  /** Current H: may fall below 0 (OSR-19). */
  h: whole(-1000, 1000).default(0),
  /** Maximum H: never negative; 0 is dead (OSR-19). */
  maxH: whole(0, 1000).default(0),
  /** OSR-4: how many options the GM allowed at creation (1d3). */
  optionsAllowed: whole(0, 7).default(3),
  options: list(oneOf(OSR_OPTIONS, 'OSR-4'), 14).default([]),
  /** OSR-24: the patron deity of a character with divine audience. */
  patron: line(100).default(''),
  /** OSR-21: spells and invocations learnt. */
  spells: list(OsrSpell, 100).default([]),
  /** OSR-22: ids of the spells prepared now. */
  prepared: list(line(100), 100).default([]),
})
export type OsrSheet = z.infer<typeof OsrSheet>
