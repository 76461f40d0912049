/**
 * Journeys on the clock at the service (CLK-10 … CLK-16), on a real SQLite library: the numbers
 * before setting out, travelling as clock steps that stop at the first encounter with where on the
 * road, camps and first light, CLK-7 across the ways of travelling, plan changes undone, daylight.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insertCharacter } from '../support/records'
import { seededDice } from '../../src/main/engines/dice'
import { gameTime, newClock, setProvisions } from '../../src/main/engines/clock'
import { DEFAULT_DAYLIGHT, setOut, toFeet, travel } from '../../src/main/engines/journey'
import { allowed } from '../engines/clock/helpers'
import { all } from '../support/sql'
import { playerView } from '../../src/main/services/players'
import type { ClockView } from '../../src/shared/contract'

let lib: TempLibrary
let core: Core
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const legs = [
  { terrain: 'road', length: 3, place: 'open' as const },
  { terrain: 'forest', length: 1, place: 'enclosed' as const, threshold: 19 },
  { terrain: 'marsh', length: 2, place: 'open' as const, threshold: 18 },
]

/** An old-school campaign at Day 1 · 06:00 with Glam carrying 145 lbs, 5 rations and 5 pints. */
async function osrParty(seed = 'road'): Promise<number> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Road', system: 'osr', seed })).id
  await gm(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 1, time: '06:00' } })
  const glam = await insertCharacter(core, campaignId, 'pc', 'Glam')
  await gm(core, 'inventory.add', { characterId: glam, name: 'Gear', kind: 'other', quantity: 1, weightLbs: 135 })
  await gm(core, 'inventory.add', { characterId: glam, name: 'Rations', kind: 'ration', quantity: 5, weightLbs: 1 })
  await gm(core, 'inventory.add', { characterId: glam, name: 'Water', kind: 'water', quantity: 5, weightLbs: 1 })
  return campaignId
}

async function planned(campaignId: number): Promise<number> {
  await gm(core, 'journey.plan', { campaignId, toName: 'Glimmerford', legs })
  return (await gm(core, 'journey.get', { campaignId })).current!.id
}

/** Travels (`until`), going on after each encounter, until `done` holds of the clock. */
async function travelOn(campaignId: number, until: 'turn' | 'hour' | 'camp' | 'arrival', done: (clock: ClockView) => boolean) {
  let r = await gm(core, 'journey.travel', { campaignId, until })
  for (let k = 0; k < 600 && !done(r.clock); k++) r = r.clock.goOn ? await gm(core, 'clock.goOn', { campaignId }) : await gm(core, 'journey.travel', { campaignId, until })
  expect(done(r.clock)).toBe(true)
  return r
}

/** An old-school party in a session of its own, set out on the planned road. */
async function sessionOnTheRoad(seed: string, title: string) {
  const campaignId = await osrParty(seed)
  const glam = (await gm(core, 'clock.get', { campaignId })).provisions[0]!.characterId
  const session = await gm(core, 'play.start', { campaignId, title, attendance: [glam] })
  await gm(core, 'journey.setOut', { campaignId, journeyId: await planned(campaignId) })
  return { campaignId, glam, session }
}

