import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
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

function addPc(campaignId: number, name: string, sheet: object = {}, player: string | null = null): Promise<number> {
  const row = { campaign_id: campaignId, kind: 'pc', name, player_name: player, sheet: JSON.stringify(sheet), created_at: 't', updated_at: 't' }
  return insert(core, 'character', row)
}

/** Rations and a waterskin, even emptied (an item eaten or drunk to nothing stays, at 0). */
async function pack(characterId: number, food: number, water: number): Promise<void> {
  await gm(core, 'inventory.add', { characterId, name: 'Rations', kind: 'ration', quantity: food })
  await gm(core, 'inventory.add', { characterId, name: 'Waterskin', kind: 'water', quantity: water })
}

describe('the party at a glance (SCREENS.md)', () => {
  it('shows those present at the open session with H, gold and XP, the torch they carry with its time left, rations and water, and open injuries', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    const glam = await addPc(campaignId, 'Glam', { h: 3, maxH: 4 }, 'Ana')
    const bryn = await addPc(campaignId, 'Bryn', { h: 5, maxH: 5 })
    await pack(glam, 3, 2)
    const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', quantity: 2, details: { type: 'torch' } })
    await gm(core, 'light.light', { campaignId, itemId: torch.id })
    // Downtime: no encounter check stops the quarter hour on the way (CLK-3).
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    await gm(core, 'clock.advance', { campaignId, span: { turns: 3 } })
    await gm(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount: 45, reason: 'starting gold' })
    await gm(core, 'injury.record', { characterId: glam, kind: 'osr.limb', harm: 'broken', part: 'left arm' })
    await gm(core, 'play.start', { campaignId, attendance: [glam] })

    const party = await gm(core, 'party.get', { campaignId })
    expect(party.present).toBe('session')
    expect(party.members.map((m) => m.name)).toEqual(['Glam'])
    const [g] = party.members
    expect(g).toMatchObject({
      id: glam,
      playerName: 'Ana',
      health: { kind: 'hardiness', h: 3, maxH: 4 },
      balances: [
        { currency: 'gold', balance: 45 },
        { currency: 'xp', balance: 0 },
      ],
      provisions: { foodDays: 3, waterPints: 2, daysLeft: 2 },
      injuries: [{ label: 'Broken left arm' }],
      conditions: [],
    })
    // CLK-4: a torch burns an hour (OSR-8); three turns of it are gone.
    expect(g!.lights).toEqual([expect.objectContaining({ type: 'torch', burnSecondsLeft: 45 * 60, warned: false })])
    expect(party.alerts).toEqual([])
    expect(bryn).toBeGreaterThan(0)
  })

  it('without an open session shows every active PC; in darkness, out of the food they carried or dying is urgent, the rest calm (OSR-19, CLK-4, CLK-5)', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    const glam = await addPc(campaignId, 'Glam', { h: 0, maxH: 4 })
    const bryn = await addPc(campaignId, 'Bryn', { h: 5, maxH: 5 })
    await addPc(campaignId, 'Cat', { h: 2, maxH: 2 })
    await pack(glam, 0, 2)
    await pack(bryn, 1, 1)
    const party = await gm(core, 'party.get', { campaignId })
    expect(party.present).toBe('active')
    expect(party.members.map((m) => m.name)).toEqual(['Bryn', 'Cat', 'Glam'])
    expect(party.alerts).toEqual([{ text: 'In darkness: no light is lit, −5 to actions', rule: 'CLK-4, OSR-8', urgent: true }])
    const byName = Object.fromEntries(party.members.map((m) => [m.name, m]))
    expect(byName.Glam!.conditions).toEqual([
      { text: 'Incapacitated until H is above 0', rule: 'OSR-19', urgent: true },
      { text: 'Out of rations', rule: 'CLK-5', urgent: true },
    ])
    // One day of food and water left is low, not yet the GM's to act on.
    expect(byName.Bryn!.conditions).toEqual([])
    expect(byName.Bryn!.provisions).toEqual({ foodDays: 1, waterPints: 1, daysLeft: 1 })
    // CLK-5: one who never carried rations or water has not run out of them.
    expect(byName.Cat!.provisions).toBeNull()
    expect(byName.Cat!.conditions).toEqual([])
  })

  it('LAD-18, LAD-19: a Ladder character shows the damage level their open injuries add up to; Incapacitated is urgent; Plot Points are their balance, and the Background Pool a super’s (LAD-30)', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })).id
    const tai = await addPc(campaignId, 'Tai')
    const orb = await addPc(campaignId, 'Orb')
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 2, reason: 'two episodes' })
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm' })
    await gm(core, 'injury.record', { characterId: orb, kind: 'ladder.damage', level: 'incapacitated', location: 'leg' })
    await gm(core, 'injury.record', { characterId: orb, kind: 'ladder.damage', level: 'subdued', location: null })
    const party = await gm(core, 'party.get', { campaignId })
    const byName = Object.fromEntries(party.members.map((m) => [m.name, m]))
    expect(byName.Tai).toMatchObject({
      health: { kind: 'damage', level: 'wounded', wounds: 1 },
      balances: [{ currency: 'pp', balance: 2 }],
      injuries: [{ label: 'Wounded · arm', effect: expect.stringMatching(/drops/i) }],
    })
    // A super keeps a Background Pool, empty or not.
    const owl = await addPc(campaignId, 'Night Owl', { super: true })
    expect((await gm(core, 'party.get', { campaignId })).members.find((m) => m.id === owl)!.balances.map((b) => `${b.currency} ${b.balance}`)).toEqual(['pp 0', 'background 0'])
    expect(byName.Orb!.health).toEqual({ kind: 'damage', level: 'incapacitated', wounds: 0 })
    expect(byName.Orb!.conditions).toEqual([
      { text: 'Needs medical attention within the hour, or may begin dying', rule: 'LAD-19', urgent: true },
      { text: 'Subdued until the end of the scene', rule: 'LAD-20', urgent: false },
    ])
    // CLK-4's Decision: darkness in every system, without OSR-8's −5.
    expect(party.alerts).toEqual([{ text: 'In darkness: no light is lit', rule: 'CLK-4', urgent: true }])
  })

  it('RK-8, RK-7: a Ranks character shows the Harm track; the GM’s Threat is the campaign’s balance, not a character’s', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Dark Harbour', system: 'ranks' })).id
    const georgia = await addPc(campaignId, 'Georgia')
    await gm(core, 'injury.record', { characterId: georgia, kind: 'ranks.harm' })
    await gm(core, 'injury.record', { characterId: georgia, kind: 'ranks.harm' })
    await gm(core, 'ledger.earn', { campaignId, currency: 'threat', amount: 6, reason: 'session Threat' })
    await gm(core, 'ledger.earn', { campaignId, characterId: georgia, currency: 'xp', amount: 1, reason: 'accepted a Terrible' })
    const party = await gm(core, 'party.get', { campaignId })
    expect(party.campaignBalances).toEqual([{ currency: 'threat', balance: 6 }])
    expect(party.members[0]).toMatchObject({ health: { kind: 'harm', weary: true, hurt: true, doomed: false }, balances: [{ currency: 'xp', balance: 1 }] })
  })

  it('CH-10: a consequence that incapacitates is urgent; LODE keeps no harm track, only its injuries in words', async () => {
    const challenge = (await gm(core, 'campaign.create', { name: 'Iridia', system: 'challenge' })).id
    const iridia = await addPc(challenge, 'Iridia')
    await gm(core, 'injury.record', { characterId: iridia, kind: 'challenge.reduction', scope: 'incapacitated' })
    const c = await gm(core, 'party.get', { campaignId: challenge })
    expect(c.members[0]).toMatchObject({ health: { kind: 'none' }, conditions: [{ text: 'Incapacitated by a consequence', rule: 'CH-10', urgent: true }] })

    const lode = (await gm(core, 'campaign.create', { name: 'The Web', system: 'lode' })).id
    const bryn = await addPc(lode, 'Bryn')
    await gm(core, 'injury.record', { characterId: bryn, kind: 'other', description: 'Burnt hands' })
    const l = await gm(core, 'party.get', { campaignId: lode })
    expect(l.members[0]).toMatchObject({ health: { kind: 'none' }, injuries: [{ label: 'Burnt hands' }] })
    expect(l.members[0]!.balances.map((b) => b.currency)).toEqual(['destiny', 'energy', 'xp'])
  })
})
