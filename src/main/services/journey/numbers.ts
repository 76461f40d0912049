/**
 * A journey's numbers before setting out (CLK-14): the party's speed and who slows it (OSR-7,
 * CLK-10) or the campaign's pace (CLK-11), turns and hours per leg, days on the road with the
 * marching day, camps, hours marched in the dark, and food and water against what is carried.
 */
import type { JourneyNumbers, SystemId } from '../../../shared/contract'
import { DAY, HOUR } from '../../engines/clock'
import { journeyNumbers, osrPartySpeed, pacedSpeed, type Leg, type PartySpeed, type Progress } from '../../engines/journey'
import { getSetting } from '../campaigns'
import { encumbranceOf } from '../characters'
import { roadRules } from '../clock'
import { AppError, type Tx } from '../core'

/** The party's speed now: its slowest member's under load in an old-school campaign, the campaign's pace elsewhere. */
export async function partySpeed(tx: Tx, campaignId: number, system: SystemId): Promise<PartySpeed & { paceMph: number | null }> {
  if (system !== 'osr') {
    const mph = await getSetting(tx.trx, campaignId, 'journey.paceMph')
    return { ...pacedSpeed(mph), paceMph: mph }
  }
  const pcs = await tx.trx.selectFrom('character').select(['id', 'name']).where('campaign_id', '=', campaignId).where('kind', '=', 'pc').where('status', '=', 'active').orderBy('name').execute()
  const members = []
  for (const pc of pcs) members.push({ name: pc.name, loadLbs: (await encumbranceOf(tx.trx, { id: pc.id, campaignId })).loadLbs })
  const s = osrPartySpeed(members)
  if (!s.ok) throw new AppError('refused', s.reason, [{ field: 'legs', problem: 'the party cannot move' }])
  return { ...s, paceMph: null }
}

/** What each active PC carries to eat and drink (CLK-5), by name. */
async function eaters(tx: Tx, campaignId: number) {
  const rows = await tx.trx
    .selectFrom('character as c')
    .leftJoin('inventory_item as i', (j) => j.onRef('i.character_id', '=', 'c.id').on('i.kind', 'in', ['ration', 'water']))
    .select(['c.id', 'c.name', 'i.kind', 'i.quantity'])
    .where('c.campaign_id', '=', campaignId)
    .where('c.kind', '=', 'pc')
    .where('c.status', '=', 'active')
    .orderBy('c.name')
    .execute()
  const by = new Map<number, { name: string; foodDays: number; waterPints: number; foodPerDay: number; waterPerDay: number }>()
  for (const r of rows) {
    const e = by.get(r.id) ?? { name: r.name, foodDays: 0, waterPints: 0, foodPerDay: 1, waterPerDay: 1 }
    if (r.kind === 'ration') e.foodDays += r.quantity ?? 0
    if (r.kind === 'water') e.waterPints += r.quantity ?? 0
    by.set(r.id, e)
  }
  return [...by.values()]
}

/**
 * The numbers for a road from a game time: the whole road, or what is left of it from where the
 * party is (`from`: the legs still ahead, the first of them partly walked).
 */
export async function numbersFor(tx: Tx, campaignId: number, system: SystemId, legs: readonly (Leg & { length: number })[], time: number, from?: Progress): Promise<JourneyNumbers> {
  const rules = await roadRules(tx.trx, campaignId)
  const speed = from ? { ...from.speed, slowest: [] as string[], members: [], basis: (system === 'osr' ? 'load' : 'pace') as 'load' | 'pace', paceMph: null } : await partySpeed(tx, campaignId, system)
  const n = journeyNumbers({ legs, speed, unit: rules.unit, rules, time, eaters: await eaters(tx, campaignId) })
  return {
    unit: rules.unit,
    speed: { open: speed.open, enclosed: speed.enclosed, basis: speed.basis, slowest: speed.slowest, paceMph: speed.paceMph },
    members: speed.members.map((m) => ({ name: m.name, loadLbs: m.loadLbs, open: m.open, enclosed: m.enclosed })),
    legs: n.legs.map((l, k) => ({ terrain: l.name, place: l.place, length: legs[k]!.length, perTurn: Math.round(l.perTurn * 1000) / 1000, turns: l.turns, hours: Math.round(l.hours * 100) / 100 })),
    marchHours: rules.marchSeconds / HOUR,
    marchingHours: Math.round((n.marchingSeconds / HOUR) * 100) / 100,
    marchingDays: n.marchingDays,
    daysOnRoad: n.daysOnRoad,
    camps: n.camps,
    arrivesAt: n.arrivesAt,
    darkMarchHours: Math.round((n.darkMarchSeconds / HOUR) * 100) / 100,
    supplies: n.supplies,
  }
}

/** The day a game time falls on. */
export const dayOf = (time: number): number => Math.floor(time / DAY) + 1
