/**
 * The Challenge System and the clock's one combat (CLK-2). A challenge is not always a fight (CH-4's
 * meal), so it never starts the clock's combat; while the clock is in combat, a challenge started
 * then, or played a round of then, is part of it: its rounds are the combat's, at the tracker or with
 * R on the clock bar, on the round's one roll of the dice; one End ends both. Real router, real
 * library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { MethodInput } from '../../src/shared/contract'
import { challengeDieValue, playChallenge } from '../../src/main/engines/challenge'
import { seededDice } from '../../src/main/engines/dice'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { value } from '../support/sql'

let lib: TempLibrary
let core: Core
let campaignId: number

const SEED = 'one-combat'
// CH-4: Dame Cecilie 7 with reserves 5 against the mother dragon 6, reserves 4, resistance 4: four rounds and more.
const sides = () => [
  { name: 'Cecilie', rating: 7, reserves: 5 },
  { name: 'Mother dragon', rating: 6, reserves: 4, resistance: 4 },
]
// CH-4: Akane cooking 2 against a meal of 8.
const meal = () => [
  { name: 'Akane', rating: 2 },
  { name: 'the meal', rating: 8 },
]
const start = (s: MethodInput<'challenge.start'>['sides'], more: Partial<MethodInput<'challenge.start'>> = {}) => gm(core, 'challenge.start', { campaignId, sides: s, ...more })
const clockNow = () => gm(core, 'clock.get', { campaignId })
const counter = () => value(core, 'select dice_counter as n from campaign where id = ?', campaignId)
const WRITES = ['log_entry', 'clock_step', 'challenge_step', 'challenge']

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: SEED })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('a challenge is not a combat (CLK-2, CH-4)', () => {
  it('CLK-2: a challenge played out of combat leaves the clock alone: no combat, no clock entries, no dice taken', async () => {
    const c = await start(meal())
    const after = await gm(core, 'challenge.round', { id: c.id, choices: [] })
    expect(after.history).toEqual([{ round: 1, pools: [-6, 7] }])
    expect(await clockNow()).toMatchObject({ mode: 'exploration', round: 0, time: 0 })
    expect((await logKinds(core, campaignId)).filter((k) => k.startsWith('clock.'))).toEqual([])
    expect(await counter()).toBe(0)
  })
})

describe('a challenge in the clock’s combat (CLK-2)', () => {
  it('CLK-2: started while the clock is in combat, its rounds at the tracker and with R are the combat’s rounds (CH-4’s numbers)', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const started = await start(sides())
    await gm(core, 'challenge.round', { id: started.id, choices: [] })
    await gm(core, 'clock.nextRound', { campaignId })
    const view = await gm(core, 'challenge.round', { id: started.id, choices: [] })
    expect((await clockNow()).round).toBe(3)
    expect(view.roundsPlayed).toBe(3)
    // CH-4: after round 3, Cecilie 4 and the dragon 2.
    expect(view.history.map((h) => h.pools)).toEqual([[7, 6], [6, 4], [4, 2]])
    const kinds = await logKinds(core, campaignId)
    expect(kinds.slice(kinds.indexOf('clock.combat-started'))).toEqual([
      'clock.combat-started',
      'challenge.started',
      'challenge.round',
      'clock.round',
      'challenge.round',
      'clock.round',
      'challenge.round',
      'clock.round',
    ])
  })

  it('CLK-2: a round in combat takes the round’s one roll of the dice; its faces are the challenge’s entry’s, not the clock’s (CH-11, DICE-3)', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const c = await start([{ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 6, reserves: 4, resistance: 4 }], { dice: 'comparison' })
    const r1 = await gm(core, 'challenge.round', { id: c.id, choices: [] })
    expect(await counter()).toBe(1)
    // The engine, given the campaign's first roll, throws the same dice.
    const replay = playChallenge([{ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 6, reserves: 4, resistance: 4 }], { maxRounds: 1, randomness: { place: 'comparison', dice: seededDice(`${SEED}#1`) } })
    if (!replay.ok) throw new Error('engine refused')
    expect(r1.lastRound?.dice).toEqual(replay.reports[0]?.dice.map((d) => ({ ...d, values: d.faces.map(challengeDieValue) })))
    const [round] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'challenge.round' })
    expect(round?.dice?.map((f) => f.face)).toEqual(r1.lastRound?.dice.flatMap((d) => d.faces))
    const [tick] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'clock.round' })
    expect(tick?.dice ?? []).toEqual([])
  })

  it('CLK-2: a GM-only challenge in combat keeps its rounds and its break-off GM-only; the clock’s round carries none of it', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const c = await start(sides(), { gmOnly: true })
    await gm(core, 'challenge.round', { id: c.id, choices: [] })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'challenge.close', { id: c.id, skipConsequences: false })
    const entries = (await gm(core, 'log.list', { campaignId, limit: 50 })).reverse().filter((e) => e.kind.startsWith('challenge.'))
    expect(entries.map((e) => [e.kind, e.gmOnly])).toEqual([
      ['challenge.started', true],
      ['challenge.round', true],
      ['challenge.round', true],
      ['challenge.closed', true],
    ])
    const ticks = await gm(core, 'log.list', { campaignId, kind: 'clock.round' })
    expect(ticks.map((t) => JSON.stringify(t.payload))).not.toContain('Mother dragon')
  })

  it('CLK-2: End on the clock bar breaks the challenge off; breaking it off at the tracker ends the clock’s combat', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const first = await start(sides())
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.endCombat', { campaignId })
    expect(await gm(core, 'challenge.current', { campaignId })).toBeNull()
    const [closed] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'challenge.closed' })
    expect(closed!.payload).toMatchObject({ challengeId: first.id, brokenOff: true, pools: [7, 6] })
    await gm(core, 'clock.startCombat', { campaignId })
    const second = await start(sides())
    await gm(core, 'challenge.close', { id: second.id, skipConsequences: false })
    expect((await clockNow()).mode).toBe('exploration')
    expect(await gm(core, 'challenge.current', { campaignId })).toBeNull()
  })

  it('CLK-2: a meal running from before the fight is not its challenge: R leaves it alone, and breaking it off leaves the fight on the clock', async () => {
    const c = await start(meal())
    await gm(core, 'clock.startCombat', { campaignId })
    await gm(core, 'clock.nextRound', { campaignId })
    expect((await gm(core, 'challenge.current', { campaignId }))!.roundsPlayed).toBe(0)
    await gm(core, 'challenge.close', { id: c.id, skipConsequences: false })
    expect(await clockNow()).toMatchObject({ mode: 'combat', round: 1 })
  })

  it('CLK-2: a round of an earlier challenge played at the tracker in combat is the combat’s round, and from then on R plays it', async () => {
    const c = await start(sides())
    await gm(core, 'clock.startCombat', { campaignId })
    const joined = await gm(core, 'challenge.round', { id: c.id, choices: [] })
    expect(joined.roundsPlayed).toBe(1)
    expect((await clockNow()).round).toBe(1)
    await gm(core, 'clock.nextRound', { campaignId })
    expect((await gm(core, 'challenge.current', { campaignId }))!.history.map((h) => h.pools)).toEqual([[7, 6], [6, 4]])
    await gm(core, 'clock.endCombat', { campaignId })
    expect(await gm(core, 'challenge.current', { campaignId })).toBeNull()
  })

  it('CLK-2: “Play it out” is refused while the clock is in combat, playing nothing; the rounds go one at a time', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const c = await start(sides())
    const before = await rowCounts(core, WRITES)
    const error = await refused(core, 'challenge.playOut', { id: c.id })
    expect(error.message).toBe(
      'The clock is in combat (round 0), and each round of “Cecilie vs Mother dragon” played now is one of its rounds: play them one at a time (Play round, or R on the clock bar), or end the combat first. Nothing was played.',
    )
    expect(await rowCounts(core, WRITES)).toEqual(before)
    expect(await clockNow()).toMatchObject({ mode: 'combat', round: 0 })
  })

  it('CLK-2: a conversion the rules refuse in combat writes nothing and leaves the clock where it was (CH-7)', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const c = await start(sides())
    const before = await rowCounts(core, WRITES)
    const error = await refused(core, 'challenge.round', { id: c.id, choices: [{ side: 0, toBonus: 9 }] })
    expect(error.message).toMatch(/Nothing was played\.$/)
    expect(await rowCounts(core, WRITES)).toEqual(before)
    expect(await clockNow()).toMatchObject({ round: 0, time: 0 })
  })

  it('CLK-2: undoing the clock’s round puts the challenge back as it was', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    const started = await start(sides())
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.undo', { campaignId })
    const view = (await gm(core, 'challenge.current', { campaignId }))!
    expect(view).toMatchObject({ id: started.id, roundsPlayed: 0 })
    expect(view.history).toEqual([])
    expect(await clockNow()).toMatchObject({ mode: 'combat', round: 0 })
    // The table's undo (Ctrl+Z) of a round played at the tracker does the same.
    await gm(core, 'challenge.round', { id: started.id, choices: [] })
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'challenge.current', { campaignId }))!.roundsPlayed).toBe(0)
    expect(await clockNow()).toMatchObject({ mode: 'combat', round: 0 })
  })
})
