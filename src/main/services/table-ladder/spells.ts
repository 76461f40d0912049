/**
 * What a spell cast at the table keeps in its roll's log entry (LAD-25, LAD-26), and whether it may
 * be kept as a rote now, or is one already (LAD-27).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { RollOutcome } from '../../../shared/api/table-ladder.contract'
import type { Rung } from '../../engines/ladder'
import { ladderSheet } from './who'

/** The spell as cast: the effect the player described, the magical assets combined, the GM's rung. */
export interface SpellPayload {
  effect: string
  assets: string[]
  rung: Rung
}

/**
 * The same rote: the same effect (whatever the case and spaces), the same assets, the same rung.
 * @example sameRote({ effect: 'Sleep', assets: ['Blue'], rung: 'good' }, { effect: 'sleep ', assets: ['Blue'], rung: 'good' }) // true
 */
export function sameRote(a: SpellPayload, b: SpellPayload): boolean {
  const words = (s: string): string => s.trim().toLowerCase()
  const names = (x: readonly string[]): string => [...x].map(words).sort().join('\n')
  return words(a.effect) === words(b.effect) && names(a.assets) === names(b.assets) && a.rung === b.rung
}

/**
 * A roll's spell as the table shows it: kept as a rote when the caster's sheet has it, "may keep"
 * when it worked (LAD-27), otherwise neither.
 * @example await spellOutcome(db, { characterId: 4, success: true, spell: { effect: 'sleep', assets: ['Blue'], rung: 'good' } }) // { …, rote: 'may keep' }
 */
export async function spellOutcome(db: Kysely<Database>, roll: { characterId: number | null; success: boolean | null; spell?: SpellPayload | undefined }): Promise<RollOutcome['spell']> {
  const spell = roll.spell
  if (!spell) return null
  const row = roll.characterId === null ? undefined : await db.selectFrom('character').select('sheet').where('id', '=', roll.characterId).executeTakeFirst()
  const kept = row !== undefined && ladderSheet(row.sheet).rotes.some((r) => sameRote(r, spell))
  return { effect: spell.effect, assets: [...spell.assets], rung: spell.rung, rote: kept ? 'kept' : roll.success ? 'may keep' : null }
}
