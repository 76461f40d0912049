/** Kysely table types for what the GM has shown the players (migration 0015). */
import type { Generated, Selectable } from 'kysely'

export type PlayerRevealKind = 'foe' | 'foe-numbers' | 'location' | 'npc'

export interface PlayerRevealTable {
  id: Generated<number>
  campaign_id: number
  kind: PlayerRevealKind
  /** A foe's key at the table, or a location's or NPC's id as text. */
  ref: string
  /** A handout's words for the players; empty for a foe. */
  text: Generated<string>
  /** A handout's heading for the players, when the GM wrote one (migration 0018). */
  title: Generated<string>
  created_at: string
}

export type PlayerRevealRow = Selectable<PlayerRevealTable>

/** The players' link: one row, the key and port it is shared on. */
export interface PlayerShareTable {
  id: number
  key: string
  port: number
  updated_at: string
}

/**
 * A foe the players have met at the table (migration 0018): its name stays hidden from them,
 * wherever it is written, until the GM reveals it.
 */
export interface PlayersFoeTable {
  id: Generated<number>
  campaign_id: number
  /** Its key at the table, as a reveal names it. */
  key: string
  name: string
  /** What the players read in its place: "a foe", "a Danger". */
  alias: string
  /** The first entry written while it was at the table. */
  log_entry_id: number | null
  created_at: string
}

export type PlayersFoeRow = Selectable<PlayersFoeTable>

export interface PlayersTables {
  player_reveal: PlayerRevealTable
  player_share: PlayerShareTable
  players_foe: PlayersFoeTable
}
