/**
 * A campaign moved to another library keeps playing where it stopped: the clock's lanterns (light
 * ids "item-N", named after their inventory items) and who carries each light are renumbered with
 * the items and characters, so a lantern still burns its own oil and refills from its carrier's
 * flask (CLK-4). The undo history is not carried (its actions are taken back through ids an import
 * cannot all renumber): the imported campaign's history says where undo starts, as an upgraded
 * library's does, and an undo there never reaches another campaign's rows.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gunzipSync, gzipSync } from 'node:zlib'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { exportCampaign, importCampaign } from '../../src/main/services/transfer'
import { playerView } from '../../src/main/services/players'
import { gm, refused } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { fileLines } from './transfer-support'

const NOW = new Date('2025-04-02T08:00:00.000Z')
let libA: TempLibrary, libB: TempLibrary
let a: Core, b: Core

beforeEach(async () => {
  libA = tempLibrary()
  libB = tempLibrary()
  a = await libA.open()
  b = await libB.open()
})
afterEach(async () => {
  await a.close()
  await b.close()
  libA.cleanup()
  libB.cleanup()
})

function addPc(core: Core, campaignId: number, name: string): number {
  return Number(core.handle.sqlite.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')").run(campaignId, name).lastInsertRowid)
}
const item = (core: Core, id: number) => core.handle.sqlite.prepare('select quantity, details from inventory_item where id = ?').get(id) as { quantity: number; details: string }
const oil = (core: Core, id: number) => (JSON.parse(item(core, id).details) as { oilPints: number }).oilPints

/** Another campaign in a library, with rows that take the low ids, so imported ids differ from exported ones. */
async function crowd(core: Core, extra = 0): Promise<{ campaignId: number; pc: number; lantern: number }> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Elsewhere', system: 'osr' })).id
  const pc = addPc(core, campaignId, 'Stranger')
  addPc(core, campaignId, 'Other')
  for (let i = 0; i < extra; i++) {
    addPc(core, campaignId, `Hireling ${i + 1}`)
    await gm(core, 'inventory.add', { characterId: pc, name: `Spike ${i + 1}`, kind: 'other', quantity: 1 })
  }
  await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
  const lantern = (await gm(core, 'inventory.add', { characterId: pc, name: 'Stranger’s lamp', kind: 'light', details: { type: 'lantern' } })).id
  await gm(core, 'inventory.add', { characterId: pc, name: 'Rope', kind: 'other', quantity: 1 })
  await gm(core, 'ledger.earn', { campaignId, characterId: pc, currency: 'gold', amount: 5, reason: 'found' })
  return { campaignId, pc, lantern }
}

/** Exports from library A and imports into library B: the imported campaign's id. */
async function move(campaignId: number): Promise<number> {
  const { data } = await exportCampaign(a.handle.sqlite, campaignId, NOW)
  return (await importCampaign(b.handle.sqlite, data, NOW)).campaignId
}

