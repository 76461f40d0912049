/**
 * One combat at the old-school table (CLK-2, OSR-14): the clock's combat is the tracker's, whichever
 * screen starts it, plays a round or ends it; an encounter's row becomes foes (OSR-2 H for each); a
 * foe typed at the table is struck, harmed and saved as an NPC. Real router, real SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { rollInitiative, rollMaximumHardiness } from '../../src/main/engines/osr'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { one } from '../support/sql'

const SEED = 'one-combat'
let lib: TempLibrary
let core: Core
let campaignId: number
let glam: number
let chief: number

const counter = async () => (await one<{ n: number }>(core, 'select dice_counter as n from campaign where id = ?', campaignId))!.n
const table = () => gm(core, 'osr.state', { campaignId })
const clockNow = () => gm(core, 'clock.get', { campaignId })

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Brigand Hills', system: 'osr', seed: SEED })).id
  glam = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4 } })).id
  chief = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Brigand Chief', sheet: { level: 2, B: 0, M: 1, S: 0, h: 7, maxH: 7 } })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('the tracker follows the clock (CLK-2, OSR-14)', () => {
  it('CLK-2: starting combat on the clock bar starts the tracker with the party; R plays the round with its initiative; the rounds agree', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    expect((await table()).combat).toMatchObject({ round: 0, clockRound: 0, needsInitiative: false })
    expect((await table()).combat!.combatants.map((c) => c.name)).toEqual(['Glam'])
    await gm(core, 'osr.combat.join', { campaignId, characterId: chief, side: 'foes' })
    for (let round = 1; round <= 3; round++) {
      // OSR-14: every combatant's d20 comes from the round's one roll of the campaign's dice (DICE-3).
      const taken = await counter()
      const expected = rollInitiative(seededDice(`${SEED}#${taken + 1}`), { round, combatants: [{ id: String(glam), M: 0 }, { id: String(chief), M: 1 }] })
      await gm(core, 'clock.nextRound', { campaignId })
      expect(await counter()).toBe(taken + 1)
      const view = await table()
      expect(view.combat).toMatchObject({ round, clockRound: round, initiativeRound: round, needsInitiative: false })
      expect(view.combat!.order).toEqual(expected.order.map((s) => ({ total: s.total, characterIds: s.ids.map(Number) })))
      expect((await clockNow()).round).toBe(round)
    }
  })

  it('CLK-2: rounds played from the tracker and from the clock bar count the same rounds', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    expect((await table()).combat!.round).toBe(1)
    await gm(core, 'osr.round', { campaignId })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'osr.round', { campaignId })
    const view = await table()
    expect(view.combat).toMatchObject({ round: 4, clockRound: 4, initiativeRound: 4 })
    expect(await clockNow()).toMatchObject({ mode: 'combat', round: 4, time: 20 })
  })

  it('CLK-2: End on the clock bar ends the fight at the table too, in one step, with who is standing', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    await gm(core, 'clock.endCombat', { campaignId })
    expect((await table()).combat).toBeNull()
    expect((await clockNow()).mode).toBe('exploration')
    const [ended] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'osr.combat.ended' })
    expect(ended!.payload).toMatchObject({ rounds: 1, seconds: 5, standing: [{ name: 'Glam', h: 4 }, { name: 'Brigand Chief', h: 7 }] })
    // A new fight starts clean: nothing of the last one comes back.
    await gm(core, 'clock.startCombat', { campaignId })
    expect((await table()).combat!.combatants.map((c) => c.name)).toEqual(['Glam'])
  })

  it('CLK-2: End at the tracker ends the clock’s combat too, leaving the clock where the rounds took it', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    await gm(core, 'clock.nextRound', { campaignId })
    const ended = await gm(core, 'osr.combat.end', { campaignId })
    expect(ended.combat).toBeNull()
    expect(await clockNow()).toMatchObject({ mode: 'exploration', time: 10, round: 0 })
    expect((await refused(core, 'osr.round', { campaignId })).message).toMatch(/no combat under way/)
  })

  it('CLK-2: undoing the clock’s round takes the round’s initiative back with it', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    const before = (await table()).combat!.order
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.undo', { campaignId })
    expect((await clockNow()).round).toBe(1)
    expect((await table()).combat).toMatchObject({ round: 1, initiativeRound: 1, order: before })
  })
})

describe('foes met and typed at the table', () => {
  it('OSR-2: an encounter’s “2d4 giant rats” becomes that many foes, each with 1d6 H, at round 0 with the party', async () => {
    const dice = seededDice(`${SEED}#${(await counter()) + 1}`)
    const count = dice.roll(4) + dice.roll(4)
    const hs = Array.from({ length: count }, () => rollMaximumHardiness(dice, { level: 1, S: 0 }).maxH)
    const view = await gm(core, 'osr.combat.start', { campaignId, met: { text: '2d4 giant rats', npcId: null, npcName: null }, firstRound: false })
    expect(view.combat!.round).toBe(0)
    const foes = view.combat!.combatants.filter((c) => c.side === 'foes')
    expect(foes.map((f) => f.name)).toEqual(Array.from({ length: count }, (_, i) => `Giant rats ${i + 1}`))
    expect(foes.map((f) => f.maxH)).toEqual(hs)
    expect(foes.every((f) => f.characterId < 0 && f.foe?.weapon === 'standard')).toBe(true)
    expect(view.combat!.combatants.filter((c) => c.side === 'party').map((c) => c.name)).toEqual(['Glam'])
    expect((await clockNow()).mode).toBe('combat')
  })

  it('OSR-15, OSR-19: a typed foe is struck with its armour and M, harm lands on its H, and it strikes back with its weapon class', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], adHoc: [{ name: 'Ogre', level: 3, B: 2, M: -1, maxH: 12, armour: 2, weapon: 'long' }], firstRound: false })
    const ogre = (await table()).combat!.combatants.find((c) => c.name === 'Ogre')!.characterId
    const odds = await gm(core, 'osr.odds', { campaignId, roll: { what: 'strike', characterId: glam, targetId: ogre, darkness: false } })
    expect(odds).toMatchObject({ what: 'strike', modifier: -1 + 1 - 2 + 0 })
    await gm(core, 'osr.harm', { campaignId, characterId: ogre, harm: 5 })
    expect((await table()).combat!.combatants.find((c) => c.characterId === ogre)).toMatchObject({ h: 7, maxH: 12 })
    const back = await gm(core, 'osr.odds', { campaignId, roll: { what: 'strike', characterId: ogre, targetId: glam, darkness: false } })
    expect(back).toMatchObject({ harmDice: '1d6+1', modifier: 2 - 0 - 0 + 1 })
  })

  it('a typed foe can be saved as an NPC with its numbers, armour and weapon, and fights on as that NPC', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], adHoc: [{ name: 'Ogre', level: 3, B: 2, M: -1, maxH: 12, armour: 2, weapon: 'long' }] })
    const ogre = (await table()).combat!.combatants.find((c) => c.name === 'Ogre')!.characterId
    await gm(core, 'osr.harm', { campaignId, characterId: ogre, harm: 3 })
    const saved = await gm(core, 'osr.combat.foe.save', { campaignId, characterId: ogre })
    const npc = await gm(core, 'character.get', { id: saved.npcId })
    expect(npc).toMatchObject({ kind: 'npc', name: 'Ogre', sheet: expect.objectContaining({ level: 3, B: 2, M: -1, h: 9, maxH: 12 }) })
    expect(await gm(core, 'osr.fighter', { characterId: saved.npcId })).toMatchObject({ armour: { modifier: 2 }, weapons: [expect.objectContaining({ weaponClass: 'long' })] })
    const combatant = saved.view.combat!.combatants.find((c) => c.name === 'Ogre')!
    expect(combatant).toMatchObject({ characterId: saved.npcId, foe: null })
    expect(saved.view.combat!.order.flatMap((s) => s.characterIds)).toContain(saved.npcId)
    expect((await refused(core, 'osr.combat.foe.save', { campaignId, characterId: saved.npcId })).message).toMatch(/not a foe typed at the table/)
  })

  it('refuses a foe with no H, naming the field in the GM’s words, and writes nothing', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const before = (await gm(core, 'log.list', { campaignId, limit: 500 })).length
    const err = await refused(core, 'osr.combat.foe', { campaignId, foe: { name: 'Ghost', maxH: 0 } })
    expect(err.details[0]?.field).toBe('foe.maxH')
    expect(err.message).not.toMatch(/maxH/)
    expect((await gm(core, 'log.list', { campaignId, limit: 500 })).length).toBe(before)
  })
})
