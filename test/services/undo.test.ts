/**
 * Undo you can rely on: the last action is found by itself however many log entries it wrote, undo
 * walks back one action at a time, newest first, and redo makes again what was undone with the
 * same dice. Against real libraries, through the router as the table calls it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { all, insert, value } from '../support/sql'
import { WHOLE_ACTION_MAX } from '../../src/main/services/play/history'

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

function addPc(campaignId: number, name: string, sheet: object = {}): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, sheet: JSON.stringify(sheet), created_at: 't', updated_at: 't' })
}

/** A party of `n` PCs, each with rations, water, a lit lantern and torches. */
async function party(campaignId: number, n: number): Promise<number[]> {
  const pcs: number[] = []
  for (let i = 0; i < n; i++) {
    const id = await addPc(campaignId, `PC ${i + 1}`)
    await gm(core, 'inventory.add', { characterId: id, name: 'Rations', kind: 'ration', quantity: 40 })
    await gm(core, 'inventory.add', { characterId: id, name: 'Waterskin', kind: 'water', quantity: 20 })
    const lantern = await gm(core, 'inventory.add', { characterId: id, name: 'Lantern', kind: 'light', quantity: 1, details: { type: 'lantern', oilPints: 3 } })
    await gm(core, 'inventory.add', { characterId: id, name: 'Torches', kind: 'light', quantity: 6, details: { type: 'torch' } })
    await gm(core, 'light.light', { campaignId, itemId: lantern.id })
    pcs.push(id)
  }
  return pcs
}

const quantities = (pcs: number[]) =>
  Promise.all(pcs.map((id) => all(core, 'select name, quantity from inventory_item where character_id = ? order by id', id)))

describe('undo after a step that wrote hundreds of log lines', () => {
  it('CLK-5, CLK-6: a 30-day step with 6 PCs is undone whole, and the note before it after it', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Long road', system: 'ladder' })).id
    const pcs = await party(campaignId, 6)
    await gm(core, 'timer.add', { campaignId, label: 'The watch changes', after: { hours: 2 }, repeat: true })
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'log.note', { campaignId, text: 'We set out for the coast.' })
    const before = { clock: await gm(core, 'clock.get', { campaignId }), items: await quantities(pcs) }

    await gm(core, 'clock.advance', { campaignId, span: { days: 30 } })
    const wrote = await value(core, "select count(*) as n from log_entry where campaign_id = ? and id > (select max(id) from log_entry where kind = 'note')", campaignId)
    expect(wrote).toBeGreaterThanOrEqual(500)
    expect(await quantities(pcs)).not.toEqual(before.items)

    const undone = await gm(core, 'play.undo', { campaignId })
    expect(undone.undone).toMatch(/^Advanced 30 days to Day 31/)
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock.time).toBe(before.clock.time)
    expect(clock.lights).toEqual(before.clock.lights)
    expect(await quantities(pcs)).toEqual(before.items)
    expect(await value(core, "select count(*) as n from log_entry where campaign_id = ? and undone = 0 and id > (select max(id) from log_entry where kind = 'note') and kind != 'play.undone'", campaignId)).toBe(0)

    // Ctrl+Z again walks further back: the note, then the mode, then the lights, one at a time.
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('We set out for the coast')
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Downtime: no encounter checks')
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('exploration')
  })
})

