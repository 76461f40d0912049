/**
 * Which API calls are GM actions that undo and redo walk through, and which of their inputs name
 * rows an earlier action created (so a redo after a redo still finds them: see remap.ts).
 * Editing records, starting and closing sessions and settings are changed where they were made and
 * are not on the undo stack.
 */
/**
 * Modules whose changes are made and changed again where they live (records pages, sessions,
 * settings, backups): not actions of play.
 */
const NOT_ACTION_MODULES = ['app.', 'campaign.', 'setting.', 'adventure.', 'character.', 'inventory.', 'session.', 'location.', 'search.', 'recap.', 'backup.', 'desktop.', 'play.', 'party.']

/** Single methods that are not actions: record edits, and each table's own undo (it walks the same stack). */
const NOT_ACTION_METHODS: ReadonlySet<string> = new Set([
  'encounterTable.create',
  'encounterTable.update',
  'encounterTable.delete',
  'injury.update',
  'injury.stepDown',
  'injury.delete',
  'ledger.correct',
  'clock.undo',
  'osr.undo',
  'challenge.undo',
])

/**
 * Whether calls of a method are recorded as actions. Every method of play is (the clock, lights and
 * timers, rolls, the ledger and injuries as play writes them, each system's table, notes), so a
 * method added to a table is on the undo stack from the start; a call that writes no log entry
 * (a read) records nothing.
 * @example isActionMethod('clock.advance') // true
 * @example isActionMethod('character.update') // false
 */
export function isActionMethod(method: string): boolean {
  return !NOT_ACTION_MODULES.some((m) => method.startsWith(m)) && !NOT_ACTION_METHODS.has(method)
}

/** Tables whose new rows later actions name in their input. */
export const REMAPPED_TABLES = ['lode_roll', 'ranks_roll', 'ladder_conflict', 'challenge', 'injury', 'inventory_item', 'ledger_entry', 'journey'] as const
export type RemappedTable = (typeof REMAPPED_TABLES)[number] | 'log_entry'

/** Input fields that name a row an action created, by the tables they may name. */
const ID_FIELDS: Record<string, readonly RemappedTable[]> = {
  rollId: ['lode_roll', 'ranks_roll'],
  logEntryId: ['log_entry'],
  injuryId: ['injury'],
  // An item bought between sessions (OSR-5) is sold or lit by later actions.
  itemId: ['inventory_item'],
  conflictId: ['ladder_conflict'],
  challengeId: ['challenge'],
  // A reason given after a one-click earn or spend names the entry that click made.
  ledgerEntryId: ['ledger_entry'],
  // A journey planned is set out on by a later action (CLK-14).
  journeyId: ['journey'],
}

/**
 * The tables an input field may name, for a call of `method`; `id` names the method's own tracker.
 * @example idFieldTables('challenge.round', 'id') // ['challenge']
 */
export function idFieldTables(method: string, field: string): readonly RemappedTable[] {
  if (field === 'id') {
    if (method.startsWith('challenge.')) return ['challenge']
    if (method.startsWith('ladder.conflict.') || method.startsWith('ladder.combat.')) return ['ladder_conflict']
    return []
  }
  return ID_FIELDS[field] ?? []
}
