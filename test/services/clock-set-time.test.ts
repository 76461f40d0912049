/**
 * CLK-1 at the clock service: where a campaign's clock starts (a setting), and setting the clock to
 * a later time (a step like any other: logged and undone, with no checks and nothing burnt or eaten).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insert, one } from '../support/sql'

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
const DAY = 86_400

async function partyOf(system: 'osr' | 'ladder'): Promise<{ campaignId: number; glam: number; item: (name: string) => number }> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system, seed: 'set-time' })).id
  const glam = await insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name: 'Glam', created_at: 't', updated_at: 't' })
  const ids = new Map<string, number>()
  for (const [name, kind, quantity, details] of [
    ['Torches', 'light', 2, { type: 'torch' }],
    ['Rations', 'ration', 3, {}],
    ['Waterskin', 'water', 3, {}],
  ] as const) {
    ids.set(name, (await gm(core, 'inventory.add', { characterId: glam, name, kind, quantity, details })).id)
  }
  return { campaignId, glam, item: (name) => ids.get(name)! }
}

const quantity = async (id: number) => (await one<{ quantity: number }>(core, 'select quantity from inventory_item where id = ?', id))!.quantity

describe('CLK-1: where the clock starts', () => {
  it('CLK-1: a new clock stands at Day 1 · 00:00 unless the campaign’s settings say when it starts; its first step goes on from there', async () => {
    const { campaignId } = await partyOf('ladder')
    expect(await gm(core, 'clock.get', { campaignId })).toMatchObject({ day: 1, timeOfDay: '00:00', time: 0 })
    await gm(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 3, time: '08:30' } })
    expect(await gm(core, 'clock.get', { campaignId })).toMatchObject({ day: 3, timeOfDay: '08:30', time: 2 * DAY + 8.5 * HOUR })
    const turn = await gm(core, 'clock.advance', { campaignId, span: { turns: 1 } })
    expect(turn.clock).toMatchObject({ day: 3, timeOfDay: '08:35' })
  })

  it('CLK-1: once the clock has moved the start is refused, by its label and with what to do instead, until every step is undone', async () => {
    const { campaignId } = await partyOf('ladder')
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    const err = await refused(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 2, time: '06:00' } })
    expect(err.message).toBe(
      'The campaign starts: the clock has already moved from its start, so this no longer sets it; jump it with “Set the time” on the Time & light page instead. The setting was not changed.',
    )
    expect((await gm(core, 'setting.list', { campaignId })).find((s) => s.key === 'clock.start')).toMatchObject({ isDefault: true })
    await gm(core, 'clock.undo', { campaignId })
    await gm(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 2, time: '06:00' } })
    expect(await gm(core, 'clock.get', { campaignId })).toMatchObject({ day: 2, timeOfDay: '06:00', mode: 'exploration' })
  })

  it('CLK-1: a start that is not a day and a time of day is refused by its label', async () => {
    const { campaignId } = await partyOf('osr')
    const err = await refused(core, 'setting.set', { campaignId, key: 'clock.start', value: { day: 0, time: '25:00' } })
    expect(err.message).toMatch(/^The campaign starts: the day must be 1 or more/)
  })
})

describe('CLK-1: setting the time', () => {
  it('CLK-1: jumps the clock to a later day and time: no checks, nothing burnt or eaten; a timer on the way fires; logged and undone like every step', async () => {
    const { campaignId, item } = await partyOf('osr')
    await gm(core, 'light.light', { campaignId, itemId: item('Torches') })
    await gm(core, 'timer.add', { campaignId, label: 'The tide turns', after: { hours: 5 }, hiddenFromPlayers: false, repeat: false })
    const jumped = await gm(core, 'clock.setTime', { campaignId, day: 3, time: '07:15' })
    expect(jumped.clock).toMatchObject({ day: 3, timeOfDay: '07:15', time: 2 * DAY + 7.25 * HOUR, timers: [] })
    expect(jumped.summary).toBe('Time set to Day 3 · 07:15 (from Day 1 · 00:00): no checks, nothing burnt or eaten')
    expect(jumped.clock.lights[0]).toMatchObject({ lit: true, burnSecondsLeft: HOUR })
    expect([await quantity(item('Rations')), await quantity(item('Waterskin'))]).toEqual([3, 3])
    expect(jumped.lines.map((l) => l.text)).toEqual(['Day 1 · 05:00: The tide turns'])
    const [step] = await gm(core, 'log.list', { campaignId, kind: 'clock.time-set' })
    expect(step).toMatchObject({ gameTime: 2 * DAY + 7.25 * HOUR, dice: null, payload: { checks: [] } })
    expect(jumped.clock.undo?.summary).toBe(jumped.summary)

    const undone = await gm(core, 'clock.undo', { campaignId })
    expect(undone.clock).toMatchObject({ day: 1, timeOfDay: '00:00', timers: [expect.objectContaining({ label: 'The tide turns' })] })
  })

  it('CLK-1: refuses a time that is not later than the clock, and a jump in combat, writing nothing', async () => {
    const { campaignId } = await partyOf('osr')
    await gm(core, 'clock.setTime', { campaignId, day: 1, time: '10:00' })
    const logs = async () => (await gm(core, 'log.list', { campaignId, limit: 500 })).length
    const before = await logs()
    const back = await refused(core, 'clock.setTime', { campaignId, day: 1, time: '09:00' })
    expect(back.message).toBe("Day 1 · 09:00 is not later than the clock's Day 1 · 10:00: the clock only moves forward (CLK-1). Undo a step to take it back.")
    expect((await refused(core, 'clock.setTime', { campaignId, day: 1, time: '9 o’clock' })).details[0]?.field).toBe('time')
    expect(await logs()).toBe(before)
    await gm(core, 'clock.startCombat', { campaignId })
    const inCombat = await logs()
    expect((await refused(core, 'clock.setTime', { campaignId, day: 2, time: '10:00' })).message).toMatch(/^End the combat first/)
    expect(await logs()).toBe(inCombat)
    expect((await gm(core, 'clock.get', { campaignId })).timeOfDay).toBe('10:00')
  })

  it('CLK-1, CLK-3: setting the time drops what was left of a stopped advance', async () => {
    const { campaignId } = await partyOf('ladder')
    await gm(core, 'clock.setEncounter', { campaignId, threshold: 15 })
    const stopped = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
    expect(stopped.clock.goOn).not.toBeNull()
    const jumped = await gm(core, 'clock.setTime', { campaignId, day: 2, time: '06:00' })
    expect(jumped.clock.goOn).toBeNull()
    expect((await gm(core, 'clock.undo', { campaignId })).clock.goOn).toEqual(stopped.clock.goOn)
  })
})
