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

export interface PlayersTables {
  player_reveal: PlayerRevealTable
  player_share: PlayerShareTable
}
