/** Everything the clock's view shows, loaded for a read, a step or an undo. */
import type { Kysely } from 'kysely'
import * as engine from '../../engines/clock'
import type { ClockState } from '../../engines/clock'
import type { Database } from '../../db/schema'
import type { ClockView, SystemId } from '../../../shared/contract'
import { getSetting } from '../campaigns'
import type { Tx } from '../core'
import type { Provisions } from '../../engines/clock'
import { loadProvisions, readRestRows, restRecordsOf, type RestRows, type StoredClock } from './store'
import { placeChain } from '../records'
import { loadSupplies, partyWhereabouts } from './supplies'
import { NameBook, clockCharacterIds, clockView, lightItemNames } from './view'
import { daylightNow } from './daylight'
import { journeyOnView } from './journey-road'

/** CLK-2: the combat round's length in this campaign. */
export async function roundSeconds(db: Kysely<Database>, campaignId: number, system: SystemId): Promise<number> {
  if (system === 'osr') return engine.OSR_ROUND_SECONDS // OSR-14: 5-second rounds
  if (system === 'ladder') return getSetting(db, campaignId, 'ladder.roundSeconds') // LAD-12
  return getSetting(db, campaignId, 'combat.roundSeconds')
}

/**
 * CLK-4: how the reaction of a threat met on an encounter is rolled here: d6 + S in an `osr`
 * campaign (OSR-13), a plain d6 elsewhere, or not at all where the campaign's settings turn it off.
 */
export async function reactionRoll(db: Kysely<Database>, campaignId: number, system: SystemId): Promise<ClockView['reaction']> {
  const rule = engine.clockRulesFor(system).reaction
  if (rule === 'd6 + S') return rule
  return (await getSetting(db, campaignId, 'clock.reactionRoll')) ? rule : 'off'
}

export function suppliesFor(tx: Tx, campaignId: number, state: ClockState) {
  return loadSupplies(tx.trx, campaignId, new Set(state.lights.map((l) => l.id)))
}

/**
 * What a step has read already and not changed since, so the view it answers with does not read
 * it again: the PCs' provisions and sheets (when the step wrote no inventory and no sheet), and
 * the names it looked up.
 */
export interface AlreadyRead {
  provisions?: Provisions[]
  restRows?: RestRows
  names?: NameBook
}

/** The old-school PCs below maximum H, with whether they rest (OSR-20). */
export async function restView(tx: Tx, campaignId: number, resting: Record<string, number>, read: AlreadyRead = {}): Promise<ClockView['rest']> {
  const records = restRecordsOf(read.restRows ?? (await readRestRows(tx, campaignId)), resting)
  const names = await (read.names ?? new NameBook(tx.trx, campaignId)).need(records.map((r) => r.characterId))
  return records.map((r) => {
    const rec = r.recovery as { h: number; maxH: number; restDayStartedAt: number | null }
    return { characterId: Number(r.characterId), name: names.get(r.characterId) ?? '?', h: rec.h, maxH: rec.maxH, restingSince: rec.restDayStartedAt }
  })
}

/**
 * The clock as the screen shows it, with what it stores beside the engine's state (where the
 * party is, who rests, what "go on" would advance) and the step an undo would take back.
 */
export async function loadClockView(
  tx: Tx,
  campaignId: number,
  system: SystemId,
  state: ClockState & Pick<StoredClock, 'partyLocationId' | 'resting' | 'goOn' | 'journey'>,
  undo: { action: string; summary: string } | null,
  read: AlreadyRead = {},
): Promise<ClockView> {
  const goOn = state.goOn
  const provisions = read.provisions ?? (await loadProvisions(tx, campaignId))
  const names = await (read.names ?? new NameBook(tx.trx, campaignId)).need([...clockCharacterIds(state), ...provisions.map((p) => p.characterId), ...(state.journey?.watch ?? [])])
  const { journey, legTableId } = await journeyOnView(tx.trx, campaignId, state.journey, state.time, names)
  // The party's place and the places it lies in, read once for the encounter tables and the sky.
  const places = await placeChain(tx.trx, campaignId, state.partyLocationId)
  const whereabouts = await partyWhereabouts(tx.trx, campaignId, state.partyLocationId, places)
  if (legTableId !== null) {
    // CLK-14: on the road, the leg's own table is offered first.
    const own = await tx.trx.selectFrom('encounter_table').select(['id', 'name', 'dice']).where('id', '=', legTableId).where('campaign_id', '=', campaignId).executeTakeFirst()
    if (own) whereabouts.tables = [own, ...whereabouts.tables.filter((t) => t.id !== own.id)]
  }
  return clockView(campaignId, state, {
    system,
    provisions,
    names,
    itemNames: await lightItemNames(tx.trx, state),
    roundSeconds: await roundSeconds(tx.trx, campaignId, system),
    undo,
    supplies: await suppliesFor(tx, campaignId, state),
    whereabouts,
    rest: await restView(tx, campaignId, state.resting, { ...read, names }),
    darknessModifier: engine.clockRulesFor(system).darknessModifier,
    daylight: await daylightNow(tx.trx, campaignId, { ...state, places }, state.time),
    journey,
    reaction: await reactionRoll(tx.trx, campaignId, system),
    goOn: goOn ? { seconds: goOn.seconds, of: goOn.of, at: goOn.at, kind: goOn.kind } : null,
  })
}
