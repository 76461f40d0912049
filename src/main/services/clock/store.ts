/**
 * The clock's persistence. The engine's ClockState is stored as JSON per campaign, except what
 * lives in its own tables and is read into the state for each step: characters' food and water
 * (their inventory) and injuries with a heal time (the injury table).
 */
import { newClock, type ClockState, type InjuryRecord, type Provisions } from '../../engines/clock'
import type { Tx } from '../context'
import { requireCampaign } from '../campaigns'

/**
 * The clock as stored, with where the party is (a location of the campaign, or null): it decides
 * the place kind of the encounter distance (OSR-12) and the tables an encounter is rolled on. It is
 * kept in the same JSON as the clock so that undoing a step restores it too.
 */
export type StoredClock = ClockState & { partyLocationId: number | null }

/** The clock as stored: provisions and injuries are read from their tables each time. */
export async function loadStoredClock(tx: Tx, campaignId: number): Promise<StoredClock> {
  await requireCampaign(tx, campaignId)
  const row = await tx.trx.selectFrom('clock').select('state').where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!row) return { ...newClock({ time: 0, place: 'enclosed' }), partyLocationId: null }
  const stored = JSON.parse(row.state) as StoredClock
  return { ...stored, partyLocationId: stored.partyLocationId ?? null, provisions: [], injuries: [] }
}

export async function saveClock(tx: Tx, campaignId: number, state: ClockState, partyLocationId: number | null): Promise<void> {
  const json = JSON.stringify({ ...state, partyLocationId, provisions: [], injuries: [] })
  await tx.trx
    .insertInto('clock')
    .values({ campaign_id: campaignId, state: json, updated_at: tx.realTime })
    .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ state: json, updated_at: tx.realTime }))
    .execute()
}

/**
 * CLK-5: every active player character eats and drinks from what their inventory holds: rations
 * count in days, water in pints.
 */
export async function loadProvisions(tx: Tx, campaignId: number): Promise<Provisions[]> {
  const rows = await tx.trx
    .selectFrom('character as c')
    .leftJoin('inventory_item as i', (j) => j.onRef('i.character_id', '=', 'c.id').on('i.kind', 'in', ['ration', 'water']))
    .select(['c.id', 'i.kind', 'i.quantity'])
    .where('c.campaign_id', '=', campaignId)
    .where('c.kind', '=', 'pc')
    .where('c.status', '=', 'active')
    .orderBy('c.id')
    .execute()
  const byCharacter = new Map<number, Provisions>()
  for (const r of rows) {
    const p = byCharacter.get(r.id) ?? { characterId: String(r.id), foodDays: 0, waterPints: 0, foodPerDay: 1, waterPerDay: 1 }
    if (r.kind === 'ration') p.foodDays += r.quantity ?? 0
    if (r.kind === 'water') p.waterPints += r.quantity ?? 0
    byCharacter.set(r.id, p)
  }
  return [...byCharacter.values()]
}

/** CLK-8: unhealed injuries that the rules give a heal time heal when the clock passes it. */
export async function loadTimedInjuries(tx: Tx, campaignId: number): Promise<InjuryRecord[]> {
  const rows = await tx.trx
    .selectFrom('injury')
    .select(['id', 'character_id', 'kind', 'description', 'taken_at', 'heals_at'])
    .where('campaign_id', '=', campaignId)
    .where('healed', '=', 0)
    .where('heals_at', 'is not', null)
    .execute()
  return rows.map((r) => ({
    id: String(r.id),
    characterId: String(r.character_id),
    label: r.description || r.kind,
    takenAt: r.taken_at,
    ladder: null,
    recovery: { kind: 'milestones', milestones: [{ event: 'heals', at: r.heals_at! }] },
  }))
}
