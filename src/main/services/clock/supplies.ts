/** What the clock can use from the party's packs, and where the party is, for the clock's view. */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ClockView } from '../../../shared/contract'
import { lanternLightId } from './view'
import { placeChain, type PlaceChain } from '../records'

/**
 * Where the party is, and the encounter tables for it: the location's own, then those of the
 * places it lies inside (a dungeon level also meets the dungeon's wanderers).
 */
export async function partyWhereabouts(db: Kysely<Database>, campaignId: number, locationId: number | null, read?: PlaceChain): Promise<Pick<ClockView, 'location' | 'tables'>> {
  const places = read ?? (await placeChain(db, campaignId, locationId))
  const here = places[0]
  if (!here) return { location: null, tables: [] } // none, or the location was deleted
  const chain = places.map((p) => p.id)
  const tables = await db.selectFrom('encounter_table').select(['id', 'name', 'dice', 'location_id']).where('location_id', 'in', chain).execute()
  tables.sort((a, b) => chain.indexOf(a.location_id!) - chain.indexOf(b.location_id!) || a.name.localeCompare(b.name))
  return {
    location: { id: here.id, name: here.name, kind: here.kind },
    tables: tables.map((t) => ({ id: t.id, name: t.name, dice: t.dice })),
  }
}

/**
 * The active PCs' light sources not on the clock yet (a stack of torches, a lantern not lit
 * before) and their oil (flasks of oil, lanterns' oil), for the lights panel to offer.
 */
export async function loadSupplies(db: Kysely<Database>, campaignId: number, onClock: Set<string>): Promise<ClockView['supplies']> {
  const rows = await db
    .selectFrom('inventory_item as i')
    .innerJoin('character as c', 'c.id', 'i.character_id')
    .select(['i.id', 'i.character_id', 'c.name as character_name', 'i.name', 'i.kind', 'i.quantity', 'i.details'])
    .where('c.campaign_id', '=', campaignId)
    .where('c.kind', '=', 'pc')
    .where('c.status', '=', 'active')
    .where((eb) => eb.or([eb('i.kind', '=', 'light'), eb('i.name', 'like', '%oil%')]))
    .orderBy('c.name')
    .orderBy('i.position')
    .execute()
  const supplies: ClockView['supplies'] = []
  for (const r of rows) {
    const details = JSON.parse(r.details) as { type?: string; oilPints?: number }
    const base = { itemId: r.id, characterId: r.character_id, characterName: r.character_name, name: r.name, quantity: r.quantity }
    if (r.kind === 'light' && details.type) {
      const lantern = details.type === 'lantern'
      if (!(lantern && onClock.has(lanternLightId(r.id))) && (lantern || r.quantity > 0)) {
        supplies.push({ ...base, use: 'light', type: details.type, oilPints: lantern ? (details.oilPints ?? 0) : null })
      }
      if (lantern && (details.oilPints ?? 0) >= 1 && !onClock.has(lanternLightId(r.id))) {
        supplies.push({ ...base, use: 'oil', type: 'lantern', oilPints: details.oilPints ?? 0 })
      }
    } else if (r.kind !== 'light' && /\boil\b/i.test(r.name) && r.quantity > 0) {
      supplies.push({ ...base, use: 'oil', type: 'flask', oilPints: r.quantity })
    }
  }
  return supplies
}
