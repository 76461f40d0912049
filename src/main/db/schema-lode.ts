/** Kysely table types for LODE at the table (migration 0009). */
import type { Generated } from 'kysely'

export interface LodeRollTable {
  id: Generated<number>
  campaign_id: number
  kind: 'pool' | 'fluke' | 'opposed' | 'deliberate'
  /** JSON: services/table-lode/store.ts `StoredRoll`. */
  state: string
  /** JSON array of the states this one replaced with their steps' log entries, oldest first (`EarlierStep`). */
  history: Generated<string>
  gm_only: Generated<number>
  log_entry_id: number | null
  created_at: string
  updated_at: string
}

export interface LodeSceneTable {
  campaign_id: number
  session_id: number | null
  number: number
  /** JSON array of character ids (LODE-11). */
  kept_by: Generated<string>
  updated_at: string
}

export interface LodeTables {
  lode_roll: LodeRollTable
  lode_scene: LodeSceneTable
}