describe('redo of what was just undone', () => {
  const faces = (e: { dice: { sides: number; face: number }[] | null }) => (e.dice ?? []).map((d) => `${d.face}/d${d.sides}`)
  const lodeRollEntries = async (campaignId: number) => (await gm(core, 'log.list', { campaignId, limit: 100 })).filter((e) => e.kind.startsWith('lode.'))

  it('LODE-9: a roll and its Destiny re-roll, undone both, are redone one by one with the same faces and the same spend', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Barrow', system: 'lode', seed: 'redo' })).id
    const brann = await addPc(campaignId, 'Brann')
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'destiny', amount: 2, reason: 'at creation' })
    const roll = await gm(core, 'lode.roll', { campaignId, characterId: brann, what: 'Climb', baseDice: 3 })
    const reroll = await gm(core, 'lode.reroll', { rollId: roll.id })
    const [first, second] = (await lodeRollEntries(campaignId)).reverse()
    const destiny = async () => (await gm(core, 'ledger.balances', { campaignId, characterId: brann })).find((b) => b.currency === 'destiny')?.balance
    expect(await destiny()).toBe(1)

    expect((await gm(core, 'play.undo', { campaignId })).undone).toMatch(/spent a Destiny point to re-roll/)
    expect(await destiny()).toBe(2)
    await gm(core, 'play.undo', { campaignId })
    expect(await value(core, 'select count(*) as n from lode_roll where campaign_id = ?', campaignId)).toBe(0)

    // Redo the roll: a new roll, the same faces; then the re-roll, which names the new roll.
    const redoneRoll = await gm(core, 'play.redo', { campaignId })
    const redoneReroll = await gm(core, 'play.redo', { campaignId })
    expect(redoneReroll.redone).toMatch(/spent a Destiny point to re-roll/)
    const standing = (await lodeRollEntries(campaignId)).filter((e) => !e.undone).reverse()
    expect(standing.map((e) => e.kind)).toEqual(['lode.roll', 'lode.reroll'])
    expect(standing.map(faces)).toEqual([faces(first!), faces(second!)])
    expect(standing[1]!.payload.rollId).toBe(standing[0]!.payload.rollId)
    expect(await destiny()).toBe(1)
    expect(redoneRoll.actionId).toBeLessThan(redoneReroll.actionId)
    expect(reroll.id).toBe(roll.id)
    expect((await refused(core, 'play.redo', { campaignId })).message).toMatch(/^There is nothing to redo/)
  })

  it('DICE-3: a clock step redone rolls the same encounter checks; a new action after an undo clears the redo stack', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'checks' })).id
    const step = await gm(core, 'clock.advance', { campaignId, span: { turns: 6 } })
    const [entry] = (await gm(core, 'log.list', { campaignId, limit: 200 })).filter((e) => e.kind === 'clock.advanced')
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).time).toBe(0)
    const redone = await gm(core, 'play.redo', { campaignId })
    expect(redone.redone).toBe(step.summary)
    const [again] = (await gm(core, 'log.list', { campaignId, limit: 200 })).filter((e) => e.kind === 'clock.advanced' && !e.undone)
    expect(again!.id).not.toBe(entry!.id)
    expect(faces(again!)).toEqual(faces(entry!))
    expect((await gm(core, 'clock.get', { campaignId })).time).toBe(step.clock.time)

    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'log.note', { campaignId, text: 'Something new.' })
    expect((await refused(core, 'play.redo', { campaignId })).message).toMatch(/^There is nothing to redo/)
    expect((await gm(core, 'play.history', { campaignId })).redo).toBeNull()
    // The undo gave its rolls back: the same advance made anew rolls the same checks (undo is no re-roll).
    await gm(core, 'clock.advance', { campaignId, span: { turns: 6 } })
    const [anew] = (await gm(core, 'log.list', { campaignId, limit: 200 })).filter((e) => e.kind === 'clock.advanced' && !e.undone)
    expect(faces(anew!)).toEqual(faces(entry!))
  })
})

describe('the redo stack', () => {
  it('is the undos made since the last new action, redone newest first, however many undos the campaign made before', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'stack' })).id
    const note = (text: string) => gm(core, 'log.note', { campaignId, text })
    const standing = async () => (await gm(core, 'log.list', { campaignId, limit: 50 })).filter((e) => e.kind === 'note' && !e.undone).map((e) => e.payload.text).reverse()
    for (const t of ['one', 'two', 'three', 'four']) await note(t)
    // Two undone, then cleared by something new: they are never redone.
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    await note('five')
    expect(await standing()).toEqual(['one', 'two', 'five'])
    // A new stack: five, then two, undone; redone two first, then five; then nothing.
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    expect(await standing()).toEqual(['one'])
    expect((await gm(core, 'play.redo', { campaignId })).redone).toMatch(/two/)
    expect((await gm(core, 'play.redo', { campaignId })).redone).toMatch(/five/)
    expect(await standing()).toEqual(['one', 'two', 'five'])
    expect((await refused(core, 'play.redo', { campaignId })).message).toMatch(/^There is nothing to redo/)
    // Undone again after the redos, and cleared by a new note: the stack is empty.
    await gm(core, 'play.undo', { campaignId })
    await note('six')
    expect((await gm(core, 'play.history', { campaignId })).redo).toBeNull()
    expect(await standing()).toEqual(['one', 'two', 'six'])
  })
})

