/**
 * Between sessions, the frame every system's growth stands on: the overview its screen opens on, a
 * growth's change to a sheet put back exactly by undo (and refused when the sheet changed since),
 * and the next session's recap telling what changed since the last one. Real router, real library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { unitOfWork, toLogEntry } from '../../src/main/services/core'
import { changeSheet, undoSheetChange } from '../../src/main/services/growth'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { insertCharacter } from '../support/records'

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Westmarch', system: 'ladder', seed: 'growth-frame' })).id
  tai = await insertCharacter(core, campaignId, 'pc', 'Tai')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('between sessions: the frame', () => {
  it('opens on the last session closed and what each character holds (LAD-21: Plot Points in the ledger)', async () => {
    const orb = await insertCharacter(core, campaignId, 'pc', 'Orb')
    const s1 = await gm(core, 'play.start', { campaignId, title: 'The bridge', attendance: [tai] })
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 2, reason: 'bravery' })
    await gm(core, 'play.close', { id: s1.id })
    const o = await gm(core, 'growth.overview', { campaignId })
    expect(o.lastSession).toEqual({ id: s1.id, number: 1, title: 'The bridge' })
    expect(o.sessionOpen).toBe(false)
    expect(o.characters.map((c) => [c.name, c.playedLast, c.balances.find((b) => b.currency === 'pp')?.balance])).toEqual([
      ['Orb', false, 0],
      ['Tai', true, 2],
    ])
    expect(orb).toBeGreaterThan(0)
  })

  it('puts a growth’s sheet back exactly on undo, and refuses in words once the sheet was changed since', async () => {
    const before = { concept: 'Pilot', assets: [] }
    const after = { concept: 'Pilot', assets: [{ name: 'Lockpicking', rating: 'good' }] }
    const mara = await insertCharacter(core, campaignId, 'npc', 'Mara')
    await gm(core, 'character.update', { id: mara, sheet: before, draft: true })
    const write = () =>
      unitOfWork(core.deps, (tx) => changeSheet(tx, { campaignId, characterId: mara, name: 'Mara', before, after, kind: 'growth.ladder.asset', text: 'Mara bought “Lockpicking” (Good).' }))
    const entry = await write()
    expect((await gm(core, 'character.get', { id: mara })).sheet).toMatchObject(after)
    await unitOfWork(core.deps, (tx) => undoSheetChange(tx, entry))
    expect((await gm(core, 'character.get', { id: mara })).sheet).toMatchObject(before)

    const again = await write()
    await gm(core, 'character.update', { id: mara, sheet: { ...after, concept: 'Ace pilot' } })
    await expect(unitOfWork(core.deps, (tx) => undoSheetChange(tx, again))).rejects.toThrow('“Mara bought “Lockpicking” (Good)” cannot be undone: Mara’s sheet has been changed since. Nothing was undone.')
    // An entry of another kind is none of its business.
    const note = await unitOfWork(core.deps, async (tx) => toLogEntry({ ...(await tx.trx.selectFrom('log_entry').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow()), kind: 'note' }))
    expect(await unitOfWork(core.deps, (tx) => undoSheetChange(tx, note))).toBeNull()
  })

  it('tells what changed between sessions in the next session’s recap, GM’s and players’, and nothing before the first', async () => {
    const s1 = await gm(core, 'play.start', { campaignId, title: 'The bridge', attendance: [tai] })
    await gm(core, 'log.note', { campaignId, text: 'The bridge holds.' })
    await gm(core, 'play.close', { id: s1.id })
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'an adventure survived', sessionId: null })
    const s2 = await gm(core, 'play.start', { campaignId, title: 'The tower', attendance: [tai] })
    for (const variant of ['gm', 'players'] as const) {
      const second = (await gm(core, 'recap.session', { sessionId: s2.id, variant })).markdown
      expect(second).toMatch(/## Since the last session\n\n- Tai gained 1 Plot Point: an adventure survived \(now 1\)\./)
      expect((await gm(core, 'recap.session', { sessionId: s1.id, variant })).markdown).not.toContain('Since the last session')
    }
  })
})
