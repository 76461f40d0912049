/** Events shared by every campaign-record module (no schemas: the preload imports this). */
export const RECORD_EVENTS = ['record.changed'] as const
export type RecordEvent = (typeof RECORD_EVENTS)[number]

/** The kinds of record a `record.changed` event can name. */
export const RECORD_KINDS = [
  'adventure',
  'session',
  'character',
  'inventory',
  'location',
  'encounter_table',
  'ledger',
  'injury',
] as const
export type RecordKind = (typeof RECORD_KINDS)[number]
