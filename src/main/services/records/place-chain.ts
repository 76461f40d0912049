/**
 * A location and the places it lies inside, read once for the campaign: the encounter tables met
 * there, whether it is under the sky (CLK-13), and what "as the place it is in" comes to.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, LocationTable } from '../../db/schema'
import type { Location } from '../../../shared/contract'
import { underSky } from '../../engines/journey'

type Place = Pick<Selectable<LocationTable>, 'id' | 'name' | 'kind' | 'parent_id' | 'under_sky'>

/** A location and the places it lies inside, innermost first. */
export type PlaceChain = Place[]

/**
 * The place and the places it lies inside, innermost first, from the campaign's places already
 * read; empty for an id not among them. A loop in the tree ends the chain where it would repeat.
 * @example chainIn(places, cellId).map((p) => p.name) // ['Cell', 'Dungeon level 1', 'The Keep']
 */
export function chainIn<P extends Place>(places: ReadonlyMap<number, P>, locationId: number): P[] {
  const chain: P[] = []
  for (let p = places.get(locationId); p && !chain.includes(p); p = p.parent_id === null ? undefined : places.get(p.parent_id)) chain.push(p)
  return chain
}

/**
 * A location and the places it lies inside, innermost first, from one read of the campaign's
 * places; empty for no location or one deleted.
 * @example (await placeChain(db, 1, cellId)).map((p) => p.name) // ['Cell', 'Dungeon level 1', 'The Keep']
 */
export async function placeChain(db: Kysely<Database>, campaignId: number, locationId: number | null): Promise<PlaceChain> {
  if (locationId === null) return []
  const places = await db.selectFrom('location').select(['id', 'name', 'kind', 'parent_id', 'under_sky']).where('campaign_id', '=', campaignId).execute()
  return chainIn(new Map(places.map((p) => [p.id, p])), locationId)
}

const says = (p: Place): boolean | null => (p.under_sky === null ? null : p.under_sky === 1)

/**
 * CLK-13: what "as the place it is in" comes to for the first place of `chain`: the answer of the
 * nearest place around it that says, else the top place's kind (open ground is under the sky).
 * @example asPlaceItIsIn([room, cave]) // { underSky: false, from: 'Cave', by: 'choice' }
 */
export function asPlaceItIsIn(chain: readonly Place[]): Location['asPlaceItIsIn'] {
  const [self, ...around] = chain
  const sky = underSky([{ underSky: null, kind: self?.kind ?? 'open' }, ...around.map((p) => ({ underSky: says(p), kind: p.kind }))])
  const decides = around.find((p) => says(p) !== null)
  if (decides) return { underSky: sky, from: decides.name, by: 'choice' }
  return { underSky: sky, from: (chain[chain.length - 1] ?? self)?.name ?? '', by: 'kind' }
}
