/** The campaign row every change belongs to: found (or a clear not_found), and marked as changed. */
import type { SystemId } from '../../../shared/contract'
import type { Tx } from './context'
import { notFound } from './errors'

/** The campaign a change belongs to; a clear not_found when it is gone. */
export async function requireCampaign(tx: Tx, id: number): Promise<{ name: string; system: SystemId }> {
  const row = await tx.trx.selectFrom('campaign').select(['name', 'system']).where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('campaign', id)
  return row
}

/** Marks a campaign as changed now (for "last played" ordering); call inside the change's unit of work. */
export async function touchCampaign(tx: Tx, id: number): Promise<void> {
  await tx.trx.updateTable('campaign').set({ updated_at: tx.realTime }).where('id', '=', id).execute()
}
