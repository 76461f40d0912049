import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insert } from '../support/sql'

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

describe('a session at the table', () => {
  it('starts as the clock stands, takes what is logged meanwhile, and refuses a second open session', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = await addPc(campaignId, 'Glam')
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { hours: 10 } })
    const s = await gm(core, 'play.start', { campaignId, title: 'Rats!', attendance: [glam] })
    expect(s).toMatchObject({ number: 1, status: 'open', gameTimeStart: 36000, attendance: [{ characterId: glam, name: 'Glam' }] })
    const note = await gm(core, 'log.note', { campaignId, text: 'The chief escapes.' })
    expect(note.sessionId).toBe(s.id)
    const again = await refused(core, 'play.start', { campaignId, attendance: [] })
    expect(again).toMatchObject({ code: 'conflict', message: 'Session 1 is still open: resume it, or close it before starting another.' })

    await gm(core, 'clock.advance', { campaignId, span: { hours: 2 } })
    const closed = await gm(core, 'play.close', { id: s.id })
    expect(closed.session).toMatchObject({ status: 'closed', gameTimeStart: 36000, gameTimeEnd: 43200 })
    expect((await refused(core, 'play.close', { id: s.id })).message).toBe('Session 1 is already closed.')
    // After the close, what is logged belongs to no session.
    expect((await gm(core, 'log.note', { campaignId, text: 'Between sessions.' })).sessionId).toBeNull()
  })

  it('LAD-30: closing tops a super’s Plot Point pool back up to 3, and leaves the others', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Capes', system: 'ladder' })).id
    const widow = await addPc(campaignId, 'Black Widow', { super: true })
    const tai = await addPc(campaignId, 'Tai', { super: false })
    await gm(core, 'ledger.earn', { campaignId, characterId: widow, currency: 'pp', amount: 3, reason: 'starting pool' })
    const s = await gm(core, 'play.start', { campaignId, attendance: [widow, tai] })
    await gm(core, 'ledger.spend', { campaignId, characterId: widow, currency: 'pp', amount: 2, reason: 'stopped the bullets' })
    const closed = await gm(core, 'play.close', { id: s.id })
    expect(closed.topUps).toEqual([{ characterId: widow, name: 'Black Widow', amount: 2 }])
    const balances = await gm(core, 'ledger.balances', { campaignId, characterId: widow })
    expect(balances.find((b) => b.currency === 'pp')?.balance).toBe(3)
    expect((await gm(core, 'ledger.balances', { campaignId, characterId: tai })).find((b) => b.currency === 'pp')?.balance).toBe(0)
  })

  it('RK-7: closing with Threat left is refused until the GM confirms, then says how much was left', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Inigo', system: 'ranks' })).id
    const s = await gm(core, 'play.start', { campaignId, attendance: [] })
    await gm(core, 'ledger.earn', { campaignId, currency: 'threat', amount: 3, reason: 'session Threat' })
    const err = await refused(core, 'play.close', { id: s.id })
    expect(err).toMatchObject({ code: 'conflict', details: [{ field: 'confirmThreat', problem: '3 Threat left' }] })
    expect(err.message).toMatch(/still holds 3 Threat \(RK-7\)/)
    expect((await gm(core, 'play.close', { id: s.id, confirmThreat: true })).threatLeft).toBe(3)
  })
})

describe('undo of the last action', () => {
  it('reverses a ledger entry, removes an injury, takes back a clock step, and marks a note undone, newest first', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'ladder', seed: 'quiet turn' })).id
    const tai = await addPc(campaignId, 'Tai')
    await gm(core, 'log.note', { campaignId, text: 'A note.' })
    await gm(core, 'clock.advance', { campaignId, span: { turns: 1 } })
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm' })
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 2, reason: 'bravery' })

    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Tai gained 2 Plot Points: bravery (now 2)')
    expect((await gm(core, 'ledger.balances', { campaignId, characterId: tai })).find((b) => b.currency === 'pp')?.balance).toBe(0)
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Tai: Wounded · arm recorded')
    expect(await gm(core, 'injury.list', { campaignId, characterId: tai })).toEqual([])
    expect((await gm(core, 'play.undo', { campaignId })).undone).toMatch(/^Advanced 1 turn/)
    expect((await gm(core, 'clock.get', { campaignId })).time).toBe(0)
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('A note')
    const log = await gm(core, 'log.list', { campaignId, limit: 50 })
    expect(log.find((e) => e.kind === 'note')?.undone).toBe(true)
    expect((await refused(core, 'play.undo', { campaignId })).message).toBe('There is nothing to undo in this campaign’s log.')
  })
})
