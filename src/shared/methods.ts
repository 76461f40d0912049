/**
 * The API's method and event names, without their schemas, so the sandboxed preload can build its
 * object from them without bundling a schema library. `contract.ts` is typed against these lists,
 * so a name here with no schema there (or the reverse) fails the typecheck. Each module's names
 * live in `api/<module>.names.ts`.
 */
import { CORE_EVENTS, CORE_METHODS } from './api/core.names'
import { RECORD_EVENTS } from './api/records.names'
import { ADVENTURE_METHODS } from './api/adventures.names'
import { CHARACTER_METHODS } from './api/characters.names'
import { INVENTORY_METHODS } from './api/inventory.names'
import { SESSION_METHODS } from './api/sessions.names'
import { LOCATION_METHODS } from './api/locations.names'
import { ENCOUNTER_TABLE_METHODS } from './api/encounter-tables.names'
import { SEARCH_METHODS } from './api/search.names'
import { LEDGER_METHODS } from './api/ledger.names'
import { INJURY_METHODS } from './api/injuries.names'
import { CLOCK_EVENTS, CLOCK_METHODS } from './api/clock.names'
import { OSR_TABLE_METHODS } from './api/table-osr.names'
import { LADDER_TABLE_METHODS } from './api/table-ladder.names'
import { CHALLENGE_TABLE_METHODS } from './api/table-challenge.names'
import { PLAY_METHODS } from './api/play.names'
import { TABLE_LODE_METHODS } from './api/table-lode.names'
import { RANKS_TABLE_METHODS } from './api/table-ranks.names'
import { TABLE_SCENE_METHODS } from './api/table-scene.names'
import { RECAP_METHODS } from './api/recap.names'
import { BACKUP_EVENTS, BACKUP_METHODS } from './api/backup.names'
import { DESKTOP_METHODS } from './api/desktop.names'
import { LIBRARY_NOTICE_METHODS } from './api/library-notices.names'
import { GROWTH_METHODS } from './api/growth.names'
import { GROWTH_LADDER_METHODS } from './api/growth-ladder.names'
import { GROWTH_OSR_METHODS } from './api/growth-osr.names'
import { GROWTH_LODE_METHODS } from './api/growth-lode.names'
import { GROWTH_RANKS_METHODS } from './api/growth-ranks.names'
import { GROWTH_CHALLENGE_METHODS } from './api/growth-challenge.names'
import { PARTY_METHODS } from './api/party.names'
import { PLAYERS_EVENTS, PLAYERS_METHODS } from './api/players.names'
import { JOURNEY_METHODS } from './api/journey.names'

export const METHOD_NAMES = [
  ...CORE_METHODS,
  ...ADVENTURE_METHODS,
  ...CHARACTER_METHODS,
  ...INVENTORY_METHODS,
  ...SESSION_METHODS,
  ...LOCATION_METHODS,
  ...ENCOUNTER_TABLE_METHODS,
  ...SEARCH_METHODS,
  ...LEDGER_METHODS,
  ...INJURY_METHODS,
  ...CLOCK_METHODS,
  ...OSR_TABLE_METHODS,
  ...LADDER_TABLE_METHODS,
  ...CHALLENGE_TABLE_METHODS,
  ...PLAY_METHODS,
  ...TABLE_LODE_METHODS,
  ...RANKS_TABLE_METHODS,
  ...TABLE_SCENE_METHODS,
  ...RECAP_METHODS,
  ...BACKUP_METHODS,
  ...DESKTOP_METHODS,
  ...LIBRARY_NOTICE_METHODS,
  ...GROWTH_METHODS,
  ...GROWTH_LADDER_METHODS,
  ...GROWTH_OSR_METHODS,
  ...GROWTH_LODE_METHODS,
  ...GROWTH_RANKS_METHODS,
  ...GROWTH_CHALLENGE_METHODS,
  ...PARTY_METHODS,
  ...PLAYERS_METHODS,
  ...JOURNEY_METHODS,
] as const
export type MethodName = (typeof METHOD_NAMES)[number]

export const EVENT_NAMES = [
  ...CORE_EVENTS,
  ...RECORD_EVENTS,
  ...CLOCK_EVENTS,
  ...PLAYERS_EVENTS,
  ...BACKUP_EVENTS,
] as const
export type EventName = (typeof EVENT_NAMES)[number]

/** The one IPC channel for calls, and the one for pushed events (channels are `noun:verb`). */
export const IPC_CALL_CHANNEL = 'lantern:call'
export const IPC_EVENT_CHANNEL = 'lantern:event'
