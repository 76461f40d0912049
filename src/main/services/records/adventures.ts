/** Adventures: a campaign's arcs in playing order. Each change is one transaction with its log entry. */
import type { Kysely, Selectable } from 'kysely'
import type { AdventureTable, Database } from '../../db/schema'
import type { Adventure } from '../../../shared/contract'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx, notFound, recordChanged } from '../core'

function toAdventure(row: Selectable<AdventureTable>): Adventure {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    title: row.title,
    status: row.status,
    summary: row.summary,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** @example await listAdventures(db, 1) */
export async function listAdventures(db: Kysely<Database>, campaignId: number): Promise<Adventure[]> {
  const rows = await db.selectFrom('adventure').selectAll().where('campaign_id', '=', campaignId).orderBy('position').execute()
  return rows.map(toAdventure)
}

async function requireAdventure(tx: Tx, id: number): Promise<Selectable<AdventureTable>> {
  const row = await tx.trx.selectFrom('adventure').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('adventure', id)
  return row
}

/** @example await createAdventure(deps, { campaignId: 1, title: 'Into the Keep', status: 'planned', summary: '' }) */
export async function createAdventure(
  deps: ServiceDeps,
  input: { campaignId: number; title: string; status: Adventure['status']; summary: string },
): Promise<Adventure> {
  return unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const last = await tx.trx
      .selectFrom('adventure')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('campaign_id', '=', input.campaignId)
      .executeTakeFirst()
    const row = await tx.trx
      .insertInto('adventure')
      .values({
        campaign_id: input.campaignId,
        title: input.title,
        status: input.status,
        summary: input.summary,
        position: (last?.p ?? 0) + 1,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'adventure', id: row.id, change: 'created' },
      { kind: 'adventure.created', payload: { id: row.id, title: row.title } },
    )
    return toAdventure(row)
  })
}

/** @example await updateAdventure(deps, { id: 3, status: 'active' }) */
export async function updateAdventure(
  deps: ServiceDeps,
  input: { id: number; title?: string | undefined; status?: Adventure['status'] | undefined; summary?: string | undefined },
): Promise<Adventure> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireAdventure(tx, input.id)
    const changes = {
      ...(input.title !== undefined && input.title !== before.title ? { title: input.title } : {}),
      ...(input.status !== undefined && input.status !== before.status ? { status: input.status } : {}),
      ...(input.summary !== undefined && input.summary !== before.summary ? { summary: input.summary } : {}),
    }
    if (Object.keys(changes).length === 0) return toAdventure(before)
    const row = await tx.trx
      .updateTable('adventure')
      .set({ ...changes, updated_at: tx.realTime })
      .where('id', '=', input.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const from = Object.fromEntries(Object.keys(changes).map((k) => [k, before[k as keyof typeof changes]]))
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'adventure', id: row.id, change: 'updated' },
      { kind: 'adventure.updated', payload: { id: row.id, title: row.title, from, to: changes } },
    )
    return toAdventure(row)
  })
}

/**
 * Moves an adventure to `position` (1 = first), shifting the others; returns the new order.
 * @example await moveAdventure(deps, { id: 3, position: 1 })
 */
export async function moveAdventure(deps: ServiceDeps, input: { id: number; position: number }): Promise<Adventure[]> {
  const campaignId = await unitOfWork(deps, async (tx) => {
    const moving = await requireAdventure(tx, input.id)
    const order = await tx.trx
      .selectFrom('adventure')
      .select(['id', 'position'])
      .where('campaign_id', '=', moving.campaign_id)
      .orderBy('position')
      .execute()
    const ids = order.map((r) => r.id).filter((id) => id !== moving.id)
    const to = Math.min(input.position, ids.length + 1)
    ids.splice(to - 1, 0, moving.id)
    for (const [i, id] of ids.entries()) {
      await tx.trx.updateTable('adventure').set({ position: i + 1 }).where('id', '=', id).execute()
    }
    await recordChanged(
      tx,
      { campaignId: moving.campaign_id, kind: 'adventure', id: moving.id, change: 'updated' },
      { kind: 'adventure.moved', payload: { id: moving.id, title: moving.title, from: moving.position, to } },
    )
    return moving.campaign_id
  })
  return listAdventures(deps.db, campaignId)
}

/** @example await deleteAdventure(deps, { id: 3 }) */
export async function deleteAdventure(deps: ServiceDeps, input: { id: number }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireAdventure(tx, input.id)
    await tx.trx.deleteFrom('adventure').where('id', '=', input.id).execute()
    // Close the gap so positions stay 1..n.
    await tx.trx
      .updateTable('adventure')
      .set((eb) => ({ position: eb('position', '-', 1) }))
      .where('campaign_id', '=', before.campaign_id)
      .where('position', '>', before.position)
      .execute()
    await recordChanged(
      tx,
      { campaignId: before.campaign_id, kind: 'adventure', id: before.id, change: 'deleted' },
      { kind: 'adventure.deleted', payload: { id: before.id, title: before.title } },
    )
    return { id: input.id }
  })
}
