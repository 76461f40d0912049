/**
 * A redo makes its action again, and the rows it creates get new ids (a LODE roll, a Ladder
 * conflict, a Challenge, an injury, and its log entries). Actions still waiting on the redo stack
 * may name the old ones in their input (a Destiny re-roll names its roll); their input is rewritten
 * to the new ids, in the redo's transaction, so each redo in turn finds what it acts on.
 */
import type { ActionRow, Tx } from '../core'
import { REMAPPED_TABLES, idFieldTables, type RemappedTable } from './action-methods'
import { type CreatedIds, createdIds } from './record'

type IdMaps = Map<RemappedTable, Map<number, number>>

function pair(maps: IdMaps, table: RemappedTable, was: number[], now: number[]): void {
  const map = maps.get(table) ?? new Map<number, number>()
  for (let i = 0; i < Math.min(was.length, now.length); i++) if (was[i] !== now[i]) map.set(was[i]!, now[i]!)
  if (map.size > 0) maps.set(table, map)
}

/**
 * Old id → new id for every row the redo made again, in the order both runs created them. `logs`:
 * each run's log entries, by id (on PostgreSQL other campaigns' entries may lie between them).
 */
export function idMaps(was: ActionRow, now: ActionRow, logs: { was: number[]; now: number[] }): IdMaps {
  const maps: IdMaps = new Map()
  const before = JSON.parse(was.created) as CreatedIds
  const after = JSON.parse(now.created) as CreatedIds
  for (const table of REMAPPED_TABLES) pair(maps, table, createdIds(before[table]), createdIds(after[table]))
  pair(maps, 'log_entry', logs.was, logs.now)
  return maps
}

/** An action's log entries, by id: those of its campaign in its range. */
async function logIds(tx: Tx, a: ActionRow): Promise<number[]> {
  const rows = await tx.trx
    .selectFrom('log_entry')
    .select('id')
    .where('campaign_id', '=', a.campaign_id)
    .where('id', '>=', a.first_log_id)
    .where('id', '<=', a.last_log_id)
    .orderBy('id')
    .execute()
  return rows.map((r) => r.id)
}

/**
 * A foe's key names the row of the fight it stands in (services/players/foes.ts): a Ladder
 * conflict's or a Challenge's id, or the log entry that began a LODE or Ranks scene. A reveal on the
 * redo stack names it as an id field would.
 * @example rewriteFoeKey('ladder:4:Brute', maps) // 'ladder:9:Brute'
 */
function rewriteFoeKey(key: string, maps: IdMaps): string {
  const fight = /^(ladder|challenge):(\d+):(.*)$/s.exec(key)
  if (fight) {
    const to = maps.get(fight[1] === 'ladder' ? 'ladder_conflict' : 'challenge')?.get(Number(fight[2]))
    return to === undefined ? key : `${fight[1]}:${to}:${fight[3]}`
  }
  const scene = /^(lode|ranks):scene:(\d+):(\d+)$/.exec(key)
  if (scene) {
    const to = maps.get('log_entry')?.get(Number(scene[2]))
    return to === undefined ? key : `${scene[1]}:scene:${to}:${scene[3]}`
  }
  return key
}

/**
 * An input with every field that names a remapped row rewritten.
 * @example rewriteIds('lode.reroll', { rollId: 12 }, maps) // { rollId: 15 }
 */
export function rewriteIds(method: string, value: unknown, maps: IdMaps, field?: string): unknown {
  if (Array.isArray(value)) return value.map((v) => rewriteIds(method, v, maps, field))
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rewriteIds(method, v, maps, k)]))
  }
  if (typeof value === 'string' && method === 'players.reveal' && field === 'key') return rewriteFoeKey(value, maps)
  if (typeof value === 'number' && field !== undefined) {
    for (const table of idFieldTables(method, field)) {
      const to = maps.get(table)?.get(value)
      if (to !== undefined) return to
    }
  }
  return value
}

/**
 * Rewrites the inputs of the actions still on the redo stack after `was` was made again as `now`.
 * @example await remapRedoStack(tx, undoneRoll, redoneRoll)
 */
export async function remapRedoStack(tx: Tx, was: ActionRow, now: ActionRow): Promise<void> {
  const maps = idMaps(was, now, { was: await logIds(tx, was), now: await logIds(tx, now) })
  if (maps.size === 0) return
  const stack = await tx.trx.selectFrom('action').select(['id', 'method', 'input']).where('campaign_id', '=', was.campaign_id).where('status', '=', 'undone').where('redoable', '=', 1).execute()
  for (const a of stack) {
    const input = JSON.stringify(rewriteIds(a.method, JSON.parse(a.input), maps))
    if (input !== a.input) await tx.trx.updateTable('action').set({ input }).where('id', '=', a.id).execute()
  }
}