describe('CLK-10, CLK-14: the numbers before setting out', () => {
  it('OSR-7: Glam with 145 lbs sets the pace at 600 ft a turn open, 60 ft enclosed; turns, days, food and water', async () => {
    const campaignId = await osrParty()
    const n = await gm(core, 'journey.preview', { campaignId, toName: 'Glimmerford', legs })
    expect(n.speed).toMatchObject({ open: 600, enclosed: 60, basis: 'load', slowest: ['Glam'] })
    expect(n.members).toEqual([{ name: 'Glam', loadLbs: 145, open: 600, enclosed: 60 }])
    expect(n.legs.map((l) => l.turns)).toEqual([27, 88, 18])
    expect(n).toMatchObject({ marchHours: 8, marchingDays: 2, camps: 1, daysOnRoad: 2 })
    expect(n.supplies).toEqual([{ name: 'Glam', foodNeeded: 1, foodCarried: 5, waterNeeded: 1, waterCarried: 5, foodShort: 0, waterShort: 0 }])
  })
  it('CLK-11: the hours of march a day are the campaign’s setting once the GM sets them, read with the road’s other settings', async () => {
    const campaignId = await osrParty()
    await gm(core, 'setting.set', { campaignId, key: 'journey.marchHours', value: 6 })
    await gm(core, 'setting.set', { campaignId, key: 'clock.season', value: 'winter' })
    const n = await gm(core, 'journey.preview', { campaignId, toName: 'Glimmerford', legs })
    expect(n).toMatchObject({ marchHours: 6 })
    // CLK-12: winter moves sunrise later and sunset earlier.
    expect((await gm(core, 'clock.get', { campaignId })).daylight).toMatchObject({ sunrise: '07:30', sunset: '16:30' })
  })
  it('CLK-11: a Ladder campaign marches at the campaign’s pace, 3 mph unless set; the GM sets another', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Pace', system: 'ladder' })).id
    expect((await gm(core, 'journey.preview', { campaignId, toName: 'X', legs })).speed).toMatchObject({ open: 1320, basis: 'pace', paceMph: 3 })
    await gm(core, 'setting.set', { campaignId, key: 'journey.paceMph', value: 2 })
    expect((await gm(core, 'journey.preview', { campaignId, toName: 'X', legs })).speed.open).toBeCloseTo(880, 9)
  })
  it('a plan is refused in the GM’s words: no destination, a leg of no length', async () => {
    const campaignId = await osrParty()
    expect((await refused(core, 'journey.plan', { campaignId, legs })).message).toMatch(/To \(a place typed\): say where the journey goes/)
    expect((await refused(core, 'journey.plan', { campaignId, toName: 'X', legs: [{ terrain: 'road', length: 0, place: 'open' }] })).message).toMatch(/Length \(leg 1\): must be more than 0/)
  })
})

