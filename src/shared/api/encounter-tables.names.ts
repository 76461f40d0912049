/** Method names of the encounter tables module (no schemas: the preload imports this). */
export const ENCOUNTER_TABLE_METHODS = [
  'encounterTable.list',
  'encounterTable.get',
  'encounterTable.create',
  'encounterTable.update',
  'encounterTable.delete',
  'encounterTable.roll',
] as const
export type EncounterTableMethod = (typeof ENCOUNTER_TABLE_METHODS)[number]
