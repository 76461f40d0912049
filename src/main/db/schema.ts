/**
 * Kysely table types for the app's current schema. Migrations never import this file: they are
 * frozen in time and use `Kysely<any>` (STYLE.md).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'

export interface CampaignTable {
  id: Generated<number>
  name: string
  system: 'ladder' | 'osr' | 'lode' | 'challenge' | 'ranks'
  /** Seed of the campaign's dice; each roll takes `${dice_seed}#${dice_counter}` (see services/dice). */
  dice_seed: string
  dice_counter: Generated<number>
  created_at: string
  updated_at: string
}

export interface SettingTable {
  campaign_id: number
  key: string
  /** JSON text, typed by the settings registry in services/settings. */
  value: string
}

export interface LogEntryTable {
  id: Generated<number>
  campaign_id: number
  session_id: number | null
  /** Game time in seconds since the campaign's start (CLK-1). */
  game_time: Generated<number>
  /** ISO-8601 wall-clock time the entry was written. */
  real_time: string
  kind: string
  /** JSON text. */
  payload: string
  /** JSON text: every face rolled, in order (DICE-3), or null when no die was rolled. */
  dice: string | null
  gm_only: Generated<number>
  undone: Generated<number>
}

export interface Database {
  campaign: CampaignTable
  setting: SettingTable
  log_entry: LogEntryTable
}

export type CampaignRow = Selectable<CampaignTable>
export type NewCampaignRow = Insertable<CampaignTable>
export type CampaignUpdate = Updateable<CampaignTable>
export type LogEntryRow = Selectable<LogEntryTable>
export type NewLogEntryRow = Insertable<LogEntryTable>
