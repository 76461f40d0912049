/**
 * The Challenge System between sessions: the consequences a character carries (CH-10), grouped by
 * what they reduce, with how each comes back, cleared when the GM says the story restores them
 * (their records healed and their reductions off the sheet, undone exactly); and a rating changed
 * as the GM rules, since the text prices none (CH-1: Akane's cooking raised to 3 "with a few tips
 * from her sister"). Real router, real library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

let lib: TempLibrary
let core: Core
let campaignId: number
let iridia: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Sorcerous Combat', system: 'challenge', seed: 'ch-consequences' })).id
  iridia = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Iridia', sheet: { abilities: [{ name: 'Sorcery', rating: 7, reserves: 2 }, { name: 'Riding', rating: 4 }] } })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

/** CH-10's Iridia: 1 of 7 against the demon, very hazardous → a quarter of base 9 = 2 points, taken from her Sorcery rating. */
async function iridiaAgainstTheDemon(): Promise<void> {
  const c = await gm(core, 'challenge.start', {
    campaignId,
    sides: [
      { characterId: iridia, ability: 'Sorcery', rating: 7, bonus: 2, reserves: 2, hazard: 'very', help: { abilities: [{ name: 'Joiry', rating: 4 }] } },
      { name: 'the demon', rating: 10, hazard: 'very' },
    ],
  })
  await gm(core, 'challenge.playOut', { id: c.id })
  await gm(core, 'challenge.consequences', { id: c.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 2 }] }] })
  await gm(core, 'challenge.close', { id: c.id })
}

const openInjuries = async () => (await gm(core, 'injury.list', { campaignId, characterId: iridia, unhealedOnly: true })).map((i) => i.label)
const sheetReductions = async () => ((await gm(core, 'character.get', { id: iridia })).sheet as { reductions: { scope: string }[] }).reductions

describe('CH-10: the consequences carried between sessions', () => {
  it('lists each kind with how it comes back, the abilities as they stand after them, and the XP held', async () => {
    await iridiaAgainstTheDemon()
    await gm(core, 'injury.record', { characterId: iridia, kind: 'challenge.reduction', scope: 'incapacitated' })
    await gm(core, 'ledger.earn', { campaignId, characterId: iridia, currency: 'xp', amount: 2, reason: 'the demon banished', sessionId: null })
    const [c] = (await gm(core, 'growth.challenge.view', { campaignId })).characters
    expect(c).toMatchObject({
      name: 'Iridia',
      xp: 2,
      abilities: [
        { name: 'Sorcery', rated: { rating: 7, reserves: 2 }, now: { rating: 5, reserves: 2 } },
        { name: 'Riding', rated: { rating: 4 }, now: { rating: 4 } },
      ],
    })
    expect(c!.consequences).toEqual([
      { scope: 'ability', ability: 'Sorcery', points: 2, records: 1, label: '−2 Sorcery', recovery: 'Restored after the next challenge that uses Sorcery (CH-10), or sooner if the story restores it.' },
      { scope: 'incapacitated', ability: '', points: 0, records: 1, label: 'Incapacitated', recovery: 'The text gives no time for it: it lasts until you clear it (CH-10).' },
    ])
  })

  it('clears every ability’s reductions at the end of an arc: records healed, off the sheet, one sentence; undo puts both back; the next recap tells it', async () => {
    const s1 = await gm(core, 'play.start', { campaignId, title: 'The demon', attendance: [iridia] })
    await gm(core, 'injury.record', { characterId: iridia, kind: 'challenge.reduction', scope: 'overall', points: 1 })
    await gm(core, 'injury.record', { characterId: iridia, kind: 'challenge.reduction', scope: 'overall', points: 1 })
    const sheet = (await gm(core, 'character.get', { id: iridia })).sheet as Record<string, unknown>
    const split = [{ scope: 'overall', ability: '', from: 'rating', points: 1, note: '' }, { scope: 'overall', ability: '', from: 'rating', points: 1, note: '' }]
    await gm(core, 'character.update', { id: iridia, sheet: { ...sheet, reductions: split } })
    await gm(core, 'play.close', { id: s1.id })
    expect((await gm(core, 'growth.challenge.view', { campaignId })).characters[0]!.abilities[0]!.now).toEqual({ rating: 5, bonus: 0, reserves: 2, resistance: 0 })

    const view = await gm(core, 'growth.challenge.clear', { campaignId, characterId: iridia, scope: 'overall', reason: 'the end of the arc' })
    expect(view.characters[0]!.consequences).toEqual([])
    expect(view.characters[0]!.abilities[0]!.now).toEqual({ rating: 7, bonus: 0, reserves: 2, resistance: 0 })
    expect([await openInjuries(), await sheetReductions()]).toEqual([[], []])
    const [told] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(told).toMatchObject({ kind: 'growth.challenge.cleared', sessionId: null, payload: { text: 'Iridia’s −2 to every ability were restored: the end of the arc (CH-10).' } })

    await gm(core, 'play.undo', { campaignId })
    expect(await openInjuries()).toEqual(['−1 to every ability', '−1 to every ability'])
    expect(await sheetReductions()).toEqual(split)
    await gm(core, 'play.redo', { campaignId })
    expect(await openInjuries()).toEqual([])
    const s2 = await gm(core, 'play.start', { campaignId, title: 'After', attendance: [iridia] })
    expect((await gm(core, 'recap.session', { sessionId: s2.id, variant: 'gm' })).markdown).toContain('- Iridia’s −2 to every ability were restored: the end of the arc (CH-10).')
  })

  it('clears an ability’s reduction or being incapacitated when the story says so, with nothing on the sheet to change for the latter', async () => {
    await iridiaAgainstTheDemon()
    await gm(core, 'injury.record', { characterId: iridia, kind: 'challenge.reduction', scope: 'incapacitated' })
    await gm(core, 'growth.challenge.clear', { campaignId, characterId: iridia, scope: 'incapacitated', reason: 'the abbey’s healers' })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!.payload.text).toBe('Iridia is no longer incapacitated: the abbey’s healers (CH-10).')
    await gm(core, 'growth.challenge.clear', { campaignId, characterId: iridia, scope: 'ability', ability: 'sorcery', reason: 'a week of meditation' })
    expect([await openInjuries(), await sheetReductions()]).toEqual([[], []])
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    expect((await openInjuries()).sort()).toEqual(['Incapacitated', '−2 Sorcery'])
    expect(await sheetReductions()).toHaveLength(1)
  })

  it('refuses in words a consequence not carried, or an ability’s without the ability, writing nothing', async () => {
    const before = (await gm(core, 'log.list', { campaignId, limit: 1 }))[0]?.id ?? 0
    expect((await refused(core, 'growth.challenge.clear', { campaignId, characterId: iridia, scope: 'overall', reason: 'rest' })).message).toBe(
      'Iridia carries no consequence to every ability. Nothing was changed.',
    )
    expect((await refused(core, 'growth.challenge.clear', { campaignId, characterId: iridia, scope: 'ability', reason: 'rest' })).details[0]!.field).toBe('ability')
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]?.id ?? 0).toBe(before)
  })
})

