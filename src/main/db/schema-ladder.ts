/** Kysely table types of The Ladder's trackers at the table (migration 0007). */
import type { Generated } from 'kysely'

export interface LadderConflictTable {
  id: Generated<number>
  campaign_id: number
  session_id: number | null
  kind: 'extended' | 'team' | 'race' | 'duel' | 'combat'
  name: Generated<string>
  /** JSON: who takes part, as the GM set it up. */
  setup: string
  /** JSON: the engine's state after the last exchange. */
  state: string
  /** JSON: what the last exchange did; null before the first. */
  last: string | null
  status: Generated<'open' | 'over'>
  created_at: string
  updated_at: string
}

export interface LadderTables {
  ladder_conflict: LadderConflictTable
}
