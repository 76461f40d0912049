/**
 * LODE between sessions (LODE-9): Energy held against the supply on the sheet, topped up at each
 * session's start or by the GM, as the campaign's setting says; an earn past the supply only as
 * the GM's choice, said in the entry and on the party column; and an attribute or skill changed as
 * the GM rules (the text prices none), with the XP they ask for. Real router, real library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

let lib: TempLibrary
let core: Core
let campaignId: number
let brann: number
let ceri: number
let ulf: number

const sheet = (energySupply: number) => ({ attributes: [{ name: 'Strength', dice: 1, note: '' }], skills: [{ name: 'Swordfighting', dice: 2, note: '' }], energySupply })
const energy = async (characterId: number) => (await gm(core, 'ledger.balances', { campaignId, characterId })).find((b) => b.currency === 'energy')!.balance
const earnEnergy = (characterId: number, amount: number) => gm(core, 'ledger.earn', { campaignId, characterId, currency: 'energy', amount, reason: 'at creation' })

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed: 'growth-lode' })).id
  brann = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Brann', sheet: sheet(3) })).id
  ceri = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Ceri', sheet: sheet(2) })).id
  ulf = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Ulf', sheet: sheet(0) })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('LODE-9: the Energy supply at a session’s start', () => {
  it('tops each character present up to their supply, through the ledger, in the session, when the campaign says so', async () => {
    await earnEnergy(brann, 1)
    await gm(core, 'setting.set', { campaignId, key: 'lode.energyAtSessionStart', value: true })
    const s = await gm(core, 'play.start', { campaignId, attendance: [brann, ulf] })
    // Brann 1 → 3; Ulf's sheet sets no supply; Ceri was not there.
    expect([await energy(brann), await energy(ceri), await energy(ulf)]).toEqual([3, 0, 0])
    const [entry] = (await gm(core, 'ledger.list', { campaignId, characterId: brann, currency: 'energy', limit: 1 })).items
    expect(entry).toMatchObject({ amount: 2, reason: 'the Energy supply at the session’s start (LODE-9)', sessionId: s.id })
  })

  it('writes nothing at the start when the GM tops it up by hand (the default: the text does not say when Energy comes back)', async () => {
    expect((await gm(core, 'growth.lode.view', { campaignId })).energyAtSessionStart).toBe(false)
    await gm(core, 'play.start', { campaignId, attendance: [brann, ceri] })
    expect([await energy(brann), await energy(ceri)]).toEqual([0, 0])
  })
})

describe('LODE-9: over the supply only as the GM’s choice', () => {
  it('refuses an earn past the supply in words, writing nothing; with the GM’s say-so it is written, and says so', async () => {
    await earnEnergy(brann, 3)
    const error = await refused(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'energy', amount: 2, reason: 'a feast' })
    expect(error).toMatchObject({
      code: 'refused',
      message: 'Brann’s Energy supply is 3: this would make 5, 2 over it (LODE-9); earn it over the supply only if you mean to. Nothing was written.',
      details: [{ field: 'overSupply' }],
    })
    expect(await energy(brann)).toBe(3)
    const entry = await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'energy', amount: 2, reason: 'a feast', overSupply: true })
    expect(entry.reason).toBe('a feast — 2 over the Energy supply of 3, by the GM’s choice (LODE-9)')
    // A sheet that sets no supply holds Energy against none; other currencies are not held at all.
    await earnEnergy(ulf, 4)
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'destiny', amount: 9, reason: 'heroics' })
    expect(await energy(ulf)).toBe(4)
  })

  it('says the balance as the GM meant it: on the party column and the sheet, “2 of 3”, or “5 (3 over the supply of 2)”', async () => {
    await earnEnergy(brann, 2)
    await earnEnergy(ceri, 2)
    await gm(core, 'ledger.earn', { campaignId, characterId: ceri, currency: 'energy', amount: 3, reason: 'the druid’s draught', overSupply: true })
    await earnEnergy(ulf, 4)
    const party = await gm(core, 'party.get', { campaignId })
    const energyOf = (name: string) => party.members.find((m) => m.name === name)!.balances.find((b) => b.currency === 'energy')
    expect([energyOf('Brann'), energyOf('Ceri'), energyOf('Ulf')]).toEqual([
      { currency: 'energy', balance: 2, supply: 3 },
      { currency: 'energy', balance: 5, supply: 2 },
      { currency: 'energy', balance: 4, supply: null },
    ])
    const fact = async (id: number) => (await gm(core, 'character.get', { id })).facts.find((f) => f.label === 'Energy')?.value
    expect([await fact(brann), await fact(ceri), await fact(ulf)]).toEqual(['2 of 3', '5 (3 over the supply of 2)', '4'])
    const view = await gm(core, 'growth.lode.view', { campaignId })
    expect(view.characters.map((c) => [c.name, c.energyWords, c.toSupply])).toEqual([
      ['Brann', '2 of 3', 1],
      ['Ceri', '5 (3 over the supply of 2)', 0],
      ['Ulf', '4', 0],
    ])
  })
})

describe('LODE-9: topped up by the GM between sessions', () => {
  it('adds what is missing to the supply, in no session, told in one sentence; Ctrl+Z takes it back; the next session’s recap tells it', async () => {
    const s1 = await gm(core, 'play.start', { campaignId, title: 'The barrow', attendance: [brann] })
    await earnEnergy(brann, 1)
    await gm(core, 'play.close', { id: s1.id })
    const view = await gm(core, 'growth.lode.topUp', { campaignId, characterId: brann })
    expect(view.characters.find((c) => c.name === 'Brann')).toMatchObject({ energy: 3, supply: 3, energyWords: '3 of 3', toSupply: 0 })
    const [entry] = (await gm(core, 'ledger.list', { campaignId, characterId: brann, currency: 'energy', limit: 1 })).items
    expect(entry).toMatchObject({ amount: 2, reason: 'topped up to the Energy supply of 3 (LODE-9)', sessionId: null })
    const [told] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(told).toMatchObject({ kind: 'growth.lode.energy', sessionId: null, payload: { text: 'Brann’s Energy was topped up by 2 to the supply of 3 (LODE-9).' } })

    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Brann’s Energy was topped up by 2 to the supply of 3 (LODE-9)')
    expect(await energy(brann)).toBe(1)
    await gm(core, 'play.redo', { campaignId })
    expect(await energy(brann)).toBe(3)

    const s2 = await gm(core, 'play.start', { campaignId, title: 'The tower', attendance: [brann] })
    const recap = (await gm(core, 'recap.session', { sessionId: s2.id, variant: 'players' })).markdown
    expect(recap).toMatch(/## Since the last session\n\n- Brann’s Energy was topped up by 2 to the supply of 3 \(LODE-9\)\.\n/)
  })

  it('refuses in words a top-up with no supply on the sheet, or at the supply already, writing nothing', async () => {
    await earnEnergy(ceri, 2)
    const before = (await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!.id
    expect((await refused(core, 'growth.lode.topUp', { campaignId, characterId: ulf })).message).toBe(
      'Ulf’s sheet sets no Energy supply; set one on their page first (LODE-9). Nothing was changed.',
    )
    expect((await refused(core, 'growth.lode.topUp', { campaignId, characterId: ceri })).message).toBe('Ceri already holds their Energy supply of 2 or more (LODE-9). Nothing was changed.')
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!.id).toBe(before)
  })
})

describe('LODE-1: an attribute or skill the GM rules', () => {
  it('changes the dice, gains a new skill, or takes one off at 0, with the XP asked for through the ledger; undo puts sheet and XP back', async () => {
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'xp', amount: 3, reason: 'the barrow cleared' })
    let view: { characters: { name: string; xp: number; traits: { kind: string; name: string; dice: number }[] }[] } = await gm(core, 'growth.lode.trait', { campaignId, characterId: brann, kind: 'skill', name: 'swordfighting', dice: 3, xp: 2, reason: 'a winter with the sword-master' })
    const b = () => view.characters.find((c) => c.name === 'Brann')!
    expect(b()).toMatchObject({ xp: 1, traits: [{ kind: 'attribute', name: 'Strength', dice: 1 }, { kind: 'skill', name: 'Swordfighting', dice: 3 }] })
    const [told] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(told!.payload.text).toBe('Brann’s Swordfighting went from +2 dice to +3 dice: a winter with the sword-master (the GM’s ruling; 2 XP).')

    view = await gm(core, 'growth.lode.trait', { campaignId, characterId: brann, kind: 'skill', name: 'Riding', dice: 1, reason: 'a summer with the horse-lords' })
    expect(b().traits.at(-1)).toEqual({ kind: 'skill', name: 'Riding', dice: 1 })
    view = await gm(core, 'growth.lode.trait', { campaignId, characterId: brann, kind: 'attribute', name: 'Strength', dice: 0, reason: 'the curse lifted' })
    expect(b().traits.map((t) => t.name)).toEqual(['Swordfighting', 'Riding'])

    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    view = await gm(core, 'growth.lode.view', { campaignId })
    expect(b()).toMatchObject({ xp: 3, traits: [{ name: 'Strength', dice: 1 }, { name: 'Swordfighting', dice: 2 }] })
  })

  it('refuses in words XP the character has not got, a trait already at those dice, or one that is not there to take off', async () => {
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'xp', amount: 1, reason: 'a clever plan' })
    const ask = (input: object) => refused(core, 'growth.lode.trait', { campaignId, characterId: brann, kind: 'skill', name: 'Swordfighting', dice: 3, reason: 'training', ...input })
    expect(await ask({ xp: 2 })).toMatchObject({ message: 'Brann has 1 XP, and this costs 2. Nothing was changed.', details: [{ field: 'xp' }] })
    expect((await ask({ dice: 2 })).message).toBe('Swordfighting is already at +2 dice. Nothing was changed.')
    expect((await ask({ name: 'Sailing', dice: 0 })).message).toBe('Brann has no skill called “Sailing” to take off. Nothing was changed.')
    expect((await ask({ reason: '  ' })).message).toMatch(/^Why \(your ruling\): say what brought it about/)
    expect((await gm(core, 'ledger.balances', { campaignId, characterId: brann })).find((x) => x.currency === 'xp')!.balance).toBe(1)
  })
})
