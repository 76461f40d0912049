/**
 * Kysely table types for Resolution and Ranks at the table (migration 0011), merged into
 * `Database` in schema.ts.
 */
import type { Generated, Selectable } from 'kysely'

export interface RanksTrackerTable {
  campaign_id: number
  /** JSON: the tracker's state (services/table-ranks/state.ts). */
  state: string
  updated_at: string
}

export type RanksRollStatus = 'open' | 'accepted' | 'replaced' | 'conceded' | 'withdrawn'
export type RanksRollPurpose = 'action' | 'danger' | 'courage'

export interface RanksRollTable {
  id: Generated<number>
  campaign_id: number
  character_id: number | null
  /** Who rolled, as named when they rolled. */
  who: string
  /** The ability's name; empty for a rank typed in. */
  ability: string
  rank: string
  up: number
  down: number
  aspect: number | null
  aspect_name: string | null
  result: string
  purpose: RanksRollPurpose
  danger_id: number | null
  /** The Danger's description when rolled against. */
  danger: string | null
  status: Generated<RanksRollStatus>
  replaces_id: number | null
  gm_only: Generated<number>
  /** JSON: what accepting it did. */
  outcome: string | null
  log_entry_id: number | null
  created_at: string
  updated_at: string
}

export type RanksRollRow = Selectable<RanksRollTable>

export interface RanksStepTable {
  id: Generated<number>
  campaign_id: number
  log_entry_id: number
  /** JSON: services/table-ranks/journal.ts. */
  journal: string
  undone: Generated<number>
  created_at: string
}

export interface RanksTables {
  ranks_table: RanksTrackerTable
  ranks_roll: RanksRollTable
  ranks_step: RanksStepTable
}
