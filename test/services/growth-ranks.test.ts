/**
 * Resolution and Ranks between sessions: the XP each character gained this chapter, each gain with
 * the roll behind it (RK-6) or the GM's award; the chapter moves each still has (RK-9); and an
 * ability's rank changed as the GM rules (the text prices none), with the XP they ask for. The
 * rolls use the campaign's seeded dice, found by search and checked with the engine.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { experienceFor, rollRank } from '../../src/main/engines/ranks'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

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

/** A seed whose first roll of a Poor ability is a loss (Poor or Terrible): scenarios by search, never by luck. */
function losingSeed(): string {
  for (let i = 0; i < 5000; i++) {
    const seed = `growth-rk-${i}`
    const r = rollRank(seededDice(`${seed}#1`), { ability: 'poor' })
    if (r.result === 'poor' || r.result === 'terrible') return seed
  }
  throw new Error('no seed found')
}

async function campaign(seed: string) {
  const campaignId = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed })).id
  const sheet = (ferocity: 'poor' | 'great', aspects: string[]) => ({
    abilities: [
      { name: 'Courage', rank: 'fair' },
      { name: 'Daring', rank: 'good' },
      { name: 'Ferocity', rank: ferocity },
    ],
    aspects: aspects.map((name) => ({ name, used: true })),
  })
  const georgia = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Georgia', sheet: sheet('poor', ['Silver tongue']) })).id
  const alexis = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Alexis', sheet: sheet('great', ['Stubborn']) })).id
  return { campaignId, georgia, alexis }
}

describe('RK-6: the XP gained this chapter, with why', () => {
  it('lists each gain with the roll that earned it, or the GM’s award; a new chapter starts the list again; an undone roll is not there', async () => {
    const seed = losingSeed()
    const { campaignId, georgia, alexis } = await campaign(seed)
    const engine = rollRank(seededDice(`${seed}#1`), { ability: 'poor' })
    const earned = experienceFor(engine, 'losses')
    const s1 = await gm(core, 'play.start', { campaignId, title: 'The cult', attendance: [georgia, alexis] })
    await gm(core, 'ledger.earn', { campaignId, characterId: georgia, currency: 'xp', amount: 1, reason: 'a clever plan' })
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity' })
    expect(roll.result).toBe(engine.result)
    await gm(core, 'ranks.accept', { rollId: roll.id })
    await gm(core, 'play.close', { id: s1.id, confirmThreat: true })

    let view = await gm(core, 'growth.ranks.view', { campaignId })
    expect(view).toMatchObject({ chapter: 1, experienceRule: 'losses', abilities: ['Courage', 'Daring', 'Ferocity'] })
    const g = () => view.characters.find((c) => c.name === 'Georgia')!
    expect(g().xp).toBe(1 + earned.xp)
    expect(g().gains).toEqual([
      { ledgerEntryId: expect.any(Number), amount: 1, roll: null, reason: 'a clever plan', sessionNumber: 1 },
      { ledgerEntryId: expect.any(Number), amount: earned.xp, roll: { ability: 'Ferocity', result: engine.result, reasons: earned.reasons }, reason: expect.stringMatching(/^Ferocity roll: .*\(RK-6\)$/), sessionNumber: 1 },
    ])
    expect(view.characters.find((c) => c.name === 'Alexis')!.gains).toEqual([])

    // A new chapter: the XP stays, this chapter's list starts again; undone, the chapter's gains are back.
    await gm(core, 'ranks.newChapter', { campaignId })
    view = await gm(core, 'growth.ranks.view', { campaignId })
    expect([view.chapter, g().xp, g().gains]).toEqual([2, 1 + earned.xp, []])
    await gm(core, 'play.undo', { campaignId })
    view = await gm(core, 'growth.ranks.view', { campaignId })
    expect([view.chapter, g().gains.length]).toEqual([1, 2])

    // A correction takes the award out of the list.
    const award = g().gains[0]!
    await gm(core, 'ledger.correct', { id: award.ledgerEntryId, note: 'awarded twice' })
    view = await gm(core, 'growth.ranks.view', { campaignId })
    expect(g().gains.map((x) => x.roll?.ability ?? x.reason)).toEqual(['Ferocity'])
    // The acceptance undone: the roll is back in play and its XP is no gain.
    expect((await gm(core, 'play.undo', { campaignId })).undone).toMatch(/^Georgia’s .* stands/)
    view = await gm(core, 'growth.ranks.view', { campaignId })
    expect([g().xp, g().gains]).toEqual([0, []])
  })
})

