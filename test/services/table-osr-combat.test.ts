/**
 * The old-school combat tracker and spells at the table, through the real router on a real SQLite
 * file with seeded campaign dice: initiative each round (OSR-14), rounds on the clock (CLK-2),
 * one action a round, reloading (OSR-18), preparing with a secret window and casting (OSR-22).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice, type Dice } from '../../src/main/engines/dice'
import { castOdds, initiativeOdds, prepareSpells, rollInitiative } from '../../src/main/engines/osr'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { one } from '../support/sql'

const SEED = 'brigand-hills'

let lib: TempLibrary
let core: Core
let campaignId: number
let glam: number
let mage: number
let chief: number

async function nextDice(): Promise<Dice> {
  const { n } = (await one<{ n: number }>(core, 'select dice_counter as n from campaign where id = ?', campaignId))!
  return seededDice(`${SEED}#${n + 1}`)
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Brigand Hills', system: 'osr', seed: SEED })).id
  glam = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4 } })).id
  mage = (
    await gm(core, 'character.create', {
      campaignId,
      kind: 'pc',
      name: 'Ash',
      sheet: { level: 2, B: 0, M: 1, S: 0, h: 6, maxH: 6, optionsAllowed: 1, options: ['arcane knowledge'], spells: [{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 }] },
    })
  ).id
  chief = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Brigand Chief', sheet: { level: 2, B: 0, M: 1, S: 0, h: 7, maxH: 7 } })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('combat (OSR-14, CLK-2)', () => {
  it('starting a combat puts the clock in 5-second rounds and rolls round 1’s initiative with surprise, as the engine does', async () => {
    const order = [{ id: String(glam), M: 0 }, { id: String(mage), M: 1 }, { id: String(chief), M: 1, surprise: -2 }]
    // OSR-14: the clock's first round and its initiative take one roll of the campaign's dice, roll 1 (its timers and lights would come first).
    const expected = rollInitiative(seededDice(`${SEED}#1`), { round: 1, combatants: order })
    const view = await gm(core, 'osr.combat.start', { campaignId, party: [glam, mage], foes: [chief], surprise: { party: 0, foes: -2 } })
    expect(view.combat).toMatchObject({ round: 1, clockRound: 1, needsInitiative: false })
    expect(view.combat!.order).toEqual(expected.order.map((s) => ({ total: s.total, characterIds: s.ids.map(Number) })))
    expect(view.combat!.turn).toEqual(view.combat!.order[0]!.characterIds)
    expect(view.combat!.combatants.find((c) => c.characterId === chief)!.initiative).toMatchObject({ surprise: -2 })
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock).toMatchObject({ mode: 'combat', round: 1, time: 5 })
    const [initiative] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'osr.initiative' })
    expect(initiative!.dice).toEqual(expected.faces.map((face) => ({ sides: 20, face })))
  })

  it('the odds of acting first are the engine’s, surprise counting in round 1 only', async () => {
    const pairs = await gm(core, 'osr.initiativeOdds', { campaignId, party: [glam], foes: [chief], round: 1, surprise: { party: 0, foes: -2 } })
    expect(pairs).toEqual([{ first: glam, second: chief, ...initiativeOdds({ first: { id: String(glam), M: 0 }, second: { id: String(chief), M: 1, surprise: -2 }, round: 1 }) }])
    const later = await gm(core, 'osr.initiativeOdds', { campaignId, party: [glam], foes: [chief], round: 2, surprise: { party: 0, foes: -2 } })
    expect(later[0]).toMatchObject(initiativeOdds({ first: { id: 'a', M: 0 }, second: { id: 'b', M: 1 }, round: 2 }))
  })

  it('one action a round; the next round moves the clock 5 seconds and rolls initiative again', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    const acted = await gm(core, 'osr.combat.act', { campaignId, characterId: glam, action: 'ran for the door' })
    expect(acted.combat!.combatants.find((c) => c.characterId === glam)!.acted).toBe(true)
    expect((await refused(core, 'osr.combat.act', { campaignId, characterId: glam })).message).toBe('Glam has already acted this round: one action a round (OSR-14).')
    const expected = rollInitiative(seededDice(`${SEED}#2`), { round: 2, combatants: [{ id: String(glam), M: 0 }, { id: String(chief), M: 1 }] })
    const next = await gm(core, 'osr.round', { campaignId })
    expect(next.combat).toMatchObject({ round: 2, clockRound: 2 })
    expect(next.combat!.combatants.every((c) => !c.acted)).toBe(true)
    expect(next.combat!.order).toEqual(expected.order.map((s) => ({ total: s.total, characterIds: s.ids.map(Number) })))
    expect((await gm(core, 'clock.get', { campaignId })).time).toBe(10)
    expect((await refused(core, 'osr.initiative', { campaignId })).message).toBe('Initiative for round 2 is already rolled: play the next round (R) first.')
    // The GM plays a round on the clock bar instead: the clock's step rolls its initiative too (CLK-2).
    await gm(core, 'clock.nextRound', { campaignId })
    expect((await gm(core, 'osr.state', { campaignId })).combat).toMatchObject({ round: 3, clockRound: 3, initiativeRound: 3, needsInitiative: false })
  })

  it('surprise only modifies the first round (OSR-14)', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief], surprise: { party: 2, foes: 0 } })
    expect((await gm(core, 'osr.state', { campaignId })).combat!.combatants.find((c) => c.characterId === glam)!.initiative).toMatchObject({ surprise: 2 })
    await gm(core, 'clock.nextRound', { campaignId })
    expect((await gm(core, 'osr.state', { campaignId })).combat!.combatants.every((c) => c.initiative?.surprise === 0)).toBe(true)
  })

  it('a crossbow waits to be reloaded, and reloading takes the action (OSR-18)', async () => {
    const crossbow = (await gm(core, 'inventory.add', { characterId: glam, name: 'Light crossbow', kind: 'weapon', valueGp: 70, details: { weaponClass: 'long', ranged: true } })).id
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    const shot = { what: 'shot' as const, characterId: glam, targetId: chief, weaponId: crossbow, launcher: 'low-powered' as const, distanceFt: 30, reloads: true, darkness: false }
    await gm(core, 'osr.roll', { campaignId, roll: shot })
    const err = await refused(core, 'osr.roll', { campaignId, roll: shot })
    expect(err.message).toBe('The weapon is not loaded: reloading a crossbow or a firearm without automatic feed takes one action (OSR-18). Nothing was rolled.')
    expect((await refused(core, 'osr.reload', { campaignId, characterId: glam, weaponId: crossbow })).message).toMatch(/already acted this round/)
    await gm(core, 'osr.round', { campaignId })
    const reloaded = await gm(core, 'osr.reload', { campaignId, characterId: glam, weaponId: crossbow })
    expect(reloaded.combat!.combatants.find((c) => c.characterId === glam)).toMatchObject({ unloaded: [], acted: true })
  })

  it('joining mid-round rolls the newcomer’s initiative; ending leaves the clock where the rounds took it', async () => {
    const brigand = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Brigand', sheet: { level: 1, h: 3, maxH: 3 } })).id
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    const joined = await gm(core, 'osr.combat.join', { campaignId, characterId: brigand, side: 'foes' })
    expect(joined.combat!.combatants.map((c) => c.name)).toEqual(['Glam', 'Brigand Chief', 'Brigand'])
    expect(joined.combat!.order.flatMap((s) => s.characterIds)).toContain(brigand)
    const left = await gm(core, 'osr.combat.leave', { campaignId, characterId: brigand })
    expect(left.combat!.order.flatMap((s) => s.characterIds)).not.toContain(brigand)
    const ended = await gm(core, 'osr.combat.end', { campaignId })
    expect(ended.combat).toBeNull()
    expect(await gm(core, 'clock.get', { campaignId })).toMatchObject({ mode: 'exploration', time: 5 })
    expect((await gm(core, 'log.list', { campaignId, limit: 1, kind: 'osr.combat.ended' }))[0]!.payload).toEqual({ rounds: 1, seconds: 5, standing: [{ name: 'Glam', side: 'party', h: 4, maxH: 4 }, { name: 'Brigand Chief', side: 'foes', h: 7, maxH: 7 }] })
  })

  it('refuses a second combat and a character on both sides, before the clock moves', async () => {
    expect((await refused(core, 'osr.combat.start', { campaignId, party: [glam], foes: [glam] })).message).toBe('A character cannot fight on both sides: take them out of one.')
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('exploration')
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [chief] })
    expect((await refused(core, 'osr.combat.start', { campaignId, party: [mage], foes: [chief] })).message).toBe('A combat is already under way: its tracker is on the table; bring foes into it there, or end it first.')
  })
})

describe('spells (OSR-21 … OSR-23)', () => {
  it('casting needs a preparation; preparing rolls the secret window, GM-only, as a hidden timer on the clock', async () => {
    const before = await rowCounts(core, ['log_entry', 'osr_step'])
    const err = await refused(core, 'osr.roll', { campaignId, roll: { what: 'cast', characterId: mage, spellId: 'smite-foe' } })
    expect(err.message).toBe('Ash has not prepared Smite Foe: preparing takes 5 seconds, and the window to cast is rolled secretly (OSR-22). Nothing was rolled.')
    expect(await rowCounts(core, ['log_entry', 'osr_step'])).toEqual(before)

    const window = prepareSpells(await nextDice(), { rested: true, unrestrained: true }).window
    const prepared = await gm(core, 'osr.prepare', { campaignId, characterId: mage })
    expect(prepared).toMatchObject({ minutes: window.minutes, castBy: window.seconds, gmPenaltyDue: false })
    expect(prepared.view.preparations).toEqual([{ characterId: mage, name: 'Ash', spells: [{ id: 'smite-foe', name: 'Smite Foe', level: 1 }], preparedAt: 0, castBy: window.seconds, expired: false }])
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'osr.prepare' })
    expect(entry).toMatchObject({ gmOnly: true, dice: window.faces.map((face) => ({ sides: 6, face })) })
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock.timers).toEqual([expect.objectContaining({ firesAt: window.seconds, hiddenFromPlayers: true })])
  })

  it('a casting is a check with M for a spell; it costs H equal to the spell’s level and scales by caster level (OSR-23)', async () => {
    await gm(core, 'osr.prepare', { campaignId, characterId: mage })
    const roll = { what: 'cast' as const, characterId: mage, spellId: 'smite-foe', darkness: false }
    const odds = await gm(core, 'osr.odds', { campaignId, roll })
    expect(odds).toMatchObject({ what: 'cast', modifier: 1, costH: 1, ...castOdds({ spellLevel: 1, casterLevel: 2, modifier: 1 }) })
    if (odds.what !== 'cast') throw new Error('not a cast')
    expect(odds.numbers.map((n) => [n.key, n.expression])).toEqual([['range', '2d6x20'], ['entities', '2'], ['harm', '2d6']])
    const cast = await gm(core, 'osr.roll', { campaignId, roll })
    expect(cast.cast).toMatchObject({ spell: { name: 'Smite Foe' }, paid: { before: { h: 6 }, after: { h: 5 } }, stillPrepared: !cast.rolls[0]!.success })
    const sheet = (await gm(core, 'character.get', { id: mage })).sheet as { h: number; prepared: string[] }
    expect(sheet.h).toBe(5)
    expect(sheet.prepared).toEqual(cast.rolls[0]!.success ? [] : ['smite-foe'])
  })

  it('a lapsed window refuses the casting (OSR-22)', async () => {
    const { minutes } = await gm(core, 'osr.prepare', { campaignId, characterId: mage })
    // Downtime: an exploration advance would stop at an encounter on the way (CLK-3).
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { minutes: minutes + 5 } })
    const err = await refused(core, 'osr.roll', { campaignId, roll: { what: 'cast', characterId: mage, spellId: 'smite-foe' } })
    expect(err.message).toMatch(/^Ash’s prepared spells lapsed at Day 1 · 00:\d\d \(the window you rolled secretly, OSR-22\): prepare them again/)
    expect((await gm(core, 'osr.state', { campaignId })).preparations[0]!.expired).toBe(true)
  })

  it('refuses to prepare for a character with no spells', async () => {
    expect((await refused(core, 'osr.prepare', { campaignId, characterId: glam })).message).toBe('Glam knows no spells or invocations to prepare: they are learnt first (OSR-21).')
  })
})
