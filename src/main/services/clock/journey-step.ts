/**
 * Travelling on a journey as one clock step (CLK-14, CLK-15): the clock's own advances over the
 * road, stopping at the first encounter with where on the road it was met; "go on" travels on.
 */
import { DAY, HOUR, TURN_SECONDS } from '../../engines/clock'
import { fromFeet, LONGEST_TRAVEL_SECONDS, onWatchInCamp, position, travel, walk, watches, type RoadEvent, type TravelRequest } from '../../engines/journey'
import { AppError } from '../core'
import { loadRoad, roadRules, whereOnRoad, type Road } from './journey-road'
import { orRefuse } from './run-step'
import type { StepContext, StepResult } from './step-context'
import type { PendingAdvance } from './store'
import { spanWords, when } from './view'

/** How far the GM asks the party to travel. */
export type TravelAsk = 'turn' | 'hour' | 'day' | 'camp' | 'arrival'

const ASKED: Record<TravelAsk, { request: TravelRequest; words: string }> = {
  turn: { request: { seconds: TURN_SECONDS }, words: 'a turn of travel' },
  hour: { request: { seconds: HOUR }, words: 'an hour of travel' },
  day: { request: { seconds: DAY }, words: 'a day of travel' },
  camp: { request: { until: 'camp' }, words: 'the march to camp' },
  arrival: { request: { until: 'arrival' }, words: 'the journey' },
}

/** A leg's ground and unit, for the recap's telling of the road. */
function legWords(road: Road, leg: number): { terrain: string; unit: string } {
  const row = road.rows[leg]
  return { terrain: row?.terrain ?? 'the road', unit: row?.unit ?? 'miles' }
}

/** What a road event's entry carries beyond the event: the leg's words, how far along, where it ends. */
function roadWhere(e: RoadEvent, road: Road): Record<string, unknown> {
  if (e.kind === 'arrived') return { to: e.direction === 'out' ? road.journey.to_name : null }
  const words = legWords(road, e.leg)
  return e.kind === 'camp' ? { ...words, along: fromFeet(e.feet, road.rows[e.leg]?.unit ?? 'miles') } : words
}

/** CLK-15: a camp's watches, each watcher's share of the night, for its entry. */
function campWatches(e: RoadEvent, watchers: string[]): Record<string, unknown> {
  return e.kind === 'camp' && watchers.length ? { watches: watches(watchers, e.at, e.until).map((w) => ({ who: w.who, from: w.from, to: w.to })) } : {}
}

/** A road event as the log tells it. */
function roadLine(e: RoadEvent, road: Road, watchers: string[] = []): string {
  switch (e.kind) {
    case 'leg done':
      return `${when(e.at)}: end of leg ${e.leg + 1} (${legWords(road, e.leg).terrain})`
    case 'camp':
      return `${when(e.at)}: the party makes camp at ${whereOnRoad(road, e.leg, e.feet)} until first light (${when(e.until)})${watchers.length ? `; watches: ${watches(watchers, e.at, e.until).map((w) => `${w.who} ${when(w.from).slice(-5)}–${when(w.to).slice(-5)}`).join(', ')}` : ''}`
    case 'set out':
      return `${when(e.at)}: first light; the party sets out again on leg ${e.leg + 1}`
    case 'arrived':
      return e.direction === 'out'
        ? `${when(e.at)}: the party arrives${road.journey.to_name ? ` at ${road.journey.to_name}` : ''}`
        : `${when(e.at)}: the party is back where it set out`
  }
}

/**
 * Travels on (CLK-14): the journey under way from where the party is, by `ask` or by what an
 * earlier stop left (`pending`). Arrival ends the journey; an encounter leaves the rest for "go on".
 */
