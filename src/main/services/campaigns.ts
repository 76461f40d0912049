/** Campaigns: create, list, rename, delete. Each change is one transaction with its log entry. */
import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../db/schema'
import type { Campaign, SystemId } from '../../shared/contract'
import { SYSTEMS } from '../../shared/systems'
import { unitOfWork, type ServiceDeps, type Tx } from './context'
import { AppError, notFound } from './errors'
import { appendLog } from './log'

// The log count is read with the campaign so the list can say how much has been played.
function selectCampaigns(db: Kysely<Database>) {
  return db
    .selectFrom('campaign as c')
    .select(['c.id', 'c.name', 'c.system', 'c.created_at', 'c.updated_at'])
    .select((eb) =>
      eb.selectFrom('log_entry as l').whereRef('l.campaign_id', '=', 'c.id').select(sql<number>`count(*)`.as('n')).as('log_count'),
    )
}

type CampaignSelect = Awaited<ReturnType<ReturnType<typeof selectCampaigns>['executeTakeFirstOrThrow']>>

function toCampaign(row: CampaignSelect): Campaign {
  return {
    id: row.id,
    name: row.name,
    system: row.system,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    logCount: Number(row.log_count ?? 0),
  }
}

/** @example await listCampaigns(db) // most recently changed first */
export async function listCampaigns(db: Kysely<Database>): Promise<Campaign[]> {
  const rows = await selectCampaigns(db).orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc').execute()
  return rows.map(toCampaign)
}

/** @example await getCampaign(db, 1) */
export async function getCampaign(db: Kysely<Database>, id: number): Promise<Campaign> {
  const row = await selectCampaigns(db).where('c.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('campaign', id)
  return toCampaign(row)
}

async function requireCampaign(tx: Tx, id: number): Promise<{ name: string; system: SystemId }> {
  const row = await tx.trx.selectFrom('campaign').select(['name', 'system']).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('campaign', id)
  return row
}

/**
 * Creates a campaign with its own dice seed (random unless given) and logs its creation.
 * @example await createCampaign(deps, { name: 'The Sunken Keep', system: 'osr' })
 */
export async function createCampaign(
  deps: ServiceDeps,
  input: { name: string; system: SystemId; seed?: string | undefined },
): Promise<Campaign> {
  const id = await unitOfWork(deps, async (tx) => {
    const row = await tx.trx
      .insertInto('campaign')
      .values({
        name: input.name,
        system: input.system,
        dice_seed: input.seed ?? randomBytes(16).toString('hex'),
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await appendLog(tx, {
      campaignId: row.id,
      kind: 'campaign.created',
      payload: { name: input.name, system: input.system, systemName: SYSTEMS[input.system].name },
    })
    tx.emitAfterCommit('campaign.changed', { campaignId: row.id, change: 'created' })
    return row.id
  })
  return getCampaign(deps.db, id)
}

/** @example await renameCampaign(deps, { id: 1, name: 'The Drowned Keep' }) */
export async function renameCampaign(deps: ServiceDeps, input: { id: number; name: string }): Promise<Campaign> {
  await unitOfWork(deps, async (tx) => {
    const before = await requireCampaign(tx, input.id)
    if (before.name === input.name) return
    await tx.trx.updateTable('campaign').set({ name: input.name, updated_at: tx.realTime }).where('id', '=', input.id).execute()
    await appendLog(tx, { campaignId: input.id, kind: 'campaign.renamed', payload: { from: before.name, to: input.name } })
    tx.emitAfterCommit('campaign.changed', { campaignId: input.id, change: 'renamed' })
  })
  return getCampaign(deps.db, input.id)
}

/**
 * Deletes a campaign and everything in it (foreign keys cascade). The GM confirms by typing the
 * campaign's name, so a stray click cannot lose years of play.
 * @example await deleteCampaign(deps, { id: 1, confirmName: 'The Sunken Keep' })
 */
export async function deleteCampaign(deps: ServiceDeps, input: { id: number; confirmName: string }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireCampaign(tx, input.id)
    if (input.confirmName.trim() !== before.name) {
      throw new AppError('refused', `To delete "${before.name}", type its name exactly; nothing was deleted.`, [
        { field: 'confirmName', problem: `must be "${before.name}"` },
      ])
    }
    await tx.trx.deleteFrom('campaign').where('id', '=', input.id).execute()
    tx.emitAfterCommit('campaign.changed', { campaignId: input.id, change: 'deleted' })
    return { id: input.id }
  })
}

/** Marks a campaign as changed now (for "last played" ordering); call inside the change's unit of work. */
export async function touchCampaign(tx: Tx, id: number): Promise<void> {
  await tx.trx.updateTable('campaign').set({ updated_at: tx.realTime }).where('id', '=', id).execute()
}
