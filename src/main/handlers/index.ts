/**
 * Every method of the contract, bound to its service: one function per API module, merged here.
 * A module missing from this object fails the typecheck (`Handlers` needs every method name).
 */
import type { Handlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { coreHandlers, type AppInfo } from './core'
import { adventureHandlers } from './adventures'
import { characterHandlers } from './characters'
import { inventoryHandlers } from './inventory'
import { sessionHandlers } from './sessions'
import { locationHandlers } from './locations'
import { encounterTableHandlers } from './encounter-tables'
import { searchHandlers } from './search'
import { ledgerHandlers } from './ledger'
import { injuryHandlers } from './injuries'
import { clockHandlers } from './clock'
import { journeyHandlers } from './journey'
import { osrTableHandlers } from './table-osr'
import { ladderTableHandlers } from './table-ladder'
import { playHandlers } from './play'
import { recordingActions } from '../services/play'
import { tableLodeHandlers } from './table-lode'
import { ranksTableHandlers } from './table-ranks'
import { tableSceneHandlers } from './table-scene'
import { challengeTableHandlers } from './table-challenge'
import { recapHandlers } from './recap'
import type { LibraryHost } from '../services/backup'
import { backupHandlers } from './backup'
import { desktopHandlers } from './desktop'
import { libraryNoticeHandlers } from './library-notices'
import { growthHandlers } from './growth'
import { growthLadderHandlers } from './growth-ladder'
import { growthOsrHandlers } from './growth-osr'
import { growthLodeHandlers } from './growth-lode'
import { growthRanksHandlers } from './growth-ranks'
import { growthChallengeHandlers } from './growth-challenge'
import { partyHandlers } from './party'
import { playersHandlers } from './players'
import type { FileDialogs } from '../platform'

export type { AppInfo } from './core'

export function createHandlers(deps: ServiceDeps, info: AppInfo, library: LibraryHost, dialogs: FileDialogs | null = null): Handlers {
  const handlers: Handlers = {
    ...desktopHandlers(deps, library, dialogs),
    ...coreHandlers(deps, info),
    ...adventureHandlers(deps),
    ...characterHandlers(deps),
    ...inventoryHandlers(deps),
    ...sessionHandlers(deps),
    ...locationHandlers(deps),
    ...encounterTableHandlers(deps),
    ...searchHandlers(deps),
    ...ledgerHandlers(deps),
    ...injuryHandlers(deps),
    ...clockHandlers(deps),
    ...journeyHandlers(deps),
    ...osrTableHandlers(deps),
    ...ladderTableHandlers(deps),
    ...playHandlers(deps, () => handlers),
    ...tableLodeHandlers(deps),
    ...ranksTableHandlers(deps),
    ...tableSceneHandlers(deps),
    ...challengeTableHandlers(deps),
    ...recapHandlers(deps),
    ...backupHandlers(deps, library),
    ...libraryNoticeHandlers(info),
    ...growthHandlers(deps),
    ...growthLadderHandlers(deps),
    ...growthOsrHandlers(deps),
    ...growthLodeHandlers(deps),
    ...growthRanksHandlers(deps),
    ...growthChallengeHandlers(deps),
    ...partyHandlers(deps),
    ...playersHandlers(deps),
  }
  // The GM's undoable actions are recorded as they are made, for undo and redo (services/play).
  return recordingActions(handlers)
}
