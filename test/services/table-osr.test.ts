/**
 * The old-school table's rolls through the real router on a real SQLite file: odds equal the
 * engine's for the same inputs (DICE-2), the faces logged are the ones the campaign's seeded dice
 * threw (DICE-3), harm lands on H with its injuries (OSR-19), and refusals change nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice, type Dice } from '../../src/main/engines/dice'
import { checkOdds, rollCheck, rollIsItSo, rollSave, rollShot, rollStrike, saveOdds, shotOdds, strikeOdds } from '../../src/main/engines/osr'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { one } from '../support/sql'

const SEED = 'sunken-keep'
const TABLES = ['character', 'injury', 'log_entry', 'osr_step', 'osr_table'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let glam: number
let chief: number
let dagger: number

/** The dice the campaign's next roll will use: roll n takes `${seed}#${n}`. */
async function nextDice(): Promise<Dice> {
  const { n } = (await one<{ n: number }>(core, 'select dice_counter as n from campaign where id = ?', campaignId))!
  return seededDice(`${SEED}#${n + 1}`)
}

async function sheetOf(id: number): Promise<{ h: number; maxH: number; prepared: string[] }> {
  const row = (await one<{ sheet: string }>(core, 'select sheet from character where id = ?', id))!
  return JSON.parse(row.sheet) as { h: number; maxH: number; prepared: string[] }
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr', seed: SEED })).id
  // The seed's Glam (L1, B −1) and the brigand chief (L2, M +1, H 7, chainmail +3): OSR-15's example.
  glam = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4, options: [] } })).id
  chief = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Brigand Chief', sheet: { level: 2, B: 0, M: 1, S: 0, h: 7, maxH: 7, options: [] } })).id
  dagger = (await gm(core, 'inventory.add', { characterId: glam, name: 'Dagger', kind: 'weapon', valueGp: 3, details: { weaponClass: 'short' } })).id
  await gm(core, 'inventory.add', { characterId: chief, name: 'Chainmail', kind: 'armour', valueGp: 45, details: { modifier: 3 } })
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('checks, saves and "is it so?" (OSR-3, OSR-8, OSR-10, OSR-11)', () => {
  it('a check in the dark takes −5 (OSR-8): the odds are the engine’s, and the logged face is the die the seed threw', async () => {
    const roll = { what: 'check' as const, characterId: glam, ability: 'B' as const }
    const odds = await gm(core, 'osr.odds', { campaignId, roll })
    // No light is lit on the clock, so the party is in darkness.
    expect(odds).toMatchObject({ what: 'check', modifier: -6, parts: [{ label: 'B', value: -1 }, { label: 'Darkness', value: -5 }], target: 10 })
    expect(odds).toMatchObject(checkOdds({ modifier: -6 }))

    const expected = rollCheck(await nextDice(), { modifier: -6 })
    const result = await gm(core, 'osr.roll', { campaignId, roll })
    expect(result.rolls[0]).toMatchObject({ natural: expected.natural, total: expected.total, success: expected.success })
    expect(result.faces).toEqual([{ sides: 20, face: expected.natural }])
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ id: result.logEntryId, kind: 'osr.check', dice: [{ sides: 20, face: expected.natural }], gmOnly: false })
  })

  it('the GM can say a roll is lit, and a GM-only roll is marked so in the log', async () => {
    const roll = { what: 'check' as const, characterId: glam, ability: 'S' as const, situational: 2, darkness: false }
    expect(await gm(core, 'osr.odds', { campaignId, roll })).toMatchObject({ modifier: 3, ...checkOdds({ modifier: 3 }) })
    const result = await gm(core, 'osr.roll', { campaignId, roll, gmOnly: true })
    expect(result.gmOnly).toBe(true)
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry!.gmOnly).toBe(true)
  })

  it('heightened awareness sees in the dark (OSR-4 e) and adds +1 to finding hidden things', async () => {
    const seer = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Ana', sheet: { level: 1, h: 3, maxH: 3, optionsAllowed: 1, options: ['heightened awareness'] } })).id
    const odds = await gm(core, 'osr.odds', { campaignId, roll: { what: 'check', characterId: seer, activity: 'finding something hidden' } })
    expect(odds).toMatchObject({ modifier: 1, parts: [{ label: 'Heightened awareness', value: 1 }, { label: 'Darkness: sees in the dark', value: 0 }] })
  })

  it('resistance uses the character’s own target (OSR-3) and "is it so?" a d6 (OSR-11)', async () => {
    expect(await gm(core, 'osr.odds', { campaignId, roll: { what: 'save', characterId: glam } })).toEqual({ what: 'save', target: 15, ...saveOdds({ target: 15 }) })
    const save = rollSave(await nextDice(), { target: 15 })
    expect(await gm(core, 'osr.roll', { campaignId, roll: { what: 'save', characterId: glam } })).toMatchObject({ outcome: save.saved ? 'saved' : 'not-saved', rolls: [{ natural: save.natural }] })
    const so = rollIsItSo(await nextDice())
    expect(await gm(core, 'osr.roll', { campaignId, roll: { what: 'is-it-so' } })).toMatchObject({ face: so.face, outcome: so.itIs ? 'it-is' : 'it-is-not', faces: [{ sides: 6, face: so.face }] })
  })
})