describe('export and import keep the clock’s lanterns and carriers', () => {
  it('CLK-4: an imported lantern still burns its own oil, is named by its item, and refills from its carrier’s flask', async () => {
    await crowd(a)
    const campaignId = (await gm(a, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = addPc(a, campaignId, 'Glam')
    await gm(a, 'clock.setMode', { campaignId, mode: 'downtime' })
    const lantern = await gm(a, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern' } })
    await gm(a, 'inventory.add', { characterId: glam, name: 'Flask of oil', kind: 'other', quantity: 2 })
    const lit = await gm(a, 'light.light', { campaignId, itemId: lantern.id })
    expect(lit.clock.lights[0]!.id).toBe(`item-${lantern.id}`)
    await gm(a, 'clock.advance', { campaignId, span: { minutes: 150 } })

    // Library B has its own campaign first: every id of the imported one changes.
    const other = await crowd(b, 3)
    const otherClock = await gm(b, 'clock.get', { campaignId: other.campaignId })
    const imported = await move(campaignId)
    const newGlam = b.handle.sqlite.prepare('select id from character where campaign_id = ? and name = ?').pluck().get(imported, 'Glam') as number
    const items = b.handle.sqlite.prepare('select id, name from inventory_item where character_id = ? order by id').all(newGlam) as { id: number; name: string }[]
    const newLantern = items.find((i) => i.name === 'Brass lantern')!.id
    const newFlask = items.find((i) => i.name === 'Flask of oil')!.id
    expect(newLantern).not.toBe(lantern.id)
    expect(newGlam).not.toBe(glam)
    /** A light of library A as library B shows it: the same, with the imported ids. */
    const asImported = (light: object) => ({ ...light, id: `item-${newLantern}`, itemId: newLantern, characterId: newGlam })

    // The light on the clock is the imported lantern, carried by the imported Glam, as it stood.
    const was = (await gm(a, 'clock.get', { campaignId })).lights[0]!
    const clock = await gm(b, 'clock.get', { campaignId: imported })
    expect(clock.lights).toHaveLength(1)
    expect(clock.lights[0]).toEqual(asImported(was))
    const state = JSON.parse(b.handle.sqlite.prepare('select state from clock where campaign_id = ?').pluck().get(imported) as string) as { lights: { id: string; holder: unknown }[] }
    expect(state.lights[0]).toMatchObject({ id: `item-${newLantern}`, holder: { character: String(newGlam) } })

    // It burns as the original does: its oil is written back to its own item, not to the other campaign's lamp.
    const otherLampOil = oil(b, other.lantern)
    const burntThere = await gm(a, 'clock.advance', { campaignId, span: { minutes: 30 } })
    const burnt = await gm(b, 'clock.advance', { campaignId: imported, span: { minutes: 30 } })
    expect(burnt.clock.lights[0]!.burnSecondsLeft).toBeLessThan(was.burnSecondsLeft)
    expect(burnt.clock.lights[0]).toEqual(asImported(burntThere.clock.lights[0]!))
    expect(oil(b, newLantern)).toBe(oil(a, lantern.id))
    expect(oil(b, newLantern)).toBeLessThan(1)
    expect(oil(b, other.lantern)).toBe(otherLampOil)

    // It refills from Glam's flask, named by its item's name.
    const refilledThere = await gm(a, 'light.refill', { campaignId, lightId: `item-${lantern.id}` })
    const refilled = await gm(b, 'light.refill', { campaignId: imported, lightId: `item-${newLantern}` })
    expect(refilled.summary).toMatch(/^Glam’s lantern “Brass lantern” was filled with .* of oil from “Flask of oil”$/)
    expect(refilled.summary).toBe(refilledThere.summary)
    expect(refilled.clock.lights[0]).toEqual(asImported(refilledThere.clock.lights[0]!))
    expect(item(b, newFlask).quantity).toBeLessThan(2)
    expect(oil(b, newLantern)).toBe(oil(a, lantern.id))
    expect(await gm(b, 'clock.get', { campaignId: other.campaignId })).toEqual(otherClock)
  })
})

describe('export and import keep what the players were shown', () => {
  it('a revealed foe, its numbers and a handed-out place are still shown after an import renumbers them', async () => {
    await crowd(a)
    const campaignId = (await gm(a, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    addPc(a, campaignId, 'Glam')
    const ghoul = (await gm(a, 'character.create', { campaignId, kind: 'npc', name: 'Ghoul', sheet: { h: 6, maxH: 6 } })).id
    const hidden = (await gm(a, 'character.create', { campaignId, kind: 'npc', name: 'Lurker', sheet: { h: 3, maxH: 3 } })).id
    const crypt = (await gm(a, 'location.create', { campaignId, name: 'The Crypt', kind: 'enclosed' })).id
    await gm(a, 'osr.combat.start', { campaignId, foes: [ghoul, hidden], firstRound: false })
    await gm(a, 'players.reveal', { campaignId, key: `osr:${ghoul}`, what: 'foe', shown: true })
    await gm(a, 'players.reveal', { campaignId, key: `osr:${ghoul}`, what: 'numbers', shown: true })
    await gm(a, 'players.handout', { campaignId, kind: 'location', id: crypt, text: 'Cold stone and the smell of earth.', shown: true })
    const before = await playerView(a.deps, campaignId)

    // Library B's own campaign takes the low ids: the ghoul, the lurker and the crypt are renumbered.
    await crowd(b, 3)
    const imported = await move(campaignId)
    const controls = await gm(b, 'players.controls', { campaignId: imported })
    const [ghoulB, lurkerB] = controls.foes
    expect(ghoulB).toMatchObject({ name: 'Ghoul', revealed: true, numbersShown: true })
    expect(ghoulB!.key).not.toBe(`osr:${ghoul}`)
    expect(lurkerB).toMatchObject({ name: 'Lurker', revealed: false, numbersShown: false })
    expect(controls.handouts.find((h) => h.name === 'The Crypt')).toMatchObject({ revealed: true, text: 'Cold stone and the smell of earth.' })
    const after = await playerView(b.deps, imported)
    expect(after.combat).toEqual(before.combat)
    expect(after.handouts).toEqual(before.handouts)
  })
})

describe('the undo history of an imported campaign and of an upgraded library', () => {
  it('an import does not carry the undo history and says so: undo in the imported campaign takes nothing back, of it or of another campaign', async () => {
    const campaignId = (await gm(a, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = addPc(a, campaignId, 'Glam')
    await gm(a, 'ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount: 30, reason: 'the chief’s purse' })
    await gm(a, 'injury.record', { characterId: glam, kind: 'other', description: 'a twisted ankle' })
    await gm(a, 'clock.advance', { campaignId, span: { minutes: 10 } })
    const history = await gm(a, 'play.history', { campaignId })
    expect(history.items).toHaveLength(3)
    expect(history.earlierPlay).toBe(false)

    // Library B's own campaign has an injury with the id the file gives the imported one.
    const other = await crowd(b)
    await gm(b, 'injury.record', { characterId: other.pc, kind: 'other', description: 'a sprained wrist' })
    await gm(b, 'ledger.earn', { campaignId: other.campaignId, characterId: other.pc, currency: 'gold', amount: 1, reason: 'tip' })
    const otherRows = () => ({
      injuries: b.handle.sqlite.prepare('select id, description, healed from injury where campaign_id = ? order by id').all(other.campaignId),
      ledger: b.handle.sqlite.prepare('select id, amount from ledger_entry where campaign_id = ? order by id').all(other.campaignId),
      log: b.handle.sqlite.prepare('select id, undone from log_entry where campaign_id = ? order by id').all(other.campaignId),
      clock: b.handle.sqlite.prepare('select state from clock where campaign_id = ?').pluck().get(other.campaignId),
      actions: b.handle.sqlite.prepare('select id, status from action where campaign_id = ? order by id').all(other.campaignId),
    })
    const before = otherRows()
    const { data } = await exportCampaign(a.handle.sqlite, campaignId, NOW)
    expect(fileLines(data).some((l) => Array.isArray(l) && l[0] === 'action')).toBe(false)
    const imported = (await importCampaign(b.handle.sqlite, data, NOW)).campaignId

    // What was played is in the log; the history is empty and says where undo starts.
    const moved = await gm(b, 'play.history', { campaignId: imported })
    expect(moved).toMatchObject({ items: [], undo: null, redo: null, earlierPlay: true })
    expect((await refused(b, 'play.undo', { campaignId: imported })).message).toBe('There is nothing to undo in this campaign’s log.')
    expect(b.handle.sqlite.prepare('select description from injury where campaign_id = ?').pluck().all(imported)).toEqual(['a twisted ankle'])
    expect(otherRows()).toEqual(before)

    // Undo starts from the first action after the import, and stops there.
    const newGlam = b.handle.sqlite.prepare('select id from character where campaign_id = ?').pluck().get(imported) as number
    await gm(b, 'ledger.spend', { campaignId: imported, characterId: newGlam, currency: 'gold', amount: 10, reason: 'rope' })
    expect((await gm(b, 'play.undo', { campaignId: imported })).undone).toMatch(/rope/)
    await refused(b, 'play.undo', { campaignId: imported })
    expect(b.handle.sqlite.prepare('select coalesce(sum(amount), 0) from ledger_entry where campaign_id = ?').pluck().get(imported)).toBe(30)
    expect(otherRows()).toEqual(before)
  })

  it('a file written with the undo history (by an earlier Lantern) imports without it', async () => {
    const campaignId = (await gm(a, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = addPc(a, campaignId, 'Glam')
    await gm(a, 'ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount: 30, reason: 'the chief’s purse' })
    const { data } = await exportCampaign(a.handle.sqlite, campaignId, NOW)
    // The same file with the campaign's action rows in it, as files were written before.
    const lines = gunzipSync(data).toString('utf8').trim().split('\n')
    const actions = (a.handle.sqlite.prepare('select * from action where campaign_id = ?').all(campaignId) as Record<string, unknown>[]).map((r) => JSON.stringify(['action', r]))
    const end = JSON.parse(lines.pop()!) as { end: true; rows: number }
    const old = gzipSync(Buffer.from([...lines, ...actions, JSON.stringify({ end: true, rows: end.rows + actions.length })].join('\n') + '\n'))
    expect(actions.length).toBeGreaterThan(0)
    const imported = (await importCampaign(b.handle.sqlite, old, NOW)).campaignId
    expect(b.handle.sqlite.prepare('select count(*) from action').pluck().get()).toBe(0)
    expect(await gm(b, 'play.history', { campaignId: imported })).toMatchObject({ items: [], earlierPlay: true })
  })

  it('a library from before undo by action: its history is empty and says where undo starts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-undo-'))
    const file = join(dir, 'lantern.sqlite')
    copyFileSync(join(__dirname, '../fixtures/libraries/0011-table-ranks.sqlite'), file)
    const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
    try {
      const campaigns = await gm(core, 'campaign.list', {})
      const played = []
      for (const c of campaigns) {
        const history = await gm(core, 'play.history', { campaignId: c.id })
        expect(history.items).toEqual([])
        played.push(history.earlierPlay)
      }
      // The fixture's first campaign has notes and rolls in its log.
      expect(played[campaigns.findIndex((c) => c.id === 1)]).toBe(true)
      expect((await refused(core, 'play.undo', { campaignId: 1 })).message).toBe('There is nothing to undo in this campaign’s log.')
    } finally {
      await core.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
