/**
 * Kysely table types for the old-school core at the table (migration 0008), merged into
 * `Database` in schema.ts.
 */
import type { Generated, Selectable } from 'kysely'

export interface OsrTableTable {
  campaign_id: number
  /** JSON: the table's state (services/table-osr/state.ts). */
  state: string
  updated_at: string
}

export interface OsrStepTable {
  id: Generated<number>
  campaign_id: number
  action: string
  summary: string
  /** JSON: the table's state before the step, or null when there was none. */
  state_before: string | null
  /** JSON: the character and injury rows the step changed, before and after. */
  rows: Generated<string>
  first_log_id: number
  last_log_id: number
  undone: Generated<number>
  created_at: string
}

export type OsrStepRow = Selectable<OsrStepTable>

export interface OsrTables {
  osr_table: OsrTableTable
  osr_step: OsrStepTable
}
