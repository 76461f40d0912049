/**
 * The clock's persistence. The engine's ClockState is stored as JSON per campaign, except what
 * lives in its own tables and is read into the state for each step: characters' food and water
 * (their inventory) and injuries with a heal time (the injury table).
 */
import { gameTime, newClock, osrInjury, type ClockState, type InjuryRecord, type Provisions, type StopKind } from '../../engines/clock'
import type { Progress } from '../../engines/journey'
import { getSetting } from '../campaigns'
import { type Tx, requireCampaign } from '../core'

/** CLK-3: the rest of an advance that stopped before the end of what was asked, for "go on". */
export interface PendingAdvance {
  /** Seconds of the span not advanced. */
  seconds: number
  /** What the GM asked for, in words ("8 hours"). */
  of: string
  /** The kinds an "until" stops at; null for a span. */
  until: StopKind[] | null
  /** Where and why it stopped. */
  at: number
  kind: StopKind
  /** CLK-14: the rest is the journey's road: travelling on, to camp or to the end, or a span. */
  journey?: 'camp' | 'arrival' | 'span'
}

/** CLK-14: the journey the party is on and where it is on the road; kept with the clock so an undo puts it back. */
/** The journey on the clock: where the party is on it, and the watch order in camp (character ids, CLK-15). */
export type JourneyOnClock = Progress & { journeyId: number; watch?: number[] }

/**
 * The clock as stored, with where the party is (a location of the campaign, or null): it decides
 * the place kind of the encounter distance (OSR-12) and the tables an encounter is rolled on. It is
 * kept in the same JSON as the clock so that undoing a step restores it too.
 */
export type StoredClock = ClockState & {
  partyLocationId: number | null
  /** OSR-20: characters resting (id → when their day of rest in progress began). */
  resting: Record<string, number>
  /** CLK-3: what "go on" would advance. */
  goOn: PendingAdvance | null
  /** CLK-14: the journey under way, or null. */
  journey?: JourneyOnClock | null
}

/**
 * The clock as stored: provisions and injuries are read from their tables each time. Until a step
 * stands (none yet, or all undone) the clock is new: exploration at the campaign's start, the
 * day and time of day its settings give (Day 1 · 00:00 unless the GM set another, CLK-1).
 */
export async function loadStoredClock(tx: Tx, campaignId: number, campaignChecked = false): Promise<StoredClock> {
  if (!campaignChecked) await requireCampaign(tx, campaignId)
  // The clock and whether a step stands, in one statement.
  const row = await tx.trx
    .selectFrom('clock')
    .select((eb) => ['state', eb.exists(eb.selectFrom('clock_step').select('id').where('campaign_id', '=', campaignId).where('undone', '=', 0)).as('moved')])
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst()
  if (!row || !row.moved) {
    const start = await getSetting(tx.trx, campaignId, 'clock.start')
    return { ...newClock({ time: gameTime(start.day, start.time), place: 'enclosed' }), partyLocationId: null, resting: {}, goOn: null, journey: null }
  }
  const stored = JSON.parse(row.state) as StoredClock
  return { ...stored, partyLocationId: stored.partyLocationId ?? null, resting: stored.resting ?? {}, goOn: stored.goOn ?? null, journey: stored.journey ?? null, provisions: [], injuries: [] }
}

/** Writes the clock; what "go on" would advance is kept as it was unless given. */
export async function saveClock(
  tx: Tx,
  campaignId: number,
  state: ClockState,
  extra: { partyLocationId: number | null; resting: Record<string, number>; goOn?: PendingAdvance | null; journey?: JourneyOnClock | null },
): Promise<void> {
  const goOn = extra.goOn !== undefined ? extra.goOn : ((state as Partial<StoredClock>).goOn ?? null)
  const journey = extra.journey !== undefined ? extra.journey : ((state as Partial<StoredClock>).journey ?? null)
  const json = JSON.stringify({ ...state, ...extra, goOn, journey, provisions: [], injuries: [] })
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

/** The id of a character's OSR-20 rest record on the clock. */
export const restRecordId = (characterId: number | string): string => `rest-${characterId}`

/** What OSR-20's rest records are read from: the active old-school PCs' sheets. */
export type RestRows = readonly { id: number; sheet: string }[]

/** The active PCs' sheets of an old-school campaign (none in another system), for `restRecordsOf`. */
export function readRestRows(tx: Tx, campaignId: number): Promise<RestRows> {
  return tx.trx
    .selectFrom('character as c')
    .innerJoin('campaign as k', 'k.id', 'c.campaign_id')
    .select(['c.id', 'c.sheet'])
    .where('c.campaign_id', '=', campaignId)
    .where('k.system', '=', 'osr')
    .where('c.kind', '=', 'pc')
    .where('c.status', '=', 'active')
    .execute()
}

/**
 * OSR-20, CLK-8: every active old-school PC below maximum H heals 1d2 H per full day of rest
 * marked by the GM. Their H is in their sheet; whether and since when they rest, on the clock.
 */
export function restRecordsOf(rows: RestRows, resting: Record<string, number>): InjuryRecord[] {
  const records: InjuryRecord[] = []
  for (const r of rows) {
    const sheet = JSON.parse(r.sheet) as { h?: number; maxH?: number }
    const h = sheet.h ?? 0
    const maxH = sheet.maxH ?? 0
    if (h >= maxH) continue
    const since = resting[String(r.id)]
    records.push({
      ...osrInjury({ id: restRecordId(r.id), characterId: String(r.id), label: 'lost hardiness', takenAt: 0, h, maxH }),
      ...(since === undefined ? {} : { recovery: { kind: 'rest', h, maxH, restDayStartedAt: since } }),
    })
  }
  return records
}

/** `restRecordsOf` the sheets as they are now. */
export async function loadRestRecords(tx: Tx, campaignId: number, resting: Record<string, number>): Promise<InjuryRecord[]> {
  return restRecordsOf(await readRestRows(tx, campaignId), resting)
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
