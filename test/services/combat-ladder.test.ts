/**
 * One combat at the Ladder's table (CLK-2, LAD-12): the fight's round is the clock's, whether the
 * GM runs a round at the tracker or presses R on the clock bar; one End ends both; an encounter's
 * foes are rolled and named for the fight's set-up. Real router, real SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { meleeExchange, startMelee } from '../../src/main/engines/ladder'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { one } from '../support/sql'
import { ladderCampaign, lastEntry, replay, SEED } from './table-ladder-support'

let lib: TempLibrary
let core: Core
let campaignId: number

const fighters = () => [
  { name: 'Tai', asset: 'expert' as const },
  { name: 'Guard', asset: 'good' as const },
]
const counter = async () => (await one<{ n: number }>(core, 'select dice_counter as n from campaign where id = ?', campaignId))!.n
const fight = async () => (await gm(core, 'ladder.conflict.list', { campaignId, openOnly: false })).find((c) => c.kind === 'combat')!

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await ladderCampaign(core)
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('the Ladder’s combat follows the clock (CLK-2, LAD-12)', () => {
  it('CLK-2: setting up a fight starts the clock’s combat; rounds run at the tracker and on the clock bar count the same rounds', async () => {
    const started = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', name: 'Alley', combatants: fighters() })
    expect(await gm(core, 'clock.get', { campaignId })).toMatchObject({ mode: 'combat', round: 0 })
    await gm(core, 'ladder.combat.round', { id: started.id, melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [] })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'ladder.combat.round', { id: started.id, melee: [{ attacker: 'Guard', defender: 'Tai' }], gunfire: [] })
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock.round).toBe(3)
    expect((await fight()).exchanges).toBe(3)
    expect((await fight()).last?.title).toBe('Round 3')
  })

  it('CLK-2: a round on the clock bar with nothing planned is the fight’s round too: no one attacked', async () => {
    const started = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: fighters() })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.nextRound', { campaignId })
    const view = await fight()
    expect(view).toMatchObject({ id: started.id, exchanges: 2, status: 'open' })
    expect(view.last?.text).toMatch(/Round 2 of .*: no one attacked\./)
  })

  it('CLK-2: End on the clock bar ends the fight; End at the tracker ends the clock’s combat', async () => {
    await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: fighters() })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.endCombat', { campaignId })
    expect((await fight()).status).toBe('over')
    const second = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: fighters() })
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('combat')
    const ended = await gm(core, 'ladder.conflict.end', { id: second.id })
    expect(ended.status).toBe('over')
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('exploration')
  })

  it('CLK-2: a round at the tracker takes one roll of the campaign’s dice, the clock’s and the fight’s; its faces are in the fight’s entry, not the clock’s (LAD-12, LAD-13, DICE-3)', async () => {
    const started = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: fighters() })
    const before = await counter()
    const view = await gm(core, 'ladder.combat.round', { id: started.id, melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [], gmOnly: true })
    expect(await counter()).toBe(before + 1)
    // A fight's sides are its two names in order: Guard (Good) is side a, Tai (Expert) side b.
    const expected = replay(before + 1, (d) => meleeExchange(d, startMelee(), { a: { asset: 'good' }, b: { asset: 'expert' } }))
    expect(view.combat!.fights[0]!.ap).toEqual(expected.value.state.ap)
    const round = await lastEntry(core, campaignId, 'ladder.combat.round')
    expect(round).toMatchObject({ gmOnly: true, dice: expected.faces })
    const tick = await lastEntry(core, campaignId, 'clock.round')
    expect(tick.dice ?? []).toEqual([])
  })

  it('CLK-2: undoing the clock’s round takes the fight’s round back with it', async () => {
    await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: fighters() })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).round).toBe(0)
    expect((await fight()).exchanges).toBe(0)
    // The table's undo (Ctrl+Z) of a round run at the tracker does the same.
    await gm(core, 'ladder.combat.round', { id: (await fight()).id, melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [] })
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).round).toBe(0)
    expect((await fight()).exchanges).toBe(0)
  })

  it('an encounter’s “1d3+1 thugs” starts the clock’s combat and names that many foes for the set-up (DICE-1)', async () => {
    const n = Math.ceil(seededDice(`${SEED}#${(await counter()) + 1}`).roll(6) / 2) + 1
    const { foes } = await gm(core, 'ladder.combat.begin', { campaignId, met: { text: '1d3+1 thugs', npcId: null, npcName: null } })
    expect(foes).toEqual(Array.from({ length: n }, (_, i) => `Thugs ${i + 1}`))
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('combat')
    expect((await gm(core, 'ladder.combat.met', { campaignId })).foes).toEqual(foes)
    await gm(core, 'clock.endCombat', { campaignId })
    expect((await gm(core, 'ladder.combat.met', { campaignId })).foes).toEqual([])
  })
})