describe('newest first, whichever undo button is pressed', () => {
  it('CLK-6: the clock bar’s own undo waits while a newer action stands, and the history lists both', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'ladder' })).id
    const tai = await addPc(campaignId, 'Tai')
    await gm(core, 'timer.add', { campaignId, label: 'Reinforcements', after: { minutes: 30 } })
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'a good plan' })
    expect((await gm(core, 'clock.get', { campaignId })).undo).toBeNull()
    const err = await refused(core, 'clock.undo', { campaignId })
    expect(err.message).toBe('The last action is “Tai gained 1 Plot Point: a good plan (now 1)”: undo that first (Ctrl+Z undoes the last action, whatever it was). Nothing was undone.')
    expect((await gm(core, 'clock.get', { campaignId })).timers).toHaveLength(1)

    const history = await gm(core, 'play.history', { campaignId })
    expect(history.items.map((i) => [i.summary, i.status])).toEqual([
      ['Tai gained 1 Plot Point: a good plan (now 1)', 'done'],
      [expect.stringMatching(/Reinforcements/), 'done'],
    ])
    expect(history.undo?.summary).toBe('Tai gained 1 Plot Point: a good plan (now 1)')

    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).undo).not.toBeNull()
    await gm(core, 'clock.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).timers).toEqual([])
    const after = await gm(core, 'play.history', { campaignId })
    expect(after.items.map((i) => i.status)).toEqual(['undone', 'undone'])
    expect(after.undo).toBeNull()
    // The clock bar's undo put the timer on the redo stack too, on top.
    expect(after.redo?.summary).toMatch(/Reinforcements/)
  })
})

describe('the log as the table shows it', () => {
  it('CLK-5: a step comes first, its consequences after it in game-time order, the action before it below', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Road', system: 'ladder' })).id
    await party(campaignId, 2)
    await gm(core, 'timer.add', { campaignId, label: 'The watch changes', after: { hours: 6 }, repeat: true })
    await gm(core, 'log.note', { campaignId, text: 'Camp by the river.' })
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { days: 2 } })

    const { entries: log, cut } = await gm(core, 'play.log', { campaignId, limit: 5 })
    expect(cut).toBeNull()
    const step = log.findIndex((e) => e.kind === 'clock.advanced')
    expect(step).toBe(0)
    const events = log.slice(1).filter((e) => e.kind.startsWith('clock.event.'))
    expect(events.length).toBeGreaterThan(10)
    // The page holds the whole step although the limit was 5: a step is never cut in two.
    const times = events.map((e) => e.gameTime)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(log).toHaveLength(1 + events.length)
    const next = await gm(core, 'play.log', { campaignId, limit: 2, beforeId: Math.min(...log.map((e) => e.id)) })
    expect(next.entries.map((e) => e.kind)).toEqual(['clock.mode', 'note'])
  })

  it('a step of more lines than a page takes in shows its own entry, then how many lines are left out, then its newest', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Road', system: 'ladder' })).id
    await party(campaignId, 2)
    await gm(core, 'timer.add', { campaignId, label: 'The bell tolls', after: { hours: 1 }, repeat: true })
    await gm(core, 'log.note', { campaignId, text: 'Winter in the abbey.' })
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { days: 30 } })
    const stepId = Number(await value(core, `select id from log_entry where campaign_id = ${campaignId} and kind = 'clock.advanced'`))
    const written = (await all(core, `select id, kind from log_entry where campaign_id = ${campaignId} and id >= ${stepId} order by id`)) as { id: number; kind: string }[]
    expect(written.length).toBeGreaterThan(WHOLE_ACTION_MAX + 200)

    const { entries, cut } = await gm(core, 'play.log', { campaignId, limit: 200 })
    // The step's own entry first, then its newest 200 lines in game-time order: the bell of day 30.
    expect(entries).toHaveLength(201)
    expect(entries[0]).toMatchObject({ id: written[0]!.id, kind: 'clock.advanced' })
    expect(entries.slice(1).map((e) => e.id)).toEqual(written.slice(-200).map((e) => e.id))
    expect(cut).toEqual({ afterId: written[0]!.id, lines: written.length - 201 })
    // The next page is the play before the step.
    const next = await gm(core, 'play.log', { campaignId, limit: 2, beforeId: Math.min(...entries.map((e) => e.id)) })
    expect(next).toMatchObject({ entries: [{ kind: 'clock.mode' }, { kind: 'note' }], cut: null })
  })
})