describe('CLK-14, CLK-15: travelling is a clock step that stops at the first encounter', () => {
  it('stops at the encounter saying where on the road and how far off; G travels on; camps; arrives', async () => {
    const campaignId = await osrParty()
    const journeyId = await planned(campaignId)
    const out = await gm(core, 'journey.setOut', { campaignId, journeyId })
    expect(out.summary).toBe('Set out: To Glimmerford, at 600 ft a turn in the open, 60 ft enclosed, Glam setting the pace')
    const r = await gm(core, 'journey.travel', { campaignId, until: 'arrival' })
    expect(r.encounter).not.toBeNull()
    expect(r.summary).toMatch(/an encounter (on the road|in camp) at (mile [\d.]+ of leg \d \((road|forest|marsh)\))/)
    expect(r.clock.goOn).toMatchObject({ kind: 'encounter' })
    let last = r
    for (let k = 0; k < 200 && !last.clock.journey?.arrived; k++) last = await gm(core, 'clock.goOn', { campaignId })
    expect(last.clock.journey).toMatchObject({ arrived: true, leg: 3 })
    const page = await gm(core, 'journey.get', { campaignId })
    expect(page.current).toMatchObject({ status: 'arrived' })
    const kinds = page.current!.story.map((s) => s.kind)
    expect(kinds).toContain('camp')
    expect(kinds).toContain('set-out')
    expect(kinds).toContain('met')
    expect(kinds.at(-1)).toBe('arrived')
    // Food at the day boundary, as any advance (CLK-5).
    expect((await gm(core, 'log.list', { campaignId, kind: 'clock.event.rations' })).length).toBeGreaterThan(0)
    // OSR-12: each met at 1d20 × 50 ft on an open leg, 1d20 × 5 ft on an enclosed one (the forest);
    // OSR-9: on a face of the leg's threshold or more (19+ in the forest, 18+ in the marsh, 20 on the road).
    const checks = await gm(core, 'log.list', { campaignId, kind: 'clock.event.encounter-check' })
    const met = await gm(core, 'log.list', { campaignId, kind: 'clock.event.journey-met' })
    expect(met.length).toBeGreaterThan(0)
    for (const m of met) {
      const leg = legs[m.payload.leg as number]!
      const check = checks.find((c) => c.gameTime === m.gameTime)!
      const distance = check.payload.distance as { place: string; feet: number }
      const step = leg.place === 'open' ? 50 : 5
      expect(distance.place).toBe(leg.place)
      expect(distance.feet % step === 0 && distance.feet >= step && distance.feet <= 20 * step).toBe(true)
      expect(check.payload.face as number).toBeGreaterThanOrEqual(leg.threshold ?? 20)
    }
  })
  it('CLK-7: a journey step is the engine’s travel with the step’s dice (which gives the same road at once or a turn at a time, test/engines/journey)', async () => {
    const campaignId = await osrParty('same dice')
    const glam = (await gm(core, 'clock.get', { campaignId })).provisions[0]!.characterId
    await gm(core, 'journey.setOut', { campaignId, journeyId: await planned(campaignId) })
    const r = await gm(core, 'journey.travel', { campaignId, until: 'arrival' })
    const start = allowed(setProvisions(newClock({ time: gameTime(1, '06:00'), place: 'open' }), { characterId: String(glam), foodDays: 5, waterPints: 5 })).state
    const roadLegs = legs.map((l) => ({ name: l.terrain, lengthFt: toFeet(l.length, 'miles'), place: l.place, threshold: l.threshold ?? 20 }))
    const t = allowed(travel(start, setOut({ open: 600, enclosed: 60 }, 8 * 3600), roadLegs, { marchSeconds: 8 * 3600, daylight: DEFAULT_DAYLIGHT, campChecks: 'every turn' }, { until: 'arrival' }, seededDice('same dice#1')))
    expect(r.clock.time).toBe(t.state.time)
    expect(r.encounter).toEqual(t.met ? { at: t.met.at, face: expect.any(Number), distanceFeet: (t.events.at(-1) as { distance: { feet: number } }).distance.feet, place: expect.any(String) } : null)
    const step = (await gm(core, 'log.list', { campaignId, kind: 'clock.journey-travelled' }))[0]!
    expect((step.payload.checks as unknown[]).length).toBe(t.events.filter((e) => e.kind === 'encounter check').length)
  })
  it('each plan change is an action undone like any other: detour, forced march, turn back, stop', async () => {
    const campaignId = await osrParty()
    await gm(core, 'journey.setOut', { campaignId, journeyId: await planned(campaignId) })
    await gm(core, 'journey.detour', { campaignId, leg: { terrain: 'ford', length: 0.5, place: 'open' } })
    expect((await gm(core, 'journey.get', { campaignId })).current!.legs.map((l) => l.terrain)).toEqual(['road', 'ford', 'forest', 'marsh'])
    await gm(core, 'clock.undo', { campaignId })
    expect((await gm(core, 'journey.get', { campaignId })).current!.legs.map((l) => l.terrain)).toEqual(['road', 'forest', 'marsh'])
    const forced = await gm(core, 'journey.forcedMarch', { campaignId, hours: 2, cost: 'each rolls against fatigue' })
    expect(forced.summary).toBe('Forced march: 2 hours more today (each rolls against fatigue)')
    await gm(core, 'play.undo', { campaignId })
    const back = await gm(core, 'journey.turnBack', { campaignId })
    expect(back.clock.journey?.direction).toBe('back')
    await gm(core, 'clock.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).journey?.direction).toBe('out')
    await gm(core, 'journey.stop', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).journey).toBeNull()
    await gm(core, 'clock.undo', { campaignId })
    expect((await gm(core, 'journey.get', { campaignId })).current?.status).toBe('travelling')
  })
  it('CLK-14: the encounter table offered on the road is the leg’s own, and none on a leg without one', async () => {
    const campaignId = await osrParty('tables')
    const marsh = (await gm(core, 'encounterTable.create', { campaignId, name: 'Marsh horrors', dice: '1d6', rows: [{ min: 1, max: 6, text: 'Bog wights', npcId: null }] })).id
    const withTable = legs.map((l, k) => (k === 2 ? { ...l, tableId: marsh } : l))
    await gm(core, 'journey.plan', { campaignId, toName: 'Glimmerford', legs: withTable })
    await gm(core, 'journey.setOut', { campaignId, journeyId: (await gm(core, 'journey.get', { campaignId })).current!.id })
    const first = await gm(core, 'journey.travel', { campaignId, until: 'turn' })
    expect(first.clock.journey?.leg).toBe(1)
    expect(first.clock.tables).toEqual([])
    const r = await travelOn(campaignId, 'hour', (c) => (c.journey?.leg ?? 0) >= 3)
    expect(r.clock.journey).toMatchObject({ leg: 3, terrain: 'marsh' })
    expect(r.clock.tables.map((t) => t.name)).toEqual(['Marsh horrors'])
  })
  it('CLK-16: time passed on the clock during a journey is a halt: the party stays where it is, and the checks are its leg’s', async () => {
    const campaignId = await osrParty('halt')
    await gm(core, 'journey.setOut', { campaignId, journeyId: await planned(campaignId) })
    const r = await travelOn(campaignId, 'hour', (c) => (c.journey?.leg ?? 0) >= 2)
    // Leg 2, the forest: enclosed, an encounter on 19+.
    const where = r.clock.journey!
    expect(where).toMatchObject({ leg: 2, terrain: 'forest' })
    const halted = await gm(core, 'clock.advance', { campaignId, span: { hours: 1 } })
    expect(halted.clock.time).toBeGreaterThan(r.clock.time)
    expect(halted.clock.journey).toEqual(where)
    // The newest clock step that is not the journey's: the halt.
    const step = (await gm(core, 'log.list', { campaignId, kind: 'clock.advanced' }))[0]!
    expect(step.payload.from).toBe(r.clock.time)
    const checks = step.payload.checks as { threshold: number; encounter: boolean }[]
    expect(checks.length).toBeGreaterThan(0)
    expect(checks.map((c) => c.threshold)).toEqual(checks.map(() => 19))
  })
  it('CLK-15: the watch order shares the night; what comes in camp is told with who was on watch, for the GM and the players', async () => {
    const { campaignId, glam, session } = await sessionOnTheRoad('watch', 'The watch')
    const bram = await insertCharacter(core, campaignId, 'pc', 'Bram')
    const stranger = (await gm(core, 'campaign.create', { name: 'Elsewhere', system: 'osr' })).id
    const theirs = await insertCharacter(core, stranger, 'pc', 'Not ours')
    expect((await refused(core, 'journey.watch', { campaignId, characterIds: [glam, theirs] })).message).toMatch(/^Watch order: watcher 2 is not a character of this campaign/)
    expect((await refused(core, 'journey.watch', { campaignId, characterIds: [glam, bram, glam] })).message).toMatch(/^Watch order: Glam is listed twice/)
    const set = await gm(core, 'journey.watch', { campaignId, characterIds: [glam, bram] })
    expect(set.summary).toBe('Watch order in camp: Glam, then Bram')
    expect(set.clock.journey?.watch.map((w) => w.name)).toEqual(['Glam', 'Bram'])
    // An action like any other: undone (no watch order) and redone.
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).journey?.watch).toEqual([])
    await gm(core, 'play.redo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).journey?.watch.map((w) => w.name)).toEqual(['Glam', 'Bram'])
    // Camp from 14:00 to first light at 06:00: Glam until 22:00, Bram after.
    const camped = await travelOn(campaignId, 'camp', (c) => c.journey?.phase === 'camp')
    expect(camped.clock.time).toBe(gameTime(1, '14:00'))
    expect(camped.clock.journey?.onWatch).toBe('Glam')
    const camp = (await gm(core, 'log.list', { campaignId, kind: 'clock.event.journey-camp' }))[0]!
    expect(camp.payload.text).toMatch(/; watches: Glam 14:00–22:00, Bram 22:00–06:00$/)
    const player = await playerView(core.deps, campaignId)
    expect(player.journey?.onWatch).toBe('Glam')
    await travelOn(campaignId, 'arrival', (c) => c.journey?.arrived === true)
    const inCamp = (await gm(core, 'log.list', { campaignId, kind: 'clock.event.journey-met' })).filter((m) => m.payload.camp === true)
    expect(inCamp.length).toBeGreaterThan(0)
    for (const m of inCamp) expect(m.payload.watch).toBe(m.gameTime < gameTime(1, '22:00') ? 'Glam' : 'Bram')
    for (const variant of ['gm', 'players'] as const) {
      const { markdown } = await gm(core, 'recap.session', { sessionId: session.id, variant })
      expect(markdown).toContain('camp at mile 0.8, 14:00 → Day 2 · 06:00, watched by Glam, then Bram, met in camp at ')
      expect(markdown).toMatch(/met in camp at \d\d:\d\d \(\d+ ft off, (Glam|Bram) on watch\)/)
    }
  })
  it('the plan and the setting out undone, then redone: the redone setting out sets out on the journey the redone plan made', async () => {
    const campaignId = await osrParty()
    // A journey planned and stopped before: the redone plan's row is not the first one's.
    await planned(campaignId)
    const journeyId = await planned(campaignId)
    await gm(core, 'journey.setOut', { campaignId, journeyId })
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'journey.get', { campaignId })).current?.status).not.toBe('travelling')
    await gm(core, 'play.redo', { campaignId })
    await gm(core, 'play.redo', { campaignId })
    const now = (await gm(core, 'journey.get', { campaignId })).current!
    expect(now).toMatchObject({ status: 'travelling', name: 'To Glimmerford' })
    expect((await gm(core, 'clock.get', { campaignId })).journey?.id).toBe(now.id)
  })
})

