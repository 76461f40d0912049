/**
 * Encounter tables: dice, and rows of ranges with text or a linked NPC. Rows may leave gaps but
 * never overlap. Each change is one transaction with its log entry; the roll is in encounter-roll.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, EncounterTableTable } from '../../db/schema'
import type { EncounterRow, EncounterTable } from '../../../shared/contract'
import { parseEncounterDice, rowProblems, type EncounterDice } from '../../../shared/encounter-dice'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged } from '../core'
import { requireCampaignLocation } from './locations'

type TableRow = Selectable<EncounterTableTable>

export interface RowInput {
  min: number
  max: number
  text: string
  npcId: number | null
}

/** The rows of some tables, ordered by range, with their NPCs' names. */
async function rowsOf(db: Kysely<Database>, tableIds: number[]): Promise<Map<number, EncounterRow[]>> {
  const byTable = new Map<number, EncounterRow[]>(tableIds.map((id) => [id, []]))
  if (tableIds.length === 0) return byTable
  const rows = await db
    .selectFrom('encounter_row')
    .leftJoin('character', 'character.id', 'encounter_row.npc_id')
    .select([
      'encounter_row.id',
      'encounter_row.table_id',
      'encounter_row.min',
      'encounter_row.max',
      'encounter_row.text',
      'encounter_row.npc_id',
      'character.name as npc_name',
    ])
    .where('encounter_row.table_id', 'in', tableIds)
    .orderBy('encounter_row.min')
    .orderBy('encounter_row.position')
    .execute()
  for (const r of rows) {
    byTable.get(r.table_id)?.push({ id: r.id, min: r.min, max: r.max, text: r.text, npcId: r.npc_id, npcName: r.npc_name ?? null })
  }
  return byTable
}

