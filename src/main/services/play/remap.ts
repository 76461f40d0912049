/**
 * A redo makes its action again, and the rows it creates get new ids (a LODE roll, a Ladder
 * conflict, a Challenge, an injury, and its log entries). Actions still waiting on the redo stack
 * may name the old ones in their input (a Destiny re-roll names its roll); their input is rewritten
 * to the new ids, in the redo's transaction, so each redo in turn finds what it acts on.
 */
import type { ActionRow, Tx } from '../core'
import { REMAPPED_TABLES, idFieldTables, type RemappedTable } from './action-methods'
import type { CreatedIds } from './record'

type IdMaps = Map<RemappedTable, Map<number, number>>

function pair(maps: IdMaps, table: RemappedTable, was: [number, number] | undefined, now: [number, number] | undefined): void {
  if (!was || !now) return
  const map = maps.get(table) ?? new Map<number, number>()
  for (let i = 0; i <= Math.min(was[1] - was[0], now[1] - now[0]); i++) if (was[0] + i !== now[0] + i) map.set(was[0] + i, now[0] + i)
  if (map.size > 0) maps.set(table, map)
}

/** Old id → new id for every row the redo made again, in the order both runs created them. */
export function idMaps(was: ActionRow, now: ActionRow): IdMaps {
  const maps: IdMaps = new Map()
  const before = JSON.parse(was.created) as CreatedIds
  const after = JSON.parse(now.created) as CreatedIds
  for (const table of REMAPPED_TABLES) pair(maps, table, before[table], after[table])
  pair(maps, 'log_entry', [was.first_log_id, was.last_log_id], [now.first_log_id, now.last_log_id])
  return maps
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
  const maps = idMaps(was, now)
  if (maps.size === 0) return
  const stack = await tx.trx.selectFrom('action').select(['id', 'method', 'input']).where('campaign_id', '=', was.campaign_id).where('status', '=', 'undone').where('redoable', '=', 1).execute()
  for (const a of stack) {
    const input = JSON.stringify(rewriteIds(a.method, JSON.parse(a.input), maps))
    if (input !== a.input) await tx.trx.updateTable('action').set({ input }).where('id', '=', a.id).execute()
  }
}
