/** What search leaves out of the story: what undo took back, and what it wrote to take it back. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'

/**
 * The ledger entries among `ids` that are no part of the story: one whose action was undone, or
 * one an undo wrote to reverse it (LAD-21: a ledger entry is reversed, never erased).
 * @example await notInStory(db, [4, 5]) // Set { 5 }
 */
export async function notInStory(db: Kysely<Database>, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set()
  const gone = await db
    .selectFrom('ledger_entry as le')
    .innerJoin('log_entry as l', 'l.id', 'le.log_entry_id')
    .select('le.id')
    .where('le.id', 'in', [...ids])
    .where((eb) => eb.or([eb('l.undone', '=', 1), eb('l.audience', '=', 'book')]))
    .execute()
  return new Set(gone.map((g) => g.id))
}
