/** Campaigns: create, list, rename, delete. Each change is one transaction with its log entry. */
import { randomBytes } from 'node:crypto'
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Campaign, CampaignDetail, SystemId } from '../../../shared/contract'
import { SYSTEMS } from '../../../shared/systems'
import { unitOfWork, type ServiceDeps, type Tx, AppError, notFound, appendLog, requireCampaign } from '../core'

function selectCampaigns(db: Kysely<Database>) {
  return db.selectFrom('campaign').select(['id', 'name', 'system', 'created_at', 'updated_at'])
}

type CampaignSelect = Awaited<ReturnType<ReturnType<typeof selectCampaigns>['executeTakeFirstOrThrow']>>

function toCampaign(row: CampaignSelect): Campaign {
  return { id: row.id, name: row.name, system: row.system, createdAt: row.created_at, updatedAt: row.updated_at }
}

/** @example await listCampaigns(db) // most recently changed first */
export async function listCampaigns(db: Kysely<Database>): Promise<Campaign[]> {
  const rows = await selectCampaigns(db).orderBy('updated_at', 'desc').orderBy('id', 'desc').execute()
  return rows.map(toCampaign)
}

/** @example await getCampaign(db, 1) */
export async function getCampaign(db: Kysely<Database>, id: number): Promise<Campaign> {
  const row = await selectCampaigns(db).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('campaign', id)
  return toCampaign(row)
}

/**
 * A campaign with the size of its log, as the log's triggers keep it (migration 0014's
 * `log_tally`): one row read, however long the log.
 * @example await getCampaignDetail(db, 1) // { …, logCount: 1204 }
 */
export async function getCampaignDetail(db: Kysely<Database>, id: number): Promise<CampaignDetail> {
  const campaign = await getCampaign(db, id)
  const { rows } = await sql<{ n: number }>`select entries as n from log_tally where campaign_id = ${id}`.execute(db)
  const n = rows[0]?.n ?? 0
  return { ...campaign, logCount: Number(n) }
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

export { requireCampaign, touchCampaign } from '../core'
