/** The clock as the screen shows it. */
import type { Kysely } from 'kysely'
import { DAY, darkness, effectiveThreshold, oilPints, readClock, type ClockState, type Provisions } from '../../engines/clock'
import { LIGHT_SOURCES } from '../../engines/osr'
import type { Database } from '../../db/schema'
import type { ClockView } from '../../../shared/contract'

/** A lantern's light id carries its inventory item's id, so the oil can be written back to the item. */
export const lanternLightId = (itemId: number): string => `item-${itemId}`
export function itemIdOfLight(lightId: string): number | null {
  const m = /^item-(\d+)$/.exec(lightId)
  return m ? Number(m[1]) : null
}

function fullSeconds(type: string, capacityPints: number | null): number {
  const source = LIGHT_SOURCES[type as keyof typeof LIGHT_SOURCES]
  const minutes = source?.burnMinutes ?? 60
  return Math.round(minutes * 60 * (capacityPints ?? 1))
}

export async function characterNames(db: Kysely<Database>, campaignId: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', campaignId).execute()
  return new Map(rows.map((r) => [String(r.id), r.name]))
}

/**
 * @param undo the step an undo would take back, or null.
 */
export function clockView(
  campaignId: number,
  state: ClockState,
  provisions: Provisions[],
  names: Map<string, string>,
  roundSeconds: number,
  undo: { action: string; summary: string } | null,
  supplies: ClockView['supplies'],
  whereabouts: Pick<ClockView, 'location' | 'tables'>,
  rest: ClockView['rest'],
): ClockView {
  const read = readClock(state)
  const face = effectiveThreshold(state.encounters)
  return {
    campaignId,
    time: state.time,
    day: read.day,
    timeOfDay: read.timeOfDay.slice(0, 5),
    mode: state.mode,
    turn: read.turn,
    round: read.round,
    roundSeconds: state.combat?.roundSeconds ?? roundSeconds,
    encounters: { ...state.encounters, face },
    lights: state.lights.map((l) => {
      const characterId = 'character' in l.holder ? Number(l.holder.character) : null
      return {
        id: l.id,
        type: l.type,
        characterId,
        holderName: characterId !== null ? (names.get(String(characterId)) ?? 'someone gone') : 'location' in l.holder ? l.holder.location : '',
        lit: l.lit,
        burnSecondsLeft: l.burnSecondsLeft,
        fullSeconds: fullSeconds(l.type, l.fuel?.capacityPints ?? null),
        oilPints: oilPints(l),
        warned: l.warned,
        itemId: itemIdOfLight(l.id),
      }
    }),
    dark: darkness(state).dark,
    timers: state.timers.map((t) => ({ ...t })),
    provisions: provisions.map((p) => ({
      characterId: Number(p.characterId),
      name: names.get(p.characterId) ?? '?',
      foodDays: p.foodDays,
      waterPints: p.waterPints,
      // A need of 0 a day never runs out; 9,999 days stands for that.
      daysLeft: Math.min(p.foodPerDay > 0 ? p.foodDays / p.foodPerDay : 9999, p.waterPerDay > 0 ? p.waterPints / p.waterPerDay : 9999),
    })),
    undo,
    supplies,
    ...whereabouts,
    rest,
  }
}

/**
 * Where the party is, and the encounter tables for it: the location's own, then those of the
 * places it lies inside (a dungeon level also meets the dungeon's wanderers).
 */
export async function partyWhereabouts(db: Kysely<Database>, campaignId: number, locationId: number | null): Promise<Pick<ClockView, 'location' | 'tables'>> {
  if (locationId === null) return { location: null, tables: [] }
  const places = await db.selectFrom('location').select(['id', 'name', 'kind', 'parent_id']).where('campaign_id', '=', campaignId).execute()
  const byId = new Map(places.map((p) => [p.id, p]))
  const here = byId.get(locationId)
  if (!here) return { location: null, tables: [] } // the location was deleted
  const chain: number[] = []
  for (let p: typeof here | undefined = here; p && !chain.includes(p.id); p = p.parent_id === null ? undefined : byId.get(p.parent_id)) chain.push(p.id)
  const tables = await db.selectFrom('encounter_table').select(['id', 'name', 'dice', 'location_id']).where('location_id', 'in', chain).execute()
  tables.sort((a, b) => chain.indexOf(a.location_id!) - chain.indexOf(b.location_id!) || a.name.localeCompare(b.name))
  return {
    location: { id: here.id, name: here.name, kind: here.kind },
    tables: tables.map((t) => ({ id: t.id, name: t.name, dice: t.dice })),
  }
}

/** "Day 3 · 14:35" for log lines. */
export function when(time: number): string {
  const day = Math.floor(time / DAY) + 1
  const rest = time % DAY
  return `Day ${day} · ${String(Math.floor(rest / 3600)).padStart(2, '0')}:${String(Math.floor((rest % 3600) / 60)).padStart(2, '0')}`
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