describe('RK-9: the chapter moves still available', () => {
  it('lists what each character has left this chapter, as the table tracks it; a new chapter brings them back', async () => {
    const { campaignId, alexis } = await campaign('growth-rk-moves')
    await gm(core, 'ranks.move', { move: 'compel', characterId: alexis, compelled: 'Stubborn', refresh: 'Stubborn' })
    let view = await gm(core, 'growth.ranks.view', { campaignId })
    const a = () => view.characters.find((c) => c.name === 'Alexis')!
    expect([a().movesLeft, a().movesUsed]).toEqual([['concession', 'sacrifice', 'refresh'], ['compel']])
    expect(view.characters.find((c) => c.name === 'Georgia')!.movesLeft).toEqual(['concession', 'sacrifice', 'refresh', 'compel'])
    await gm(core, 'ranks.newChapter', { campaignId })
    view = await gm(core, 'growth.ranks.view', { campaignId })
    expect([a().movesLeft.length, a().movesUsed]).toEqual([4, []])
  })
})

describe('RK-1: an ability’s rank the GM rules', () => {
  it('changes the rank with the XP asked for, told in one sentence; undo puts the rank and the XP back', async () => {
    const { campaignId, georgia } = await campaign('growth-rk-rank')
    await gm(core, 'ledger.earn', { campaignId, characterId: georgia, currency: 'xp', amount: 4, reason: 'four hard lessons' })
    const view = await gm(core, 'growth.ranks.ability', { campaignId, characterId: georgia, ability: 'ferocity', rank: 'mediocre', xp: 3, reason: 'a season of sparring' })
    expect(view.characters.find((c) => c.name === 'Georgia')).toMatchObject({ xp: 1, abilities: [{ name: 'Courage' }, { name: 'Daring' }, { name: 'Ferocity', rank: 'mediocre' }] })
    const [told] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(told).toMatchObject({ kind: 'growth.ranks.ability', payload: { text: 'Georgia’s Ferocity went from Poor to Mediocre: a season of sparring (the GM’s ruling; 3 XP).' } })
    await gm(core, 'play.undo', { campaignId })
    const back = (await gm(core, 'growth.ranks.view', { campaignId })).characters.find((c) => c.name === 'Georgia')!
    expect([back.xp, back.abilities.at(-1)!.rank]).toEqual([4, 'poor'])
  })

  it('refuses in words an ability the campaign does not have, the rank it already is, or XP not held', async () => {
    const { campaignId, georgia } = await campaign('growth-rk-refused')
    const ask = (input: object) => refused(core, 'growth.ranks.ability', { campaignId, characterId: georgia, ability: 'Ferocity', rank: 'fair', reason: 'training', ...input })
    expect((await ask({ ability: 'Sorcery' })).message).toBe('This campaign’s abilities are Courage, Daring, Ferocity; “Sorcery” is not one of them. Nothing was changed.')
    expect((await ask({ rank: 'poor' })).message).toBe('Georgia’s Ferocity is already Poor. Nothing was changed.')
    expect(await ask({ xp: 1 })).toMatchObject({ message: 'Georgia has 0 XP, and this costs 1. Nothing was changed.', details: [{ field: 'xp' }] })
  })
})
