import type { EncounterTableMethod } from '../../shared/api/encounter-tables.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { rollEncounterTable, createEncounterTable, deleteEncounterTable, getEncounterTable, listEncounterTables, updateEncounterTable } from '../services/records'

export function encounterTableHandlers(deps: ServiceDeps): ModuleHandlers<EncounterTableMethod> {
  return {
    'encounterTable.list': (i) => listEncounterTables(deps.db, i.campaignId),
    'encounterTable.get': (i) => getEncounterTable(deps.db, i.id),
    'encounterTable.create': (i) => createEncounterTable(deps, i),
    'encounterTable.update': (i) => updateEncounterTable(deps, i),
    'encounterTable.delete': (i) => deleteEncounterTable(deps, i),
    'encounterTable.roll': (i) => rollEncounterTable(deps, i),
  }
}
