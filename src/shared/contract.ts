/**
 * The typed API between the renderer and the main process: for every method its input schema,
 * output schema and scope; for every push event its payload schema and scope. The router checks
 * every input against this at run time; the renderer's client and the preload are typed from it.
 *
 * Each module of the API lives in `api/<module>.names.ts` (its method and event names, free of
 * schemas so the preload can use them) and `api/<module>.contract.ts` (the schemas); this file
 * puts the modules together.
 */
import type { z } from 'zod'
import type { EventName, MethodName } from './methods'
import type { EventDef, MethodDef } from './api/common'
import { coreContract, coreEvents } from './api/core.contract'
import { recordEvents } from './api/records.contract'
import { adventureContract } from './api/adventures.contract'
import { characterContract } from './api/characters.contract'
import { inventoryContract } from './api/inventory.contract'
import { sessionContract } from './api/sessions.contract'
import { locationContract } from './api/locations.contract'
import { encounterTableContract } from './api/encounter-tables.contract'
import { searchContract } from './api/search.contract'
import { ledgerContract } from './api/ledger.contract'
import { injuryContract } from './api/injuries.contract'
import { clockContract, clockEvents } from './api/clock.contract'
import { journeyContract } from './api/journey.contract'
import { osrTableContract } from './api/table-osr.contract'
import { ladderTableContract } from './api/table-ladder.contract'
import { challengeTableContract } from './api/table-challenge.contract'
import { playContract } from './api/play.contract'
import { tableLodeContract } from './api/table-lode.contract'
import { ranksTableContract } from './api/table-ranks.contract'
import { tableSceneContract } from './api/table-scene.contract'
import { recapContract } from './api/recap.contract'
import { backupContract, backupEvents } from './api/backup.contract'
import { desktopContract } from './api/desktop.contract'
import { libraryNoticeContract } from './api/library-notices.contract'
import { growthContract } from './api/growth.contract'
import { growthLadderContract } from './api/growth-ladder.contract'
import { growthOsrContract } from './api/growth-osr.contract'
import { growthLodeContract } from './api/growth-lode.contract'
import { growthRanksContract } from './api/growth-ranks.contract'
import { growthChallengeContract } from './api/growth-challenge.contract'
import { partyContract } from './api/party.contract'
import { playersContract, playersEvents } from './api/players.contract'

export * from './api/common'
export * from './api/core.contract'
export * from './api/records.contract'
export * from './api/adventures.contract'
export * from './api/characters.contract'
export * from './api/inventory.contract'
export * from './api/sessions.contract'
export * from './api/locations.contract'
export * from './api/encounter-tables.contract'
export * from './api/search.contract'
export * from './api/ledger.contract'
export * from './api/injuries.contract'
export * from './api/clock.contract'
export * from './api/journey.contract'
export * from './api/table-osr.contract'
export * from './api/play.contract'
export * from './api/table-lode.contract'
export * from './api/table-scene.contract'
export * from './api/recap.contract'
export * from './api/backup.contract'
export * from './api/library-notices.contract'
export * from './api/growth.contract'
export * from './api/growth-ladder.contract'
export * from './api/growth-osr.contract'
export * from './api/growth-lode.contract'
export * from './api/growth-ranks.contract'
export * from './api/growth-challenge.contract'
export * from './api/party.contract'
export * from './api/players.contract'
export { SYSTEMS, SYSTEM_IDS } from './systems'

export const contract = {
  ...coreContract,
  ...adventureContract,
  ...characterContract,
  ...inventoryContract,
  ...sessionContract,
  ...locationContract,
  ...encounterTableContract,
  ...searchContract,
  ...ledgerContract,
  ...injuryContract,
  ...clockContract,
  ...osrTableContract,
  ...ladderTableContract,
  ...challengeTableContract,
  ...playContract,
  ...tableLodeContract,
  ...ranksTableContract,
  ...tableSceneContract,
  ...recapContract,
  ...backupContract,
  ...desktopContract,
  ...libraryNoticeContract,
  ...growthContract,
  ...growthLadderContract,
  ...growthOsrContract,
  ...growthLodeContract,
  ...growthRanksContract,
  ...growthChallengeContract,
  ...partyContract,
  ...playersContract,
  ...journeyContract,
} as const satisfies Record<MethodName, MethodDef>

export const events = {
  ...coreEvents,
  ...recordEvents,
  ...clockEvents,
  ...playersEvents,
  ...backupEvents,
} as const satisfies Record<EventName, EventDef>

export type Contract = typeof contract
export type MethodInput<K extends MethodName> = z.input<Contract[K]['input']>
export type ParsedInput<K extends MethodName> = z.output<Contract[K]['input']>
export type MethodOutput<K extends MethodName> = z.output<Contract[K]['output']>
export type EventPayload<K extends EventName> = z.output<(typeof events)[K]['payload']>

/** What a refused call returns: a code, a sentence a GM can act on, and per-field details. */
export interface ApiError {
  code: 'invalid_input' | 'unknown_method' | 'forbidden' | 'not_found' | 'conflict' | 'refused' | 'internal'
  message: string
  details: { field: string; problem: string }[]
}
export type CallResult<T = unknown> = { ok: true; value: T } | { ok: false; error: ApiError }

/** A pushed event as it travels over IPC or the WebSocket. */
export interface EventMessage<K extends EventName = EventName> {
  event: K
  payload: EventPayload<K>
}