describe('strikes and shots (OSR-15 … OSR-18)', () => {
  const strikeInput = { attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3, weapon: 'short' as const, advanced: false, monstrousForm: 0, backstab: false }

  it('computes the strike from both sheets and the armour worn: Glam needs a natural 15 (OSR-15)', async () => {
    const odds = await gm(core, 'osr.odds', { campaignId, roll: { what: 'strike', characterId: glam, targetId: chief, weaponId: dagger, darkness: false } })
    expect(odds).toMatchObject({ what: 'strike', modifier: -5, rolls: 1, harmDice: '1d3', defender: { name: 'Brigand Chief', h: 7, maxH: 7 } })
    const engine = strikeOdds({ ...strikeInput, situational: 0 })
    expect(odds).toMatchObject({ hit: engine.hit, spectacularSuccess: engine.spectacularSuccess })
    if (odds.what !== 'strike') throw new Error('not a strike')
    expect(Object.fromEntries(odds.totalHarm)).toEqual(engine.totalHarm)
    expect(odds.parts.map((p) => p.label)).toEqual(['Glam’s B', 'Brigand Chief’s M', 'Armour (Chainmail)', 'Level 1 bonus'])
  })

  it('a strike’s harm lands on the defender’s H, with its faces in the log (DICE-3)', async () => {
    // Rolls until the seeded dice give a hit, each compared with the engine’s own roll of the same dice.
    let h = 7
    for (let i = 0; i < 20 && h === 7; i++) {
      const expected = rollStrike(await nextDice(), { ...strikeInput, situational: 0 })
      const result = await gm(core, 'osr.roll', { campaignId, roll: { what: 'strike', characterId: glam, targetId: chief, weaponId: dagger, darkness: false } })
      expect(result.faces.map((f) => f.face)).toEqual(expected.faces)
      expect(result.totalHarm).toBe(expected.totalHarm)
      h -= expected.totalHarm
      expect((await sheetOf(chief)).h).toBe(h)
      if (expected.hits > 0) expect(result.harmed).toMatchObject({ name: 'Brigand Chief', before: { h: 7 }, after: { h } })
    }
    expect(h).toBeLessThan(7)
  })

  it('a shot: M − ⌊distance / accuracy⌋; a thrown rock at 50 ft is −5 for Glam (OSR-18)', async () => {
    const roll = { what: 'shot' as const, characterId: glam, targetId: null, distanceFt: 50, darkness: false }
    const input = { attackerM: 0, attackerB: -1, distanceFt: 50, accuracyFt: 9, weapon: 'limb' as const, advanced: false, situational: 0, loaded: true }
    const odds = await gm(core, 'osr.odds', { campaignId, roll })
    expect(odds).toMatchObject({ what: 'shot', modifier: -5, accuracyFt: 9, rangePenalty: 5, hit: shotOdds(input).hit })
    const expected = rollShot(await nextDice(), input)
    expect((await gm(core, 'osr.roll', { campaignId, roll })).faces.map((f) => f.face)).toEqual(expected.faces)
  })

  it('refuses a strike by the incapacitated or at the dead, before any die is thrown (OSR-19)', async () => {
    await gm(core, 'osr.harm', { campaignId, characterId: glam, harm: 4, blow: false })
    expect((await refused(core, 'osr.odds', { campaignId, roll: { what: 'strike', characterId: glam, targetId: chief } })).message).toBe(
      'Glam is incapacitated (H 0) and cannot act until H rises above 0 (OSR-19). Nothing was rolled.',
    )
    await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 14, blow: false })
    const ana = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Ana', sheet: { level: 1, h: 3, maxH: 3 } })).id
    expect((await refused(core, 'osr.roll', { campaignId, roll: { what: 'strike', characterId: ana, targetId: chief } })).message).toBe(
      'The target is dead (maximum H 0, OSR-19): choose another. Nothing was rolled.',
    )
  })

  it('refuses a weapon the attacker does not carry, and writes nothing', async () => {
    const before = await rowCounts(core, TABLES)
    const counter = await one(core, 'select dice_counter as n from campaign where id = ?', campaignId)
    const err = await refused(core, 'osr.roll', { campaignId, roll: { what: 'strike', characterId: glam, targetId: chief, weaponId: 9999 } })
    expect(err.message).toBe('Glam carries no weapon with id 9999; pick one of their weapons, or a natural limb.')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect(await one(core, 'select dice_counter as n from campaign where id = ?', campaignId)).toEqual(counter)
  })
})

