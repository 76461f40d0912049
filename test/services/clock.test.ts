import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { all, insert, one, run } from '../support/sql'

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

const HOUR = 3600
const TURN = 300

/** A campaign with PCs and their packs, written straight into the library. */
async function party(system: 'osr' | 'ladder' = 'osr', seed = 'clock-test'): Promise<{ campaignId: number; glam: number; ana: number; item: (name: string) => number }> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system, seed })).id
  const addPc = (name: string) => insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, created_at: 't', updated_at: 't' })
  const glam = await addPc('Glam')
  const ana = await addPc('Ana')
  const add = (characterId: number, name: string, kind: string, quantity: number, details: string) =>
    insert(core, 'inventory_item', { character_id: characterId, name, kind, quantity, details, created_at: 't', updated_at: 't' })
  await add(glam, 'Torches', 'light', 3, '{"type":"torch","oilPints":0}')
  await add(glam, 'Lantern', 'light', 1, '{"type":"lantern","oilPints":2}')
  await add(glam, 'Flask of oil', 'other', 2, '{}')
  await add(glam, 'Rations', 'ration', 3, '{}')
  await add(glam, 'Waterskin', 'water', 4, '{}')
  await add(ana, 'Rations', 'ration', 1, '{}')
  await add(ana, 'Waterskin', 'water', 1, '{}')
  const ids = new Map((await all<{ id: number; name: string }>(core, 'select id, name from inventory_item where character_id = ?', glam)).map((r) => [r.name, r.id]))
  const item = (name: string) => {
    const id = ids.get(name)
    if (id === undefined) throw new Error(`Glam carries no ${name}`)
    return id
  }
  return { campaignId, glam, ana, item }
}

async function quantity(id: number): Promise<number> {
  return (await one<{ quantity: number }>(core, 'select quantity from inventory_item where id = ?', id))!.quantity
}

/** Sets the clock to a time of day on day 1 by advancing from midnight in downtime (no checks). */
async function startAt(campaignId: number, hours: number): Promise<void> {
  await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
  if (hours > 0) await gm(core, 'clock.advance', { campaignId, span: { hours } })
}

