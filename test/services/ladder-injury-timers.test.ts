/**
 * A Ladder incapacitation or a blow to the head puts its deadline on the clock by itself (LAD-17,
 * LAD-19, CLK-6), whichever path records it: the injuries form on the character page, the table's
 * damage panel. In the same transaction as the injury, with its dice logged, and undone exactly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { incapacitationTimers } from '../../src/main/engines/clock'
import { rollDamage, rollIncapacitation } from '../../src/main/engines/ladder'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { one } from '../support/sql'
import { addCharacter, lastEntry, ladderCampaign, replay, reseed, seedWhere, sheet } from './table-ladder-support'

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await ladderCampaign(core)
  tai = await addCharacter(core, campaignId, 'Tai', sheet([['Climbing', 'good'], ['Eyesight', 'expert']]))
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const MINUTE = 60
const timers = async () => (await gm(core, 'clock.get', { campaignId })).timers.map((t) => ({ label: t.label, firesAt: t.firesAt }))

describe('the injuries form sets the deadline on the clock (LAD-17, LAD-19)', () => {
  it('LAD-19: an Incapacitate recorded by hand puts “comes round” after 2d6 minutes and the hour for medical attention on the clock, with the 2d6 in the log', async () => {
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 10 } })
    const now = 10 * MINUTE
    const injury = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: null, description: 'fell from the clock tower' })
    expect(injury).toMatchObject({ label: 'Incapacitated', takenAt: now })
    // The campaign's next roll is its second: the clock's advance rolled the first (the turn's encounter check).
    const counter = (await one<{ n: number }>(core, 'select dice_counter as n from campaign where id = ?', campaignId))!.n
    const { value: out, faces } = replay(counter, (d) => rollIncapacitation(d, { at: now }))
    const expected = incapacitationTimers(out, { id: 'x', name: 'Tai' }).map((t) => ({ label: t.label, firesAt: t.at! }))
    expect(await timers()).toEqual(expected)
    expect(expected[0]!.firesAt).toBe(now + out.minutes * MINUTE)
    expect(expected[1]!.firesAt).toBe(now + 60 * MINUTE)
    const set = await lastEntry(core, campaignId, 'clock.timer-set')
    expect(set.dice).toEqual(faces)
    expect(set.payload.summary).toMatch(/^Tai is incapacitated: “Tai comes round, a body location hurt, moving at half speed” at /)
  })

  it('LAD-17: a Wound to the head knocks Tai out for 3 combat rounds of the campaign’s length; a Wound to the arm sets nothing', async () => {
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm', description: '' })
    expect(await timers()).toEqual([])
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'head', description: '' })
    expect(await timers()).toEqual([{ label: 'Tai wakes from the blow to the head', firesAt: 3 * 20 }])
  })

  it('LAD-18, LAD-19: a third Wound recorded by hand is an Incapacitate, and sets its timers too', async () => {
    for (const location of ['arm', 'leg'] as const) await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location, description: '' })
    const third = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'body', description: '' })
    expect(third.label).toMatch(/^Incapacitated/)
    expect((await timers()).map((t) => t.label)).toEqual([
      'Tai comes round, a body location hurt, moving at half speed',
      'Tai: an hour without medical attention? Roll an asset against good; failure begins dying',
    ])
  })

  it('LAD-19: an Incapacitate recorded after the fact sets only the deadlines still ahead', async () => {
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 30 } })
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: null, description: '', takenAt: 0 })
    expect(await timers()).toEqual([{ label: 'Tai: an hour without medical attention? Roll an asset against good; failure begins dying', firesAt: 60 * MINUTE }])
  })

  it('LAD-19: the injury and its timers are one transaction — a refused record writes neither — and one undo takes both back', async () => {
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'killed', location: null, description: '' })
    const before = { rows: await rowCounts(core, ['injury', 'log_entry', 'clock_step']), timers: await timers() }
    await refused(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: null, description: '' })
    expect({ rows: await rowCounts(core, ['injury', 'log_entry', 'clock_step']), timers: await timers() }).toEqual(before)

    const ana = await addCharacter(core, campaignId, 'Ana', sheet([['Climbing', 'good']]))
    await gm(core, 'injury.record', { characterId: ana, kind: 'ladder.damage', level: 'incapacitated', location: null, description: '' })
    expect(await timers()).toHaveLength(2)
    // One undo of the last action takes back the injury and its timers together.
    await gm(core, 'play.undo', { campaignId })
    expect(await timers()).toEqual([])
    expect(await gm(core, 'injury.list', { campaignId, characterId: ana, unhealedOnly: false })).toEqual([])
  })
})

describe('the table’s damage panel sets them the same way (LAD-16, LAD-19)', () => {
  it('LAD-19: a grenade that incapacitates Tai puts the same two deadlines on the clock, in the damage roll’s transaction', async () => {
    // A seed whose first d6 neither steps the damage down nor up (LAD-16): Tai stays Incapacitated.
    const seed = seedWhere('grenade-', (d) => [2, 3, 4, 5].includes(d.roll(6)))
    await reseed(core, campaignId, seed)
    const r = await gm(core, 'ladder.damage', { campaignId, characterId: tai, name: 'Tai', level: 'incapacitated' })
    const { value } = replay(1, (d) => (rollDamage(d, { level: 'incapacitated' }), rollIncapacitation(d, { at: 0 })), seed)
    const expected = incapacitationTimers(value, { id: 'x', name: 'Tai' }).map((t) => ({ label: t.label, firesAt: t.at! }))
    expect(r.consequences[0]!.outcome).toBe('incapacitated')
    expect(await timers()).toEqual(expected)
    expect(r.consequences[0]!.timers).toEqual(expected.map((t) => ({ label: t.label, at: t.firesAt })))
  })
})
