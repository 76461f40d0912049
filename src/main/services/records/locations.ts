/** Locations: the campaign's places as a tree. Each change is one transaction with its log entry. */
import type { Kysely, Selectable } from 'kysely'
import type { Database, LocationTable } from '../../db/schema'
import type { Location } from '../../../shared/contract'
import { asPlaceItIsIn, chainIn, placeChain } from './place-chain'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged } from '../core'

type LocationRow = Selectable<LocationTable>

/** The location as the API gives it; `chain` is it and the places it lies inside (CLK-13's answer). */
function toLocation(row: LocationRow, chain: Parameters<typeof asPlaceItIsIn>[0]): Location {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    parentId: row.parent_id,
    name: row.name,
    kind: row.kind,
    description: row.description,
    underSky: row.under_sky === null ? null : row.under_sky === 1,
    asPlaceItIsIn: asPlaceItIsIn(chain),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** @example await listLocations(db, 1) // by name; parentId draws the tree */
export async function listLocations(db: Kysely<Database>, campaignId: number): Promise<Location[]> {
  const rows = await db.selectFrom('location').selectAll().where('campaign_id', '=', campaignId).orderBy('name').orderBy('id').execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return rows.map((r) => toLocation(r, chainIn(byId, r.id)))
}

async function requireLocation(tx: Tx, id: number): Promise<LocationRow> {
  const row = await tx.trx.selectFrom('location').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('location', id)
  return row
}

/**
 * A location of this campaign that another record points at; refused with `field` named otherwise.
 * @example await requireCampaignLocation(tx, 1, 5, 'locationId')
 */
export async function requireCampaignLocation(tx: Tx, campaignId: number, id: number, field: string): Promise<LocationRow> {
  const row = await tx.trx.selectFrom('location').selectAll().where('id', '=', id).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row) {
    throw new AppError('invalid_input', `There is no location with id ${id} in this campaign; choose one from the list. Nothing was saved.`, [
      { field, problem: 'no location of this campaign has this id' },
    ])
  }
  return row
}

/**
 * A place cannot be inside itself, nor inside anything that is (however deep) inside it: the tree
 * would loop. Walks up from the new parent; refuses if it meets the location being moved.
 */
async function refuseLoop(tx: Tx, moving: LocationRow, parent: LocationRow): Promise<void> {
  const refuse = (problem: string) =>
    new AppError('invalid_input', `“${moving.name}” cannot be inside ${problem}. Choose another place. Nothing was saved.`, [
      { field: 'parentId', problem: `would put “${moving.name}” inside ${problem}` },
    ])
  if (parent.id === moving.id) throw refuse('itself')
  let at: number | null = parent.parent_id
  const seen = new Set<number>([parent.id])
  while (at !== null && !seen.has(at)) {
    if (at === moving.id) throw refuse(`“${parent.name}”, which is already inside it`)
    seen.add(at)
    const up: { parent_id: number | null } | undefined = await tx.trx.selectFrom('location').select('parent_id').where('id', '=', at).executeTakeFirst()
    at = up?.parent_id ?? null
  }
}

/**
 * @example await createLocation(deps, { campaignId: 1, name: 'Flooded Junction', kind: 'enclosed', description: '', parentId: 2 })
 */
export async function createLocation(
  deps: ServiceDeps,
  input: { campaignId: number; name: string; kind: Location['kind']; description: string; parentId: number | null; underSky?: boolean | null | undefined },
): Promise<Location> {
  return unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const parent = input.parentId === null ? null : await requireCampaignLocation(tx, input.campaignId, input.parentId, 'parentId')
    const row = await tx.trx
      .insertInto('location')
      .values({
        campaign_id: input.campaignId,
        parent_id: input.parentId,
        name: input.name,
        kind: input.kind,
        description: input.description,
        under_sky: input.underSky === undefined || input.underSky === null ? null : input.underSky ? 1 : 0,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'location', id: row.id, change: 'created' },
      { kind: 'location.created', payload: { id: row.id, name: row.name, kind: row.kind, parent: parent?.name ?? null } },
    )
    return toLocation(row, await placeChain(tx.trx, row.campaign_id, row.id))
  })
}

