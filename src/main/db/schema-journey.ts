/** Kysely table types for journeys on the clock (migration 0019, CLK-14). */
import type { Generated, Selectable } from 'kysely'

export type JourneyStatus = 'planned' | 'travelling' | 'arrived' | 'stopped'

export interface JourneyTable {
  id: Generated<number>
  campaign_id: number
  name: string
  from_location_id: number | null
  to_location_id: number | null
  /** The destination as typed, when it is no location of the campaign. */
  to_name: Generated<string>
  status: Generated<JourneyStatus>
  /** The GM's weather line, which the players read. */
  weather: Generated<string>
  set_out_at: number | null
  ended_at: number | null
  created_at: string
  updated_at: string
}

export interface JourneyLegTable {
  id: Generated<number>
  journey_id: number
  position: number
  /** The GM's name for the ground: road, forest, marsh. */
  terrain: string
  length: number
  unit: 'miles' | 'km'
  place: 'open' | 'enclosed'
  threshold: Generated<number>
  table_id: number | null
  /** 1 for a leg added on the road (CLK-16). */
  detour: Generated<number>
  created_at: string
}

export type JourneyRow = Selectable<JourneyTable>
export type JourneyLegRow = Selectable<JourneyLegTable>

export interface JourneyTables {
  journey: JourneyTable
  journey_leg: JourneyLegTable
}
