/**
 * Undo walks back across every kind of action, newest first: in a campaign of each of the five
 * systems the GM makes a clock step, a ledger entry, an injury, a roll and the table's tracker
 * steps, then undoes them all one by one; after each undo the campaign is exactly as it was before
 * that action (the clock, sheets, injuries, balances, the system's tracker, the log still standing).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { MethodInput } from '../../src/shared/contract'
import type { MethodName } from '../../src/shared/methods'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { all, insert, value } from '../support/sql'

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

const rows = (query: string, ...args: unknown[]) => all(core, query, ...args)

/** Everything an action can change, as stored; the log as far as `upTo` (what undo writes comes after). */
async function fingerprint(campaignId: number, upTo: number): Promise<unknown> {
  const { time, mode, lights, timers, encounters, dark } = await gm(core, 'clock.get', { campaignId })
  return {
    clock: { time, mode, lights, timers, encounters, dark },
    sheets: await rows('select id, sheet from character where campaign_id = ? order by id', campaignId),
    items: await rows('select i.id, i.quantity, i.details from inventory_item i join character c on c.id = i.character_id where c.campaign_id = ? order by i.id', campaignId),
    injuries: await rows('select id, details, healed, healed_at from injury i where i.character_id in (select id from character where campaign_id = ?) order by id', campaignId),
    balances: await rows('select character_id, currency, sum(amount) as n from ledger_entry where campaign_id = ? group by character_id, currency having sum(amount) != 0 order by 1, 2', campaignId),
    ladder: await rows('select id, status, state, last from ladder_conflict where campaign_id = ? order by id', campaignId),
    osr: await rows('select state from osr_table where campaign_id = ?', campaignId),
    lode: await rows('select id, state, history from lode_roll where campaign_id = ? order by id', campaignId),
    // A campaign without a scene row is in scene 1 (LODE-11).
    scene: (await rows('select number, session_id, kept_by from lode_scene where campaign_id = ?', campaignId))[0] ?? { number: 1, session_id: null, kept_by: '[]' },
    challenge: await rows('select id, status, state from challenge where campaign_id = ? order by id', campaignId),
    ranks: await rows('select state from ranks_table where campaign_id = ?', campaignId),
    rolls: await rows("select id, status, aspect, result from ranks_roll where campaign_id = ? and status != 'withdrawn' order by id", campaignId),
    log: await rows('select id from log_entry where campaign_id = ? and undone = 0 and id <= ? order by id', campaignId, upTo),
  }
}

const lastLogId = async () => Number(await value(core, 'select coalesce(max(id), 0) as n from log_entry'))

/** Makes each action in turn, noting the campaign before it; then undoes them all, newest first, checking each. */
async function undoAll(campaignId: number, actions: (() => Promise<unknown>)[]): Promise<string[]> {
  const before: { upTo: number; state: unknown }[] = []
  for (const act of actions) {
    const upTo = await lastLogId()
    before.push({ upTo, state: await fingerprint(campaignId, upTo) })
    await act()
  }
  const undone: string[] = []
  for (const b of before.reverse()) {
    undone.push((await gm(core, 'play.undo', { campaignId })).undone)
    expect(await fingerprint(campaignId, b.upTo), `after undoing “${undone.at(-1)}”`).toEqual(b.state)
  }
  expect((await refused(core, 'play.undo', { campaignId })).message).toBe('There is nothing to undo in this campaign’s log.')
  return undone
}

function pc(campaignId: number, name: string, sheet: object): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, sheet: JSON.stringify(sheet), created_at: 't', updated_at: 't' })
}

const call = <K extends MethodName>(method: K, input: MethodInput<K>) => () => gm(core, method, input)