describe('the clock service', () => {
  it('CLK-1, CLK-2: starts at Day 1 00:00 in exploration; only the GM moves it', async () => {
    const { campaignId } = await party()
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock).toMatchObject({ time: 0, day: 1, timeOfDay: '00:00', mode: 'exploration', turn: 0, roundSeconds: 5, dark: true, undo: null })
    expect(clock.provisions.map((p) => [p.name, p.foodDays, p.waterPints])).toEqual([['Glam', 3, 4], ['Ana', 1, 1]])
    // What the lights panel can offer from the party's packs.
    expect(clock.supplies.map((s) => [s.name, s.use, s.type, s.quantity, s.oilPints])).toEqual([
      ['Torches', 'light', 'torch', 3, null],
      ['Lantern', 'light', 'lantern', 1, 2],
      ['Lantern', 'oil', 'lantern', 1, 2],
      ['Flask of oil', 'oil', 'flask', 2, 2],
    ])
  })

  it('CLK-4: a light handed to an NPC is named by its new holder, though the clock reads only the names it needs; an NPC’s own pack is not offered', async () => {
    const { campaignId, item } = await party()
    const npc = (name: string) => insert(core, 'character', { campaign_id: campaignId, kind: 'npc', name, created_at: 't', updated_at: 't' })
    const hob = await npc('Hob the linkboy')
    for (let i = 0; i < 50; i++) await npc(`Villager ${i}`)
    await insert(core, 'inventory_item', { character_id: hob, name: 'Torches', kind: 'light', quantity: 2, details: '{"type":"torch"}', created_at: 't', updated_at: 't' })
    expect((await gm(core, 'clock.get', { campaignId })).supplies.map((x) => x.characterName)).not.toContain('Hob the linkboy')
    const lit = await gm(core, 'light.light', { campaignId, itemId: item('Torches') })
    const handed = await gm(core, 'light.handOver', { campaignId, lightId: lit.clock.lights[0]!.id, toCharacterId: hob })
    expect(handed.clock.lights.map((l) => l.holderName)).toEqual(['Hob the linkboy'])
    expect(handed.summary).toContain('Hob the linkboy')
    const later = await gm(core, 'clock.advance', { campaignId, span: { minutes: 55 } })
    expect(later.lines.map((l) => l.text).join(' ')).toContain('Hob the linkboy’s torch')
  })

  it('CLK-4: a torch lit at 10:00 is a torch used; it warns at 10:55 and goes out at 11:00, across a 40-round combat from 10:52', async () => {
    const { campaignId, item } = await party()
    await startAt(campaignId, 10)
    await gm(core, 'clock.setMode', { campaignId, mode: 'exploration' })
    const lit = await gm(core, 'light.light', { campaignId, itemId: item('Torches') })
    expect(await quantity(item('Torches'))).toBe(2)
    expect(lit.clock.lights).toMatchObject([{ type: 'torch', holderName: 'Glam', lit: true, burnSecondsLeft: HOUR, fullSeconds: HOUR }])
    expect(lit.clock.dark).toBe(false)

    await gm(core, 'clock.advance', { campaignId, span: { minutes: 52 } })
    await gm(core, 'clock.startCombat', { campaignId })
    const lines: string[] = []
    for (let r = 0; r < 40; r++) lines.push(...(await gm(core, 'clock.nextRound', { campaignId })).lines.map((l) => l.text))
    expect(lines).toEqual(['Day 1 · 10:55: Glam’s torch has 5 min left'])
    const ended = await gm(core, 'clock.endCombat', { campaignId })
    expect(ended.clock).toMatchObject({ mode: 'exploration', timeOfDay: '10:55', round: 0 })
    expect(ended.clock.time).toBe(10 * HOUR + 55 * 60 + 20)

    const on = await gm(core, 'clock.advance', { campaignId, span: { minutes: 5 } })
    expect(on.lines.map((l) => l.text)).toContain('Day 1 · 11:00: Glam’s torch went out')
    expect(on.clock.dark).toBe(true)
    const kinds = (await gm(core, 'log.list', { campaignId, limit: 5 })).map((e) => e.kind)
    expect(kinds).toContain('clock.event.light-out')
  })

  it('CLK-4: a lantern with 2 pints burns 10 hours, and its item’s oil follows the burning', async () => {
    const { campaignId, item } = await party()
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'light.light', { campaignId, itemId: item('Lantern') })
    const after = await gm(core, 'clock.advance', { campaignId, span: { hours: 4 } })
    expect(after.clock.lights[0]?.oilPints).toBeCloseTo(1.2, 10)
    const details = async () => JSON.parse((await one<{ details: string }>(core, 'select details from inventory_item where id = ?', item('Lantern')))!.details)
    expect((await details()).oilPints).toBe(1.2)
    const out = await gm(core, 'clock.advance', { campaignId, until: ['light out'], within: { hours: 12 } })
    expect(out.stopped).toEqual({ kind: 'light out', at: 10 * HOUR })
    expect((await details()).oilPints).toBe(0)
    // Refilled from a flask: one pint, one flask used.
    const refilled = await gm(core, 'light.refill', { campaignId, lightId: out.clock.lights[0]!.id, fromItemId: item('Flask of oil') })
    expect(refilled.clock.lights[0]?.oilPints).toBe(1)
    expect(await quantity(item('Flask of oil'))).toBe(1)
  })

  it('CLK-5: rations and water are eaten at the day boundary crossed during an 8-hour rest; running out is logged', async () => {
    const { campaignId, item, ana } = await party()
    await startAt(campaignId, 20) // 20:00, resting until 04:00
    const rest = await gm(core, 'clock.advance', { campaignId, span: { hours: 8 } })
    expect(rest.clock.timeOfDay).toBe('04:00')
    expect(rest.lines.map((l) => l.text)).toEqual([
      'Day 2 begins',
      'Glam ate 1 ration (2 left); drank 1 pint (3 left)',
      'Ana ate the last ration; drank the last water',
    ])
    expect(await quantity(item('Rations'))).toBe(2)
    expect(await quantity(item('Waterskin'))).toBe(3)
    const anaRations = (await one<{ quantity: number }>(core, "select quantity from inventory_item where character_id = ? and kind = 'ration'", ana))!
    expect(anaRations.quantity).toBe(0)
    expect(rest.clock.provisions.find((p) => p.name === 'Ana')).toMatchObject({ foodDays: 0, waterPints: 0, daysLeft: 0 })
  })

  it('CLK-3: each turn boundary rolls a logged d20; "until something happens" stops at the first encounter', async () => {
    // A seed whose step dice roll no 20 on the first two turns and a 20 on the third.
    let seed = ''
    for (let i = 0; ; i++) {
      const d = seededDice(`find-${i}#1`)
      const faces = [d.roll(20), d.roll(20), d.roll(20)]
      if (faces[0] !== 20 && faces[1] !== 20 && faces[2] === 20) {
        seed = `find-${i}`
        break
      }
    }
    const { campaignId } = await party('osr', seed)
    const r = await gm(core, 'clock.advance', { campaignId, until: ['encounter', 'light out', 'timer', 'new day'] })
    expect(r.stopped).toEqual({ kind: 'encounter', at: 3 * TURN })
    expect(r.clock.time).toBe(3 * TURN)
    expect(r.encounter).toMatchObject({ face: 20, place: 'enclosed' })
    expect(r.encounter!.distanceFeet % 5).toBe(0) // OSR-12: 1d20 × 5 ft in an enclosed place
    const [found, step] = await gm(core, 'log.list', { campaignId, limit: 2 })
    expect(found?.kind).toBe('clock.event.encounter-check')
    expect(step?.kind).toBe('clock.advanced')
    // DICE-3: the step's entry lists every face: three checks and the distance die.
    expect(step?.dice?.map((f) => f.sides)).toEqual([20, 20, 20, 20])
    expect((step?.payload.checks as unknown[]).length).toBe(3)
  })

  it('undoes the last step exactly, marking its log entries undone, and refuses when an item changed since', async () => {
    const { campaignId, item } = await party()
    await gm(core, 'light.light', { campaignId, itemId: item('Torches') })
    const before = await gm(core, 'clock.get', { campaignId })
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    const moved = await gm(core, 'clock.advance', { campaignId, span: { hours: 30 } })
    expect(moved.clock.day).toBe(2)
    expect(await quantity(item('Rations'))).toBe(2)

    const undone = await gm(core, 'clock.undo', { campaignId })
    expect(undone.summary).toBe('Undone: Advanced 30 hours to Day 2 · 06:00')
    expect(await quantity(item('Rations'))).toBe(3)
    expect(undone.clock.time).toBe(0)
    expect(undone.clock.lights).toEqual(before.lights)
    // The log holds the step struck through; the undo's own entry is the History panel's, not the log's.
    const log = await gm(core, 'log.list', { campaignId, limit: 20 })
    expect(log.some((e) => e.kind === 'clock.undone')).toBe(false)
    expect(log.filter((e) => e.kind.startsWith('clock.event.') || e.kind === 'clock.advanced').every((e) => e.undone)).toBe(true)

    await gm(core, 'clock.undo', { campaignId }) // the mode change
    // The torch step changed the stack; a GM edit since makes its undo unsafe.
    await run(core, 'update inventory_item set quantity = 10 where id = ?', item('Torches'))
    const err = await refused(core, 'clock.undo', { campaignId })
    expect(err.code).toBe('conflict')
    expect(err.message).toMatch(/cannot be undone: the item “Torches” has been changed since/)
    expect(await quantity(item('Torches'))).toBe(10)
  })

  it('refuses what the rules do not allow, in plain words, and changes nothing', async () => {
    const { campaignId, item } = await party()
    expect((await refused(core, 'clock.nextRound', { campaignId })).message).toMatch(/no combat/i)
    expect((await refused(core, 'clock.advance', { campaignId, span: { turns: 0 } })).details[0]?.field).toMatch(/span/)
    expect((await refused(core, 'clock.advance', { campaignId })).message).toMatch(/either a span or what to stop at/)
    expect((await refused(core, 'light.light', { campaignId, itemId: item('Rations') })).message).toMatch(/not a light source/)
    expect((await refused(core, 'clock.undo', { campaignId })).message).toMatch(/nothing on the clock to undo/)
    await gm(core, 'clock.startCombat', { campaignId })
    expect((await refused(core, 'clock.advance', { campaignId, span: { turns: 1 } })).message).toMatch(/in combat/)
    expect((await gm(core, 'clock.get', { campaignId })).time).toBe(0)
  })

  it('LAD-12: a Ladder campaign’s rounds take its setting (20 s by default)', async () => {
    const { campaignId } = await party('ladder')
    await gm(core, 'setting.set', { campaignId, key: 'ladder.roundSeconds', value: 15 })
    await gm(core, 'clock.startCombat', { campaignId })
    const r = await gm(core, 'clock.nextRound', { campaignId })
    expect(r.clock).toMatchObject({ time: 15, round: 1, roundSeconds: 15, mode: 'combat' })
  })

  it('CLK-6: a hidden timer fires once when the clock reaches it and is logged GM-only', async () => {
    const { campaignId } = await party()
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'timer.add', { campaignId, label: 'The cast window closes', after: { minutes: 20 }, hiddenFromPlayers: true })
    const r = await gm(core, 'clock.advance', { campaignId, until: ['timer'] })
    expect(r.stopped).toEqual({ kind: 'timer', at: 20 * 60 })
    expect(r.clock.timers).toEqual([])
    const [fired] = await gm(core, 'log.list', { campaignId, kind: 'clock.event.timer' })
    expect(fired).toMatchObject({ gmOnly: true, gameTime: 1200 })
    // Setting it was secret too: its label must not reach the players' recap (OSR-22).
    const [set] = await gm(core, 'log.list', { campaignId, kind: 'clock.timer-set' })
    expect(set?.gmOnly).toBe(true)
  })
})