describe('CH-1: a rating the GM rules', () => {
  it('Akane, having raised her cooking skill to 3 with a few tips from her sister: one sentence, undone exactly', async () => {
    const akane = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Akane', sheet: { abilities: [{ name: 'Cooking', rating: 2 }] } })).id
    const view = await gm(core, 'growth.challenge.ability', { campaignId, characterId: akane, ability: 'cooking', rating: 3, reason: 'a few tips from her sister' })
    expect(view.characters.find((c) => c.name === 'Akane')!.abilities).toEqual([{ name: 'Cooking', rated: { rating: 3, bonus: 0, reserves: 0, resistance: 0 }, now: { rating: 3, bonus: 0, reserves: 0, resistance: 0 } }])
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!.payload.text).toBe('Akane’s Cooking rose from 2 to 3: a few tips from her sister (the GM’s ruling).')
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'character.get', { id: akane })).sheet).toMatchObject({ abilities: [{ name: 'Cooking', rating: 2 }] })
  })

  it('gains a new ability with the XP asked for; refuses XP not held, the rating it has, or one its reductions would break', async () => {
    await iridiaAgainstTheDemon()
    await gm(core, 'ledger.earn', { campaignId, characterId: iridia, currency: 'xp', amount: 3, reason: 'the demon banished' })
    const view = await gm(core, 'growth.challenge.ability', { campaignId, characterId: iridia, ability: 'Herb lore', rating: 3, xp: 3, reason: 'a season with Joiry’s mother' })
    expect(view.characters[0]).toMatchObject({ xp: 0, abilities: [{ name: 'Sorcery' }, { name: 'Riding' }, { name: 'Herb lore', rated: { rating: 3 } }] })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!.payload.text).toBe('Iridia gained Herb lore at 3: a season with Joiry’s mother (the GM’s ruling; 3 XP).')
    const ask = (input: object) => refused(core, 'growth.challenge.ability', { campaignId, characterId: iridia, ability: 'Sorcery', rating: 8, reason: 'study', ...input })
    expect((await ask({ xp: 1 })).message).toBe('Iridia has 0 XP, and this costs 1. Nothing was changed.')
    expect((await ask({ rating: 7 })).message).toBe('Iridia’s Sorcery is already 7. Nothing was changed.')
    // Her −2 Sorcery sits on the rating: a rating of 1 cannot carry it.
    expect((await ask({ rating: 1 })).message).toBe('That would break Iridia’s sheet: Sorcery has rating 1; its reductions would take 2 (CH-10). Nothing was changed.')
  })
})
