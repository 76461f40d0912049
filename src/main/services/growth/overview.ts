/** The campaign between sessions, as its screen opens on it: the last session played, and who holds what. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { MethodOutput } from '../../../shared/contract'
import { type ServiceDeps, notFound } from '../core'
import { ledgerBalances } from '../ledger'

/**
 * The characters who grow between sessions: the campaign's active, finished (not draft) player
 * characters, then its NPCs, each by name.
 * @example (await growingCharacters(db, 1)).map((r) => r.name) // ['Glam', 'Mira', 'Old Maud']
 */
export function growingCharacters(db: Kysely<Database>, campaignId: number) {
  return db
    .selectFrom('character')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'active')
    .where('draft', '=', 0)
    .orderBy('kind', 'desc')
    .orderBy('name')
    .execute()
}

/** A character's experience, as the ledger sums it (OSR-6, RK-6). @example await xpOf(db, 1, 4) // 3 */
export async function xpOf(db: Kysely<Database>, campaignId: number, characterId: number): Promise<number> {
  return (await ledgerBalances(db, { campaignId, characterId })).find((b) => b.currency === 'xp')?.balance ?? 0
}

/**
 * @example (await growthOverview(deps, 1)).characters[0] // { id: 4, name: 'Tai', kind: 'pc', balances: [{ currency: 'pp', balance: 2 }], playedLast: true }
 */
export async function growthOverview(deps: ServiceDeps, campaignId: number): Promise<MethodOutput<'growth.overview'>> {
  const campaign = await deps.db.selectFrom('campaign').select('id').where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', campaignId)
  const last = await deps.db
    .selectFrom('session')
    .select(['id', 'number', 'title'])
    .where('campaign_id', '=', campaignId)
    .where('status', '=', 'closed')
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()
  const open = await deps.db.selectFrom('session').select('id').where('campaign_id', '=', campaignId).where('status', '=', 'open').executeTakeFirst()
  const played = new Set(
    last ? (await deps.db.selectFrom('session_attendance').select('character_id').where('session_id', '=', last.id).execute()).map((r) => r.character_id) : [],
  )
  const rows = await growingCharacters(deps.db, campaignId)
  const characters = []
  for (const r of rows) {
    characters.push({ id: r.id, name: r.name, kind: r.kind, balances: await ledgerBalances(deps.db, { campaignId, characterId: r.id }), playedLast: played.has(r.id) })
  }
  return { lastSession: last ?? null, sessionOpen: open !== undefined, characters }
}
