/**
 * What an encounter brought to the table, for any system's tracker: the encounter table's row that
 * was rolled, read as foes — an NPC of the campaign, or its text with the number appearing in front
 * ("2d4 giant rats", "3 brigands"), rolled with the campaign's dice when it is dice (DICE-1).
 */
import { z } from 'zod'
import { Id } from './common'

/** The rolled row, as the clock bar's encounter alert has it. */
export const Met = z
  .object({
    text: z.string({ error: 'must be text' }).trim().max(1_000, 'must be at most 1,000 characters').default(''),
    npcId: Id.nullable().default(null),
    /** The NPC's name, when the row brings one on. */
    npcName: z.string().max(200).nullable().default(null),
  })
  .strict()
  .refine((m) => m.text !== '' || m.npcId !== null, { error: 'an encounter needs a row with text or an NPC', path: ['text'] })
export type Met = z.output<typeof Met>

/** The most foes one encounter brings to a tracker. */
export const MAX_MET = 20

/** A number appearing: a fixed count, or dice (`2d4`, `1d6+1`). */
export type Appearing = { kind: 'count'; count: number } | { kind: 'dice'; dice: number; sides: number; plus: number; text: string }

const LEADING = /^(?:(\d{1,2})d(\d{1,3})\s*([+-]\s*\d{1,2})?|(\d{1,3}))\s+(\S.*)$/i

/**
 * The row's text as foes: how many appear and what they are called.
 * @example readMet('2d4 giant rats') // { appearing: { kind: 'dice', dice: 2, sides: 4, plus: 0, text: '2d4' }, name: 'Giant rats' }
 * @example readMet('Brigands on ponies') // { appearing: { kind: 'count', count: 1 }, name: 'Brigands on ponies' }
 */
export function readMet(text: string): { appearing: Appearing; name: string } {
  const clean = text.trim().replace(/\s+/g, ' ')
  const m = LEADING.exec(clean)
  const named = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
  if (!m) return { appearing: { kind: 'count', count: 1 }, name: named(clean) }
  const name = named(m[5]!.trim())
  if (m[4] !== undefined) return { appearing: { kind: 'count', count: Math.max(1, Number(m[4])) }, name }
  const plus = m[3] ? Number(m[3].replace(/\s+/g, '')) : 0
  return { appearing: { kind: 'dice', dice: Math.max(1, Number(m[1])), sides: Math.max(2, Number(m[2])), plus, text: `${m[1]}d${m[2]}${plus ? (plus > 0 ? `+${plus}` : `${plus}`) : ''}` }, name }
}

/** A die source, as the engines' Dice: one fair roll of `sides` faces. */
export interface DieRoller {
  roll(sides: number): number
}

/**
 * Rolls how many appear; a d3 or d2 is rolled on a d6 (DICE-1). Never fewer than 1, never more than MAX_MET.
 * @example rollAppearing(dice, { kind: 'dice', dice: 2, sides: 4, plus: 0, text: '2d4' }) // { count: 5, rolled: 5 }
 */
export function rollAppearing(dice: DieRoller, appearing: Appearing): { count: number; rolled: number } {
  if (appearing.kind === 'count') return { count: Math.min(MAX_MET, appearing.count), rolled: appearing.count }
  let total = appearing.plus
  for (let i = 0; i < appearing.dice; i++) {
    if (appearing.sides === 3) total += Math.ceil(dice.roll(6) / 2)
    else if (appearing.sides === 2) total += Math.ceil(dice.roll(6) / 3)
    else total += dice.roll(appearing.sides)
  }
  return { count: Math.min(MAX_MET, Math.max(1, total)), rolled: total }
}

/**
 * The names of the foes met: one name for one, numbered for several ("Giant rats 1" …).
 * @example metNames('Giant rats', 3) // ['Giant rats 1', 'Giant rats 2', 'Giant rats 3']
 */
export function metNames(name: string, count: number): string[] {
  return count === 1 ? [name] : Array.from({ length: count }, (_, i) => `${name} ${i + 1}`)
}