describe('OSR-13: the reaction after an encounter', () => {
  it('shows exact odds before the roll, then rolls d6 + spirit with the campaign dice and logs the face', async () => {
    const { campaignId } = await party('osr', 'reaction-seed')
    const odds = await gm(core, 'encounter.reactionOdds', { spirit: 1 })
    expect(odds.hostile).toBeCloseTo(1 / 6, 12) // a 1: 1 + 1 = 2
    expect(odds.uncertain).toBeCloseTo(2 / 6, 12)
    expect(odds.friendly).toBeCloseTo(3 / 6, 12)
    const r = await gm(core, 'encounter.reaction', { campaignId, spirit: 1, who: 'Glam' })
    const face = seededDice('reaction-seed#1').roll(6)
    expect(r).toMatchObject({ face, total: face + 1, reaction: face + 1 <= 2 ? 'hostile' : face + 1 <= 4 ? 'uncertain' : 'friendly' })
    const [logged] = await gm(core, 'log.list', { campaignId, kind: 'encounter.reaction' })
    expect(logged?.dice).toEqual([{ sides: 6, face }])
  })
})

describe('where the party is (OSR-12, and the tables an encounter is rolled on)', () => {
  it('sets the place from the location, offers its tables and its surroundings’, and undoes exactly', async () => {
    const { campaignId } = await party()
    const hills = await gm(core, 'location.create', { campaignId, name: 'Brigand Hills', kind: 'open' })
    const camp = await gm(core, 'location.create', { campaignId, name: 'Brigand Camp', kind: 'open', parentId: hills.id })
    const keep = await gm(core, 'location.create', { campaignId, name: 'Sunken Keep', kind: 'enclosed' })
    const rows = [{ min: 1, max: 20, text: 'Brigands' }]
    await gm(core, 'encounterTable.create', { campaignId, name: 'Hill wanderers', dice: '1d20', locationId: hills.id, rows })
    await gm(core, 'encounterTable.create', { campaignId, name: 'Camp guards', dice: '1d6', locationId: camp.id, rows: [{ min: 1, max: 6, text: 'Guards' }] })
    await gm(core, 'encounterTable.create', { campaignId, name: 'Keep denizens', dice: '1d6', locationId: keep.id, rows: [{ min: 1, max: 6, text: 'Rats' }] })

    const atCamp = await gm(core, 'clock.setEncounter', { campaignId, locationId: camp.id })
    expect(atCamp.clock.location).toEqual({ id: camp.id, name: 'Brigand Camp', kind: 'open' })
    expect(atCamp.clock.encounters.place).toBe('open')
    expect(atCamp.clock.tables.map((t) => t.name)).toEqual(['Camp guards', 'Hill wanderers'])
    expect(atCamp.summary).toBe('Encounter on 20 in Brigand Camp, open place')

    const inKeep = await gm(core, 'clock.setEncounter', { campaignId, locationId: keep.id })
    expect(inKeep.clock).toMatchObject({ location: { name: 'Sunken Keep' }, encounters: { place: 'enclosed' } })
    expect(inKeep.clock.tables.map((t) => t.name)).toEqual(['Keep denizens'])

    const back = await gm(core, 'clock.undo', { campaignId })
    expect(back.clock.location?.name).toBe('Brigand Camp')
    expect(back.clock.encounters.place).toBe('open')
    expect((await gm(core, 'clock.get', { campaignId })).tables.map((t) => t.name)).toEqual(['Camp guards', 'Hill wanderers'])

    expect((await refused(core, 'clock.setEncounter', { campaignId, locationId: 999 })).details).toEqual([{ field: 'locationId', problem: 'not in this campaign' }])
  })
})

