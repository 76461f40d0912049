/**
 * A healed injury stays in the character's history, marked healed with when (CLK-8): the list
 * keeps it after the open ones, the most recently healed first, whether the GM marked it healed or
 * the clock healed it (LAD-20).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { addCharacter, ladderCampaign, sheet } from './table-ladder-support'

const DAY = 86_400

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await ladderCampaign(core)
  tai = await addCharacter(core, campaignId, 'Tai', sheet([['Climbing', 'good']]))
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('the injuries list is the character’s history (CLK-8)', () => {
  it('LAD-20: healed injuries stay listed, marked healed with when, after the open ones, the most recently healed first', async () => {
    const arm = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm', description: 'the fall' })
    const leg = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'leg', description: 'the chase' })
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'subdued', description: 'the brawl' })
    await gm(core, 'injury.update', { id: leg.id, healed: true, healedAt: 2 * DAY })
    // LAD-20: the Wound to the arm heals by itself a week after it was taken, as the clock passes it.
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { days: 8 } })
    const list = await gm(core, 'injury.list', { campaignId, characterId: tai })
    expect(list.map((i) => [i.label, i.healed, i.healedAt, i.description])).toEqual([
      ['Subdued', false, null, 'the brawl'],
      ['Wounded · arm', true, arm.healsAt, 'the fall'],
      ['Wounded · leg', true, 2 * DAY, 'the chase'],
    ])
    expect((await gm(core, 'injury.list', { campaignId, characterId: tai, unhealedOnly: true })).map((i) => i.label)).toEqual(['Subdued'])
  })
})
