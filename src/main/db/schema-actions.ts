/**
 * Kysely table types for the GM's actions (migration 0012), merged into `Database` in schema.ts:
 * one row per undoable action, written in the action's own transaction, so undo and redo find the
 * last action by itself, however many log entries it wrote.
 */
import type { Generated, Selectable } from 'kysely'

/** `done` stands; `undone` was taken back (redoable while nothing new was done since); `redone` was made again as a newer action. */
export type ActionStatus = 'done' | 'undone' | 'redone'

export interface ActionTable {
  id: Generated<number>
  campaign_id: number
  /** The API method the GM called, e.g. `clock.advance`. */
  method: string
  /** JSON: the method's input, to make the action again on redo. */
  input: string
  /** The kind of its first log entry. */
  kind: string
  /** What it did, in the log's words. */
  summary: string
  /** The log entries it wrote: one transaction's entries are consecutive. */
  first_log_id: number
  last_log_id: number
  /** The campaign's dice counter before its first roll and after its last; null when it rolled nothing. */
  dice_before: number | null
  dice_after: number | null
  /** JSON: the ids it created, by table ({ "lode_roll": [12, 12] } as first and last). */
  created: string
  status: Generated<ActionStatus>
  /** 1 while it can be redone: undone, and nothing new done since. */
  redoable: Generated<number>
  /** Order of undoing: redo takes the one undone last. */
  undone_seq: number | null
  /** The action this one made again. */
  redo_of: number | null
  /** Who made it: the GM's name on a library several GMs share (migration 0017), else ''. */
  made_by: Generated<string>
  created_at: string
}

export type ActionRow = Selectable<ActionTable>

export interface ActionTables {
  action: ActionTable
}