describe('CLK-8: injuries mend as the clock passes their times', () => {
  it('LAD-20: a Wound taken on day 1 heals 7 days later, logged; undo brings it back', async () => {
    const { campaignId, glam } = await party('ladder')
    const wound = await gm(core, 'injury.record', { characterId: glam, kind: 'ladder.damage', level: 'wounded', location: 'arm' })
    expect(wound.healsAt).toBe(7 * 24 * HOUR)
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    const week = await gm(core, 'clock.advance', { campaignId, span: { days: 6 } })
    expect(week.lines.some((l) => /heals/.test(l.text))).toBe(false)
    const healed = await gm(core, 'clock.advance', { campaignId, span: { days: 2 } })
    expect(healed.lines.map((l) => l.text)).toContainEqual(expect.stringMatching(/^Day 8 · 00:00: Glam’s .* — heals$/))
    expect((await gm(core, 'injury.list', { campaignId, characterId: glam }))[0]).toMatchObject({ healed: true, healedAt: 7 * 24 * HOUR })
    await gm(core, 'clock.undo', { campaignId })
    expect((await gm(core, 'injury.list', { campaignId, characterId: glam }))[0]).toMatchObject({ healed: false })
  })

  it('OSR-20: a resting character heals 1d2 H per full day of rest into their sheet; a night is not a day', async () => {
    const { campaignId, glam, ana } = await party('osr', 'rest-seed')
    await run(core, 'update character set sheet = ? where id = ?', JSON.stringify({ level: 1, h: 2, maxH: 7 }), glam)
    const h = async () => (JSON.parse((await one<{ sheet: string }>(core, 'select sheet from character where id = ?', glam))!.sheet) as { h: number }).h
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    const resting = await gm(core, 'clock.rest', { campaignId, characterId: glam, resting: true })
    expect(resting.clock.rest).toEqual([{ characterId: glam, name: 'Glam', h: 2, maxH: 7, restingSince: 0 }])
    await gm(core, 'clock.advance', { campaignId, span: { hours: 8 } })
    expect(await h()).toBe(2) // OSR-20: only full days of rest heal
    await gm(core, 'clock.advance', { campaignId, span: { hours: 64 } }) // to the end of day 3: three full days
    // The advance was the campaign's second roll: its dice are seeded `rest-seed#2`; each day heals ⌈d6 / 3⌉ (DICE-1).
    const dice = seededDice('rest-seed#2')
    let expected = 2
    for (let day = 0; day < 3; day++) expected = Math.min(7, expected + Math.ceil(dice.roll(6) / 3))
    expect(await h()).toBe(expected)
    const [logged] = await gm(core, 'log.list', { campaignId, kind: 'clock.event.natural-healing' })
    expect(logged?.payload.text).toMatch(/Glam healed [12] H/)
    await gm(core, 'clock.undo', { campaignId })
    expect(await h()).toBe(2)
    // Ana has lost no H (her sheet is blank: 0 of 0): nothing for rest to heal.
    expect((await refused(core, 'clock.rest', { campaignId, characterId: ana, resting: true })).message).toMatch(/^Ana has no lost hardiness/)
  })
})