/**
 * Changes only the fields named. Moving a place inside one of its own places is refused.
 * @example await updateLocation(deps, { id: 5, parentId: 2 })
 */
export async function updateLocation(
  deps: ServiceDeps,
  input: {
    id: number
    name?: string | undefined
    kind?: Location['kind'] | undefined
    description?: string | undefined
    parentId?: number | null | undefined
    underSky?: boolean | null | undefined
  },
): Promise<Location> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireLocation(tx, input.id)
    const changes = {
      ...(input.name !== undefined && input.name !== before.name ? { name: input.name } : {}),
      ...(input.kind !== undefined && input.kind !== before.kind ? { kind: input.kind } : {}),
      ...(input.description !== undefined && input.description !== before.description ? { description: input.description } : {}),
      ...(input.parentId !== undefined && input.parentId !== before.parent_id ? { parentId: input.parentId } : {}),
      ...(input.underSky !== undefined && (input.underSky === null ? null : input.underSky ? 1 : 0) !== before.under_sky ? { underSky: input.underSky } : {}),
    }
    if (Object.keys(changes).length === 0) return toLocation(before, await placeChain(tx.trx, before.campaign_id, before.id))
    let movedInto: string | null = null
    if (changes.parentId !== undefined && changes.parentId !== null) {
      const parent = await requireCampaignLocation(tx, before.campaign_id, changes.parentId, 'parentId')
      await refuseLoop(tx, before, parent)
      movedInto = parent.name
    }
    const { parentId, underSky, ...rest } = changes
    const row = await tx.trx
      .updateTable('location')
      .set({
        ...rest,
        ...(parentId !== undefined ? { parent_id: parentId } : {}),
        ...(underSky !== undefined ? { under_sky: underSky === null ? null : underSky ? 1 : 0 } : {}),
        updated_at: tx.realTime,
      })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const from = { name: before.name, kind: before.kind, description: before.description, parentId: before.parent_id, underSky: before.under_sky === null ? null : before.under_sky === 1 }
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'location', id: row.id, change: 'updated' },
      {
        kind: 'location.updated',
        payload: {
          id: row.id,
          name: row.name,
          from: Object.fromEntries(Object.keys(changes).map((k) => [k, from[k as keyof typeof from]])),
          to: changes,
          ...(changes.parentId !== undefined ? { movedInto } : {}),
        },
      },
    )
    return toLocation(row, await placeChain(tx.trx, row.campaign_id, row.id))
  })
}

/**
 * Deletes a location. The places inside it are kept and move up to its parent (or the top level);
 * encounter tables kept there keep no location.
 * @example await deleteLocation(deps, { id: 2 }) // { id: 2, movedChildren: 3 }
 */
export async function deleteLocation(deps: ServiceDeps, input: { id: number }): Promise<{ id: number; movedChildren: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireLocation(tx, input.id)
    const children = await tx.trx.selectFrom('location').select(['id', 'name']).where('parent_id', '=', before.id).orderBy('name').execute()
    if (children.length > 0) {
      await tx.trx.updateTable('location').set({ parent_id: before.parent_id, updated_at: tx.realTime }).where('parent_id', '=', before.id).execute()
    }
    const tables = await tx.trx.selectFrom('encounter_table').select('id').where('location_id', '=', before.id).execute()
    const parent = before.parent_id === null ? null : await requireLocation(tx, before.parent_id)
    await tx.trx.deleteFrom('location').where('id', '=', before.id).execute() // tables' location_id → null (foreign key)
    for (const c of children) tx.emitAfterCommit('record.changed', { campaignId: before.campaign_id, kind: 'location', id: c.id, change: 'updated' })
    for (const t of tables) tx.emitAfterCommit('record.changed', { campaignId: before.campaign_id, kind: 'encounter_table', id: t.id, change: 'updated' })
    await recordChanged(
      tx,
      { campaignId: before.campaign_id, kind: 'location', id: before.id, change: 'deleted' },
      {
        kind: 'location.deleted',
        payload: { id: before.id, name: before.name, movedChildren: children.map((c) => c.name), movedTo: parent?.name ?? null, tablesUnplaced: tables.length },
      },
    )
    return { id: before.id, movedChildren: children.length }
  })
}