describe('CLK-12, CLK-13: daylight', () => {
  it('under the sky by day no darkness is shown; at night, or below ground, darkness counts', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Sky', system: 'osr' })).id
    await gm(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 1, time: '12:00' } })
    const hills = await gm(core, 'location.create', { campaignId, name: 'Hills', kind: 'open' })
    const dungeon = await gm(core, 'location.create', { campaignId, name: 'Barrow', kind: 'enclosed', underSky: false, parentId: hills.id })
    const room = await gm(core, 'location.create', { campaignId, name: 'Crypt', kind: 'enclosed', parentId: dungeon.id })
    const atHills = await gm(core, 'clock.setEncounter', { campaignId, locationId: hills.id })
    expect(atHills.clock).toMatchObject({ dark: false, daylight: { sunUp: true, underSky: true, daylit: true } })
    const inRoom = await gm(core, 'clock.setEncounter', { campaignId, locationId: room.id })
    expect(inRoom.clock).toMatchObject({ dark: true, darknessModifier: -5, daylight: { underSky: false, daylit: false } })
    await gm(core, 'clock.setEncounter', { campaignId, locationId: hills.id })
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    const night = await gm(core, 'clock.setTime', { campaignId, day: 1, time: '20:00' })
    expect(night.clock).toMatchObject({ dark: true, daylight: { sunUp: false, underSky: true } })
  })
  it('CLK-13: each location says what "as the place it is in" comes to, and from which place', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Sky words', system: 'lode' })).id
    const hills = await gm(core, 'location.create', { campaignId, name: 'Hills', kind: 'open' })
    expect(hills.asPlaceItIsIn).toEqual({ underSky: true, from: 'Hills', by: 'kind' })
    const cave = await gm(core, 'location.create', { campaignId, name: 'Cave', kind: 'enclosed', parentId: hills.id })
    expect(cave.asPlaceItIsIn).toEqual({ underSky: true, from: 'Hills', by: 'kind' })
    expect((await gm(core, 'location.update', { id: cave.id, underSky: false })).underSky).toBe(false)
    const room = await gm(core, 'location.create', { campaignId, name: 'Room', kind: 'enclosed', parentId: cave.id })
    expect(room.asPlaceItIsIn).toEqual({ underSky: false, from: 'Cave', by: 'choice' })
    // The room's own say does not change what "as the place it is in" would give it.
    const roofless = await gm(core, 'location.update', { id: room.id, underSky: true })
    expect(roofless).toMatchObject({ underSky: true, asPlaceItIsIn: { underSky: false, from: 'Cave' } })
    const tower = await gm(core, 'location.create', { campaignId, name: 'Tower', kind: 'enclosed' })
    expect(tower.asPlaceItIsIn).toEqual({ underSky: false, from: 'Tower', by: 'kind' })
    const listed = await gm(core, 'location.list', { campaignId })
    expect(Object.fromEntries(listed.map((l) => [l.name, l.asPlaceItIsIn.underSky]))).toEqual({ Cave: true, Hills: true, Room: false, Tower: false })
    expect((await refused(core, 'location.update', { id: room.id, underSky: 'yes' })).message).toMatch(/Under the sky/i)
  })
  it('CLK-12: sunset must come after sunrise; a season moves both', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Sun', system: 'lode' })).id
    expect((await refused(core, 'setting.set', { campaignId, key: 'clock.sunset', value: '05:00' })).message).toMatch(/^Sunset: sunset \(05:00\) must come after sunrise \(06:00\)/)
    await gm(core, 'setting.set', { campaignId, key: 'clock.season', value: 'summer' })
    expect((await gm(core, 'clock.get', { campaignId })).daylight).toMatchObject({ sunrise: '04:30', sunset: '19:30' })
  })
})