describe('harm (OSR-19) and undo', () => {
  it('half the maximum in one blow breaks a limb; H below 0 costs maximum H; maximum H 0 is death', async () => {
    const broken = await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 4, cause: 'a falling portcullis' })
    expect(broken).toMatchObject({ before: { h: 7, maxH: 7 }, after: { h: 3, maxH: 7 }, limb: 'broken', incapacitated: false })
    expect(broken.injuries.map((i) => i.label)).toEqual(['Broken limb'])
    const under = await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 5, blow: false })
    expect(under).toMatchObject({ after: { h: -2, maxH: 5 }, incapacitated: true, limb: 'none' })
    expect(under.injuries.map((i) => i.label)).toEqual(['Maximum H −2'])
    const dead = await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 5, blow: false })
    expect(dead).toMatchObject({ after: { h: -7, maxH: 0 }, dead: true })
    expect((await gm(core, 'character.get', { id: chief })).status).toBe('dead')
    const err = await refused(core, 'osr.harm', { campaignId, characterId: chief, harm: 1 })
    expect(err.message).toMatch(/^Brigand Chief is dead \(maximum H 0, OSR-19\)/)
  })

  it('undo puts H back, removes the injuries the harm recorded and marks its log entries undone', async () => {
    const before = await rowCounts(core, ['injury'])
    await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 7 })
    expect(await sheetOf(chief)).toMatchObject({ h: 0, maxH: 7 })
    expect((await rowCounts(core, ['injury'])).injury).toBe(before.injury! + 1) // severed: the whole maximum in one blow
    const { undone, view } = await gm(core, 'osr.undo', { campaignId })
    expect(undone).toBe('Brigand Chief took 7 H')
    expect(view.lastStep).toBeNull()
    expect(await sheetOf(chief)).toMatchObject({ h: 7, maxH: 7 })
    expect(await rowCounts(core, ['injury'])).toEqual(before)
    // The log holds what was taken back, struck through; the undo's own entry is the History panel's.
    const log = await gm(core, 'log.list', { campaignId, limit: 2 })
    expect(log.map((e) => [e.kind, e.undone])).toEqual([
      ['injury.recorded', true],
      ['osr.harm', true],
    ])
    expect((await refused(core, 'osr.undo', { campaignId })).message).toBe('There is nothing at the table to undo.')
  })

  it('refuses to undo over a sheet changed since, naming it', async () => {
    await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 1 })
    await gm(core, 'character.update', { id: chief, notes: 'now wary' })
    const err = await refused(core, 'osr.undo', { campaignId })
    expect(err.message).toBe('“Brigand Chief took 1 H” cannot be undone: Brigand Chief’s sheet has been changed since. Change it back by hand if you need to; nothing was undone.')
    expect((await sheetOf(chief)).h).toBe(6)
  })
})

describe('a character at the table (OSR-1 … OSR-4, OSR-15, OSR-16)', () => {
  it('reads the sheet, the armour worn (the best carried) and the weapons with their harm', async () => {
    await gm(core, 'inventory.add', { characterId: chief, name: 'Leather', kind: 'armour', valueGp: 5, details: { modifier: 1 } })
    await gm(core, 'inventory.add', { characterId: chief, name: 'Heavy crossbow', kind: 'weapon', valueGp: 70, details: { weaponClass: 'long', ranged: true, advanced: true } })
    const f = await gm(core, 'osr.fighter', { characterId: chief })
    expect(f).toMatchObject({ name: 'Brigand Chief', kind: 'npc', level: 2, M: 1, h: 7, maxH: 7, armour: { modifier: 3, item: 'Chainmail' }, resistanceTarget: 14, monstrousForm: 0 })
    expect(f.weapons).toEqual([expect.objectContaining({ name: 'Heavy crossbow', weaponClass: 'long', ranged: true, advanced: true, harm: '2d6+2' })])
    expect((await gm(core, 'osr.fighter', { characterId: glam })).weapons).toEqual([expect.objectContaining({ id: dagger, harm: '1d3' })])
  })
})

describe('undo and the log (issue 9)', () => {
  it('a roll already undone from the log is passed over by the table’s undo', async () => {
    await gm(core, 'osr.harm', { campaignId, characterId: chief, harm: 1 })
    await gm(core, 'osr.roll', { campaignId, roll: { what: 'check' } })
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'osr.state', { campaignId })).lastStep).toEqual({ action: 'harm', summary: 'Brigand Chief took 1 H' })
    expect((await gm(core, 'osr.undo', { campaignId })).undone).toBe('Brigand Chief took 1 H')
    expect((await sheetOf(chief)).h).toBe(7)
  })
})

describe('the table refuses what is not old-school', () => {
  it('another system’s campaign has no old-school rolls', async () => {
    const ladder = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })).id
    expect((await refused(core, 'osr.odds', { campaignId: ladder, roll: { what: 'is-it-so' } })).message).toBe(
      'This campaign does not play the old-school core, so its table has no old-school rolls.',
    )
  })
})