describe('undo across every kind of action, newest first', () => {
  it('The Ladder (LAD-7, LAD-21): clock, ledger, injury, roll, conflict start and exchange', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Capes', system: 'ladder', seed: 'kinds' })).id
    const tai = await pc(campaignId, 'Tai', {})
    let conflict = 0
    const undone = await undoAll(campaignId, [
      call('clock.advance', { campaignId, span: { turns: 2 } }),
      call('ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 2, reason: 'bravery' }),
      call('injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm' }),
      call('ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Running', asset: 'good', difficulty: 'expert' }),
      async () => (conflict = (await gm(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: { characterId: tai, name: 'Tai', assetName: 'Running', asset: 'good' }, b: { characterId: null, name: 'Guard', asset: 'good' }, headStart: { a: 0, b: 0 } })).id),
      () => gm(core, 'ladder.conflict.exchange', { id: conflict }),
      call('log.note', { campaignId, text: 'The guard is winded.' }),
    ])
    expect(undone[0]).toBe('The guard is winded')
    expect(undone.at(-1)).toMatch(/^Advanced /)
  })

  it('The old-school core (OSR-19): clock, ledger, injury, a check, harm at the table', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'kinds' })).id
    const glam = await pc(campaignId, 'Glam', { level: 1, B: -1, M: 0, S: 1, h: 4, maxH: 4, options: [] })
    await undoAll(campaignId, [
      call('clock.advance', { campaignId, span: { turns: 1 } }),
      call('ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount: 30, reason: 'the chief’s purse' }),
      call('injury.record', { characterId: glam, kind: 'other', description: 'a twisted ankle' }),
      call('osr.roll', { campaignId, roll: { what: 'check', characterId: glam, ability: 'B' } }),
      call('osr.harm', { campaignId, characterId: glam, harm: 2 }),
      call('encounter.reaction', { campaignId, spirit: 0 }),
    ])
  })

  it('LODE (LODE-9, LODE-11): clock, ledger, injury, a roll, its Destiny re-roll, a new scene', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Barrow', system: 'lode', seed: 'kinds' })).id
    const brann = await pc(campaignId, 'Brann', {})
    let roll = 0
    await undoAll(campaignId, [
      call('ledger.earn', { campaignId, characterId: brann, currency: 'destiny', amount: 1, reason: 'at creation' }),
      call('clock.advance', { campaignId, span: { hours: 1 } }),
      call('ledger.earn', { campaignId, characterId: brann, currency: 'energy', amount: 1, reason: 'rested' }),
      call('injury.record', { characterId: brann, kind: 'other', description: 'a cut hand' }),
      async () => (roll = (await gm(core, 'lode.roll', { campaignId, characterId: brann, what: 'Climb', baseDice: 3, energy: 1 })).id),
      () => gm(core, 'lode.reroll', { rollId: roll }),
      call('lode.newScene', { campaignId }),
    ])
  })

  it('The Challenge System (CH-2): clock, ledger, injury, a challenge started and a round', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Meal', system: 'challenge', seed: 'kinds' })).id
    const akane = await pc(campaignId, 'Akane', {})
    let challenge = 0
    await undoAll(campaignId, [
      call('clock.advance', { campaignId, span: { minutes: 10 } }),
      call('ledger.earn', { campaignId, characterId: akane, currency: 'xp', amount: 1, reason: 'a good meal' }),
      call('injury.record', { characterId: akane, kind: 'other', description: 'a burn' }),
      async () => (challenge = (await gm(core, 'challenge.start', { campaignId, sides: [{ name: 'Akane', rating: 4 }, { name: 'the meal', rating: 4 }] })).id),
      () => gm(core, 'challenge.round', { id: challenge }),
    ])
  })

  it('Resolution and Ranks (RK-7, RK-8): Threat, a Danger, a roll against it accepted, Harm, and Harm recovered', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Cult', system: 'ranks', seed: 'kinds' })).id
    const sheet = { abilities: [{ name: 'Ferocity', rank: 'good' }, { name: 'Daring', rank: 'fair' }, { name: 'Courage', rank: 'great' }], aspects: [{ name: 'Stubborn', used: false }] }
    const georgia = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Georgia', playerName: null, sheet })).id
    await gm(core, 'play.start', { campaignId, attendance: [georgia] })
    let danger = 0
    let roll = 0
    const undone = await undoAll(campaignId, [
      call('clock.advance', { campaignId, span: { turns: 1 } }),
      call('ranks.threat', { campaignId, perCharacter: 3 }),
      async () => (danger = (await gm(core, 'ranks.danger', { campaignId, characterId: georgia, description: 'minions' })).id),
      async () => (roll = (await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity', dangerId: danger })).id),
      () => gm(core, 'ranks.accept', { rollId: roll }),
      call('ranks.harm', { characterId: georgia }),
      call('ranks.recover', { characterId: georgia }),
    ])
    expect(undone[0]).toMatch(/healed/)
  })
})