describe('CLK-14: the players read the road as they know it', () => {
  it('their screen shows the legs, where they are, day or night and the weather line; never thresholds or tables', async () => {
    const campaignId = await osrParty('players')
    const table = await gm(core, 'encounterTable.create', { campaignId, name: 'Marsh horrors', dice: '1d6', rows: [{ min: 1, max: 6, text: 'Bog wight' }] })
    await gm(core, 'journey.plan', { campaignId, toName: 'Glimmerford', legs: [...legs.slice(0, 2), { ...legs[2]!, tableId: table.id }] })
    await gm(core, 'journey.setOut', { campaignId, journeyId: (await gm(core, 'journey.get', { campaignId })).current!.id })
    await gm(core, 'journey.weather', { campaignId, weather: 'Drizzle from the west' })
    await gm(core, 'journey.travel', { campaignId, until: 'camp' })
    const view = await playerView(core.deps, campaignId)
    expect(view.journey).toMatchObject({ to: 'Glimmerford', legs: [{ terrain: 'road', length: 3, unit: 'miles' }, { terrain: 'forest', length: 1, unit: 'miles' }, { terrain: 'marsh', length: 2, unit: 'miles' }], weather: 'Drizzle from the west' })
    expect(view.daylight).toMatch(/^(day|night)$/)
    expect(JSON.stringify(view)).not.toMatch(/threshold|Marsh horrors|tableId/)
    const told = await all<{ kind: string; audience: string; payload: string; players: string | null }>(core, "select kind, audience, payload, players from log_entry where campaign_id = ? and kind like 'clock.%journey%'", campaignId)
    expect(told.length).toBeGreaterThan(3)
    for (const e of told) {
      expect(e.audience, e.kind).not.toBe('gm')
      expect(e.audience === 'players' ? e.players : e.payload, e.kind).not.toMatch(/threshold|tableId|"checks"/)
    }
  })
})