function toTable(row: TableRow, rows: EncounterRow[]): EncounterTable {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    locationId: row.location_id,
    name: row.name,
    dice: row.dice,
    rows,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** @example await listEncounterTables(db, 1) // by name, each with its rows */
export async function listEncounterTables(db: Kysely<Database>, campaignId: number): Promise<EncounterTable[]> {
  const tables = await db.selectFrom('encounter_table').selectAll().where('campaign_id', '=', campaignId).orderBy('name').orderBy('id').execute()
  const rows = await rowsOf(db, tables.map((t) => t.id))
  return tables.map((t) => toTable(t, rows.get(t.id) ?? []))
}

/** @example await getEncounterTable(db, 4) */
export async function getEncounterTable(db: Kysely<Database>, id: number): Promise<EncounterTable> {
  const table = await db.selectFrom('encounter_table').selectAll().where('id', '=', id).executeTakeFirst()
  if (!table) throw notFound('encounter table', id)
  return toTable(table, (await rowsOf(db, [id])).get(id) ?? [])
}

/**
 * A table and its rows inside a unit of work; not_found when it is gone.
 * @example const { table, rows } = await requireEncounterTable(tx, 4)
 */
export async function requireEncounterTable(tx: Tx, id: number): Promise<{ table: TableRow; rows: EncounterRow[] }> {
  const table = await tx.trx.selectFrom('encounter_table').selectAll().where('id', '=', id).executeTakeFirst()
  if (!table) throw notFound('encounter table', id)
  return { table, rows: (await rowsOf(tx.trx, [id])).get(id) ?? [] }
}

/**
 * The dice of a table; the contract admits only dice a table can use, so a refusal here means a
 * row written some other way.
 * @example tableDice({ name: 'Road', dice: '2d6' }) // { count: 2, sides: 6 }
 */
export function tableDice(table: Pick<TableRow, 'dice' | 'name'>): EncounterDice {
  const dice = parseEncounterDice(table.dice)
  if (!dice) throw new AppError('refused', `The table “${table.name}” has dice Lantern cannot read (${table.dice}); set its dice again.`, [{ field: 'dice', problem: 'cannot be read' }])
  return dice
}

/**
 * Refuses rows that do not fit, naming each; with `onField`, every problem is reported on that
 * field instead (new dice that the rows kept would not fit are a problem of the dice).
 */
function refuseRows(problems: { field: string; problem: string }[], onField?: string): never {
  const words = problems.map((p) => {
    const m = /^rows\.(\d+)\./.exec(p.field)
    return m ? `row ${Number(m[1]) + 1} ${p.problem}` : p.problem
  })
  const details = onField ? words.map((w) => ({ field: onField, problem: w })) : problems
  throw new AppError('invalid_input', `The rows do not fit the table: ${words.join('; ')}. Nothing was saved.`, details)
}

/** Every linked NPC must be an NPC of this campaign. */
async function refuseForeignNpcs(tx: Tx, campaignId: number, rows: readonly RowInput[]): Promise<void> {
  const ids = [...new Set(rows.flatMap((r) => (r.npcId === null ? [] : [r.npcId])))]
  if (ids.length === 0) return
  const found = await tx.trx.selectFrom('character').select(['id', 'kind', 'name']).where('campaign_id', '=', campaignId).where('id', 'in', ids).execute()
  const byId = new Map(found.map((c) => [c.id, c]))
  const problems = rows.flatMap((r, i) => {
    if (r.npcId === null) return []
    const c = byId.get(r.npcId)
    if (c?.kind === 'npc') return []
    return [{ field: `rows.${i}.npcId`, problem: c ? `links ${c.name}, a player character, not an NPC` : `links character ${r.npcId}, who is not in this campaign` }]
  })
  if (problems.length > 0) refuseRows(problems)
}

/** Replaces a table's rows, ordered by range; the search index follows through its triggers. */
async function writeRows(tx: Tx, tableId: number, rows: readonly RowInput[]): Promise<void> {
  await tx.trx.deleteFrom('encounter_row').where('table_id', '=', tableId).execute()
  const sorted = rows.toSorted((a, b) => a.min - b.min)
  if (sorted.length === 0) return
  await tx.trx
    .insertInto('encounter_row')
    .values(sorted.map((r, i) => ({ table_id: tableId, min: r.min, max: r.max, text: r.text, npc_id: r.npcId, position: i })))
    .execute()
}

/**
 * Adds a table. Rows outside what the dice can roll, or overlapping, are refused; gaps are allowed.
 * @example await createEncounterTable(deps, { campaignId: 1, name: 'Sewer Denizens', dice: '1d6', locationId: null, rows: [{ min: 1, max: 2, text: 'A swarm of rats', npcId: null }] })
 */
export async function createEncounterTable(
  deps: ServiceDeps,
  input: { campaignId: number; name: string; dice: string; locationId: number | null; rows: RowInput[] },
): Promise<EncounterTable> {
  return unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const problems = rowProblems(tableDice({ dice: input.dice, name: input.name }), input.rows)
    if (problems.length > 0) refuseRows(problems)
    await refuseForeignNpcs(tx, input.campaignId, input.rows)
    if (input.locationId !== null) await requireCampaignLocation(tx, input.campaignId, input.locationId, 'locationId')
    const table = await tx.trx
      .insertInto('encounter_table')
      .values({
        campaign_id: input.campaignId,
        location_id: input.locationId,
        name: input.name,
        dice: input.dice,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await writeRows(tx, table.id, input.rows)
    await recordChanged(
      tx,
      { campaignId: table.campaign_id, kind: 'encounter_table', id: table.id, change: 'created' },
      { kind: 'encounterTable.created', payload: { id: table.id, name: table.name, dice: table.dice, rows: input.rows.length } },
    )
    return toTable(table, (await rowsOf(tx.trx, [table.id])).get(table.id) ?? [])
  })
}

/**
 * Changes only what is named; `rows`, when given, replace the table's rows. New dice must still
 * fit the rows kept.
 * @example await updateEncounterTable(deps, { id: 4, dice: '2d6', rows: [{ min: 2, max: 7, text: 'Rats', npcId: null }] })
 */
export async function updateEncounterTable(
  deps: ServiceDeps,
  input: { id: number; name?: string | undefined; dice?: string | undefined; locationId?: number | null | undefined; rows?: RowInput[] | undefined },
): Promise<EncounterTable> {
  return unitOfWork(deps, async (tx) => {
    const { table: before, rows: oldRows } = await requireEncounterTable(tx, input.id)
    const changes = {
      ...(input.name !== undefined && input.name !== before.name ? { name: input.name } : {}),
      ...(input.dice !== undefined && input.dice !== before.dice ? { dice: input.dice } : {}),
      ...(input.locationId !== undefined && input.locationId !== before.location_id ? { locationId: input.locationId } : {}),
    }
    const rowsChanged = input.rows !== undefined && !sameRows(oldRows, input.rows)
    if (Object.keys(changes).length === 0 && !rowsChanged) return toTable(before, oldRows)

    const dice = tableDice({ dice: changes.dice ?? before.dice, name: changes.name ?? before.name })
    if (input.rows !== undefined) {
      const problems = rowProblems(dice, input.rows)
      if (problems.length > 0) refuseRows(problems)
      await refuseForeignNpcs(tx, before.campaign_id, input.rows)
    } else if (changes.dice !== undefined) {
      const problems = rowProblems(dice, oldRows)
      if (problems.length > 0) refuseRows(problems, 'dice')
    }
    if (changes.locationId !== undefined && changes.locationId !== null) {
      await requireCampaignLocation(tx, before.campaign_id, changes.locationId, 'locationId')
    }
    const { locationId, ...rest } = changes
    const table = await tx.trx
      .updateTable('encounter_table')
      .set({ ...rest, ...(locationId !== undefined ? { location_id: locationId } : {}), updated_at: tx.realTime })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    if (input.rows !== undefined && rowsChanged) await writeRows(tx, table.id, input.rows)
    else if (changes.name !== undefined) {
      // The search index titles rows with their table's name: re-index them under the new one.
      await tx.trx.updateTable('encounter_row').set((eb) => ({ text: eb.ref('text') })).where('table_id', '=', table.id).execute()
    }
    const from = { name: before.name, dice: before.dice, locationId: before.location_id }
    await recordChanged(
      tx,
      { campaignId: table.campaign_id, kind: 'encounter_table', id: table.id, change: 'updated' },
      {
        kind: 'encounterTable.updated',
        payload: {
          id: table.id,
          name: table.name,
          from: Object.fromEntries(Object.keys(changes).map((k) => [k, from[k as keyof typeof from]])),
          to: changes,
          ...(rowsChanged ? { rows: { from: oldRows.length, to: input.rows!.length } } : {}),
        },
      },
    )
    return toTable(table, (await rowsOf(tx.trx, [table.id])).get(table.id) ?? [])
  })
}

function sameRows(old: readonly EncounterRow[], next: readonly RowInput[]): boolean {
  const key = (r: RowInput) => `${r.min}|${r.max}|${r.npcId ?? ''}|${r.text}`
  const a = old.map(key).toSorted()
  const b = next.map(key).toSorted()
  return a.length === b.length && a.every((k, i) => k === b[i])
}

/**
 * Deletes a table and its rows; rolls made on it stay in the log.
 * @example await deleteEncounterTable(deps, { id: 4 })
 */
export async function deleteEncounterTable(deps: ServiceDeps, input: { id: number }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const { table, rows } = await requireEncounterTable(tx, input.id)
    await tx.trx.deleteFrom('encounter_table').where('id', '=', table.id).execute()
    await recordChanged(
      tx,
      { campaignId: table.campaign_id, kind: 'encounter_table', id: table.id, change: 'deleted' },
      { kind: 'encounterTable.deleted', payload: { id: table.id, name: table.name, rows: rows.length } },
    )
    return { id: input.id }
  })
}
