/**
 * Kysely table types for the app's current schema. Migrations never import this file: they are
 * frozen in time and use `Kysely<any>` (STYLE.md).
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely'
import type { OsrTables } from './schema-osr'
import type { LodeTables } from './schema-lode'
import type { RanksTables } from './schema-ranks'
import type { LadderTables } from './schema-ladder'
import type { ChallengeTables } from './schema-challenge'
import type { ActionTables } from './schema-actions'
import type { PlayersTables } from './schema-players'
import type { JourneyTables } from './schema-journey'

export interface CampaignTable {
  id: Generated<number>
  name: string
  system: 'ladder' | 'osr' | 'lode' | 'challenge' | 'ranks'
  /** Seed of the campaign's dice; each roll takes `${dice_seed}#${dice_counter}` (see services/core/dice.ts). */
  dice_seed: string
  dice_counter: Generated<number>
  created_at: string
  updated_at: string
}

export interface SettingTable {
  campaign_id: number
  key: string
  /** JSON text, typed by the settings registry in services/campaigns/settings.ts. */
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
  /** Who the entry is for (migration 0018): see LogAudience. */
  audience: Generated<LogAudience>
  /** JSON text: the payload as the players may read it, when `audience` is 'players'. */
  players: Generated<string | null>
}

/**
 * Who a log entry is for, decided when it is written (services/players/audience): 'all', the
 * players read it as the GM does; 'players', they read its `players` payload; 'gm', the GM's
 * alone; 'book', the bookkeeping of an undo or a redo, no part of the story; 'old', written before
 * audiences were kept, decided when read.
 */
export type LogAudience = 'all' | 'players' | 'gm' | 'book' | 'old'

export interface Database extends RecordTables, ClockTables, RanksTables, LodeTables, OsrTables, LadderTables, ChallengeTables, ActionTables, PlayersTables, JourneyTables {
  campaign: CampaignTable
  setting: SettingTable
  log_entry: LogEntryTable
}

export type CampaignRow = Selectable<CampaignTable>
export type NewCampaignRow = Insertable<CampaignTable>
export type CampaignUpdate = Updateable<CampaignTable>
export type LogEntryRow = Selectable<LogEntryTable>
export type NewLogEntryRow = Insertable<LogEntryTable>

// ── Campaign records (migration 0002) ─────────────────────────────────────────────────────

export interface AdventureTable {
  id: Generated<number>
  campaign_id: number
  title: string
  status: Generated<'planned' | 'active' | 'finished'>
  summary: Generated<string>
  position: number
  created_at: string
  updated_at: string
}

export interface SessionTable {
  id: Generated<number>
  campaign_id: number
  number: number
  title: Generated<string>
  /** YYYY-MM-DD */
  real_date: string | null
  adventure_id: number | null
  game_time_start: number | null
  game_time_end: number | null
  status: Generated<'open' | 'closed'>
  gm_notes: Generated<string>
  created_at: string
  updated_at: string
}

export interface SessionAttendanceTable {
  session_id: number
  character_id: number
}

export interface CharacterTable {
  id: Generated<number>
  campaign_id: number
  kind: 'pc' | 'npc'
  name: string
  player_name: string | null
  status: Generated<'active' | 'dead' | 'retired' | 'missing'>
  notes: Generated<string>
  /** JSON array of strings. */
  tags: Generated<string>
  /** JSON: the sheet for the campaign's rules system. */
  sheet: Generated<string>
  draft: Generated<number>
  created_at: string
  updated_at: string
}

export type InventoryKind = 'light' | 'ration' | 'water' | 'weapon' | 'armour' | 'coins' | 'other'

export interface InventoryItemTable {
  id: Generated<number>
  character_id: number
  name: string
  kind: InventoryKind
  quantity: Generated<number>
  /** Per unit. */
  weight_lbs: Generated<number>
  /** Per unit. */
  value_gp: Generated<number>
  /** JSON: light type and oil, weapon class, armour modifier … */
  details: Generated<string>
  position: Generated<number>
  created_at: string
  updated_at: string
}