describe('CLK-14: the recap tells the journey', () => {
  /** The recap's Journey section, from its heading to the next section. */
  const section = (markdown: string) => /\n## Journey\n([\s\S]*?)\n## /.exec(markdown)?.[1] ?? ''

  it('leg by leg: when each was walked, the camp and where it was made, what was met where and how far off, the arrival; the same for the players, never a threshold', async () => {
    const { campaignId, session } = await sessionOnTheRoad('recap', 'The road')
    await travelOn(campaignId, 'arrival', (c) => c.journey?.arrived === true)
    const gmRecap = (await gm(core, 'recap.session', { sessionId: session.id, variant: 'gm' })).markdown
    const playersRecap = (await gm(core, 'recap.session', { sessionId: session.id, variant: 'players' })).markdown
    // CLK-1: the session began where the clock stood, the campaign's start.
    expect(gmRecap).toContain('game_time_from: Day 1 · 06:00')
    const told = section(gmRecap)
    expect(told).toContain('### To Glimmerford')
    expect(told).toMatch(/3 legs done · Day 1 → Day 2 · 1 camp · [1-9]\d* met on the way · arrived at Glimmerford/)
    // OSR-7 and CLK-15: 3 miles at 600 ft a turn is 26.4 turns; the forest's mile at 60 ft a turn is cut by
    // the end of the marching day (06:00 + 8 h) at mile 0.8, and walked on from first light.
    expect(told).toContain('- Leg 1 · road: Day 1 · 06:00 → 08:12')
    expect(told).toContain('- Leg 2 · forest: Day 1 · 08:12 → Day 2 · 07:32')
    expect(told).toContain('camp at mile 0.8, 14:00 → Day 2 · 06:00')
    expect(told).toMatch(/- Leg 3 · marsh: Day 2 · 07:32 → 09:00/)
    expect(told).toMatch(/met on the road at mile [\d.]+, \d+ ft off \(\d\d:\d\d\)/)
    expect(told).toContain('- Arrived at Glimmerford: Day 2 · 09:00')
    // As many told met on the road and in camp as the road's own entries.
    const met = (await gm(core, 'log.list', { campaignId, kind: 'clock.event.journey-met' })).length
    expect(told).toContain(`${met} met on the way`)
    expect(gmRecap).toMatch(new RegExp(`Journey: 3 legs done, 1 camp, ${met} met on the way; arrives at Glimmerford`))
    // The players read the same road, from their own entries: no threshold, no check's die.
    expect(section(playersRecap)).toBe(told)
    expect(playersRecap).not.toMatch(/\(1[89]\+\)|\(20\+\)|Encounter checks|d20/)
  })

  it('a journey across two sessions: the second tells the leg it began on, and what it walked', async () => {
    const { campaignId, glam, session: first } = await sessionOnTheRoad('recap', 'Out')
    await travelOn(campaignId, 'camp', (c) => c.journey?.phase === 'camp')
    await gm(core, 'play.close', { id: first.id })
    const second = await gm(core, 'play.start', { campaignId, title: 'On', attendance: [glam] })
    await travelOn(campaignId, 'arrival', (c) => c.journey?.arrived === true)
    const one = section((await gm(core, 'recap.session', { sessionId: first.id, variant: 'gm' })).markdown)
    const two = section((await gm(core, 'recap.session', { sessionId: second.id, variant: 'gm' })).markdown)
    expect(one).toMatch(/1 leg done · Day 1 · 1 camp/)
    expect(one).toContain('- Leg 2 · forest: Day 1 · 08:12 → still on it')
    expect(one).not.toContain('Arrived')
    expect(two).toMatch(/- Leg 2 · forest: from before this session → Day 2 · 07:32/)
    expect(two).toContain('- Arrived at Glimmerford: Day 2 · 09:00')
  })
})