describe('CLK-1: what is recorded without a time of its own is stamped with the clock’s time', () => {
  it('notes, ledger entries, injuries and table rolls made at Day 1 · 02:00 carry that game time', async () => {
    const { campaignId, glam } = await party('ladder')
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { hours: 2 } })
    const note = await gm(core, 'log.note', { campaignId, text: 'The bridge is out.' })
    const earned = await gm(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'pp', amount: 1, reason: 'bravery' })
    const wound = await gm(core, 'injury.record', { characterId: glam, kind: 'ladder.damage', level: 'wounded', location: 'leg' })
    const table = await gm(core, 'encounterTable.create', { campaignId, name: 'Road', dice: '1d6', rows: [{ min: 1, max: 6, text: 'Bandits' }] })
    await gm(core, 'encounterTable.roll', { id: table.id })
    expect([note.gameTime, earned.gameTime, wound.takenAt]).toEqual([2 * HOUR, 2 * HOUR, 2 * HOUR])
    expect(wound.healsAt).toBe(2 * HOUR + 7 * 24 * HOUR) // LAD-20 counts from when it was taken
    const [rolled] = await gm(core, 'log.list', { campaignId, kind: 'encounter.rolled' })
    expect(rolled?.gameTime).toBe(2 * HOUR)
    // A time the GM gives still wins.
    expect((await gm(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'pp', amount: 1, reason: 'earlier', gameTime: 60 })).gameTime).toBe(60)
  })
})