export interface LocationTable {
  id: Generated<number>
  campaign_id: number
  parent_id: number | null
  name: string
  kind: Generated<'open' | 'enclosed'>
  description: Generated<string>
  /** CLK-13: 1 under the sky, 0 not, null as the place it is in (migration 0019). */
  under_sky: Generated<number | null>
  created_at: string
  updated_at: string
}

export interface EncounterTableTable {
  id: Generated<number>
  campaign_id: number
  location_id: number | null
  name: string
  dice: string
  created_at: string
  updated_at: string
}

export interface EncounterRowTable {
  id: Generated<number>
  table_id: number
  min: number
  max: number
  text: Generated<string>
  npc_id: number | null
  position: Generated<number>
}

export type Currency = 'pp' | 'background' | 'destiny' | 'energy' | 'xp' | 'threat' | 'gold'

export interface LedgerEntryTable {
  id: Generated<number>
  campaign_id: number
  /** Null for campaign-wide currencies (Threat). */
  character_id: number | null
  currency: Currency
  amount: number
  reason: Generated<string>
  session_id: number | null
  game_time: Generated<number>
  log_entry_id: number | null
  /** The entry this correction reverses (migration 0005). */
  corrects_id: number | null
  created_at: string
}

/** Each ledger's balance per currency, kept by triggers beside its entries (migration 0020). */
export interface LedgerSumTable {
  campaign_id: number
  /** The character's id; 0 for the campaign's own ledger (Threat). */
  holder: number
  currency: Currency
  /** The sum of the entries' amounts; never 0 (a sum of 0 has no row). */
  balance: number
}

/**
 * Each campaign's version of what the players' gate reads (foes met, reveals, the party), made new
 * by triggers at every change to those rows (migration 0021). A number on SQLite; PostgreSQL's
 * bigint reads as text.
 */
export interface PlayersVersionTable {
  campaign_id: number
  version: number | string
}

export interface InjuryTable {
  id: Generated<number>
  campaign_id: number
  character_id: number
  system: string
  kind: string
  description: Generated<string>
  /** JSON */
  details: Generated<string>
  taken_at: number
  heals_at: number | null
  treated: Generated<number>
  healed: Generated<number>
  healed_at: number | null
  created_at: string
  updated_at: string
}

/** The FTS5 index; written only by the triggers of migration 0002. */
export interface SearchIndexTable {
  rowid: number
  campaign_id: number
  kind: 'character' | 'location' | 'encounter_table' | 'encounter_row' | 'adventure' | 'session' | 'inventory_item' | 'ledger_entry' | 'injury' | 'log_entry'
  ref_id: number
  open_id: number
  game_time: number | null
  game_end: number | null
  title: string
  body: string
  extra: string
}

/** Log entries whose words are not indexed yet (migration 0016): services/core/log-search-queue.ts. */
export interface SearchPendingTable {
  log_id: number
}

export interface RecordTables {
  adventure: AdventureTable
  session: SessionTable
  session_attendance: SessionAttendanceTable
  character: CharacterTable
  inventory_item: InventoryItemTable
  location: LocationTable
  encounter_table: EncounterTableTable
  encounter_row: EncounterRowTable
  ledger_entry: LedgerEntryTable
  ledger_sum: LedgerSumTable
  players_version: PlayersVersionTable
  injury: InjuryTable
  search_index: SearchIndexTable
  search_pending: SearchPendingTable
}

// ── The clock (migration 0006) ────────────────────────────────────────────────────────────

export interface ClockTable {
  campaign_id: number
  /** JSON: the clock engine's ClockState, with provisions and injuries left empty (they live in their tables). */
  state: string
  updated_at: string
}

export interface ClockStepTable {
  id: Generated<number>
  campaign_id: number
  action: string
  summary: string
  clock_before: string
  /** JSON: [{ table, id, before, after }] for every inventory item and injury the step changed. */
  rows: Generated<string>
  first_log_id: number
  last_log_id: number
  undone: Generated<number>
  created_at: string
}

export interface ClockTables {
  clock: ClockTable
  clock_step: ClockStepTable
}