export async function travelStep(ctx: StepContext, ask: TravelAsk | { pending: PendingAdvance }, lead: string): Promise<StepResult> {
  const on = ctx.journey
  if (!on) throw new AppError('refused', 'No journey is under way: plan one and set out first.')
  if (on.arrived) throw new AppError('refused', 'The journey is over: the party has arrived. Plan another to travel on.')
  const road = await loadRoad(ctx.tx.trx, ctx.campaignId, on.journeyId)
  const rules = await roadRules(ctx.tx.trx, ctx.campaignId)
  const pending = typeof ask === 'object' ? ask.pending : null
  const kind = pending ? (pending.journey ?? 'span') : (ask as TravelAsk)
  const request: TravelRequest = pending ? (kind === 'span' ? { seconds: pending.seconds } : { until: kind as 'camp' | 'arrival' }) : ASKED[ask as TravelAsk].request
  const of = pending ? pending.of : ASKED[ask as TravelAsk].words
  const moved = orRefuse(travel(ctx.state, on, road.legs, rules, request, await ctx.dice()))
  const { journeyId } = on
  const progress = { ...moved.progress, journeyId }
  // CLK-15: the watch order by name, for the camp's watches and who was on watch when something came.
  const names = await ctx.names.need(on.watch ?? [])
  const watchers = (on.watch ?? []).map((id) => names.get(String(id))).filter((n): n is string => n !== undefined)
  const entries: { kind: string; gameTime: number; payload: Record<string, unknown> }[] = moved.road.map((e) => ({
    kind: `clock.event.journey-${e.kind.replaceAll(' ', '-')}`,
    gameTime: e.at,
    payload: { ...e, ...roadWhere(e, road), ...campWatches(e, watchers), journey: road.journey.name, journeyId, text: roadLine(e, road, watchers) },
  }))
  let goOn: PendingAdvance | null = null
  let partyLocationId: number | null | undefined
  let summary: string
  const from = when(ctx.state.time)
  if (moved.met) {
    const where = whereOnRoad(road, moved.met.leg, moved.met.feet)
    const watching = moved.met.camp ? onWatchInCamp(watchers, moved.progress, moved.met.at) : null
    entries.push({
      kind: 'clock.event.journey-met',
      gameTime: moved.met.at,
      payload: { at: moved.met.at, leg: moved.met.leg, along: fromFeet(moved.met.feet, road.rows[moved.met.leg]?.unit ?? 'miles'), ...legWords(road, moved.met.leg), camp: moved.met.camp, ...(watching ? { watch: watching } : {}), journey: road.journey.name, journeyId, text: `${when(moved.met.at)}: met ${moved.met.camp ? 'in camp' : 'on the road'} at ${where}${watching ? `, ${watching} on watch` : ''}` },
    })
    entries.sort((a, b) => a.gameTime - b.gameTime)
    // What is left: of a span, the rest of it; to camp or to the end, the road's time from here if nothing more is met.
    const left = 'seconds' in request ? ctx.state.time + request.seconds - moved.met.at : walk(moved.progress, road.legs, rules, moved.met.at, moved.met.at + LONGEST_TRAVEL_SECONDS, () => null, kind === 'camp').time - moved.met.at
    goOn = 'seconds' in request && left <= 0 ? null : { seconds: Math.max(left, 0), of, until: null, at: moved.met.at, kind: 'encounter', journey: kind === 'turn' || kind === 'hour' || kind === 'day' ? 'span' : (kind as PendingAdvance['journey']) }
    summary = `${lead} ${from} → ${when(moved.met.at)}: an encounter ${moved.met.camp ? 'in camp' : 'on the road'} at ${where}`
  } else if (moved.stop === 'arrived') {
    await ctx.recorder.touching('journey', journeyId)
    await ctx.tx.trx.updateTable('journey').set({ status: 'arrived', ended_at: moved.state.time, updated_at: ctx.tx.realTime }).where('id', '=', journeyId).execute()
    partyLocationId = progress.direction === 'out' ? (road.journey.to_location_id ?? null) : (road.journey.from_location_id ?? null)
    summary = `${lead} ${from} → ${when(moved.state.time)}: ${progress.direction === 'out' ? 'arrived' : 'back where the journey set out'}`
  } else {
    const at = position(moved.progress, road.legs)
    const here = whereOnRoad(road, at.leg, at.feet)
    summary = `${lead} (${of}): ${spanWords(moved.state.time - ctx.state.time)} to ${when(moved.state.time)}, ${moved.progress.phase === 'camp' ? 'in camp' : 'on the road'} at ${here}`
  }
  return {
    state: moved.state,
    events: moved.events,
    summary,
    stopped: moved.met ? { kind: 'encounter', at: moved.met.at } : null,
    goOn,
    journey: progress,
    entries,
    payload: { journey: road.journey.name, met: moved.met ? { leg: moved.met.leg + 1, along: fromFeet(moved.met.feet, road.rows[moved.met.leg]?.unit ?? 'miles'), camp: moved.met.camp } : null },
    ...(partyLocationId !== undefined ? { partyLocationId } : {}),
  }
}
