/**
 * Resolution and Ranks at the table, the tracker: the GM's Threat through the ledger (RK-7),
 * Dangers in front of characters, facing them (RK-8) with Harm as injury records, Courage beyond
 * Doomed, and the once-per-chapter moves (RK-9). Seeded campaign dice make every roll known.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { rollRank, type Rank, type RankResult } from '../../src/main/engines/ranks'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { unitOfWork } from '../../src/main/services/core/context'
import { undoRanksStep } from '../../src/main/services/table-ranks'

const TABLES = ['ranks_roll', 'ranks_table', 'ledger_entry', 'injury', 'log_entry', 'character'] as const

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

const nth = (seed: string, n: number) => seededDice(`${seed}#${n}`)

/** The first seed whose rolls 1, 2 … of the given abilities satisfy `want`. */
function seedWhere(abilities: Rank[], want: (rolls: RankResult[]) => boolean): string {
  for (let i = 0; i < 20000; i++) {
    const seed = `rk-${i}`
    if (want(abilities.map((ability, n) => rollRank(nth(seed, n + 1), { ability })))) return seed
  }
  throw new Error('no seed found')
}

const SHEET = (ranks: [Rank, Rank, Rank], aspects: string[]) => ({
  abilities: [
    { name: 'Courage', rank: ranks[0] },
    { name: 'Daring', rank: ranks[1] },
    { name: 'Ferocity', rank: ranks[2] },
  ],
  aspects: aspects.map((name) => ({ name, used: false })),
})

/** A Ranks campaign with Alexis, Georgia and Inigo at an open session. */
async function session(seed = 'tracker') {
  const campaignId = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed })).id
  const pc = async (name: string, sheet: Record<string, unknown>) => (await gm(core, 'character.create', { campaignId, kind: 'pc', name, playerName: null, sheet })).id
  const alexis = await pc('Alexis', SHEET(['fair', 'good', 'great'], ['Fencing master', 'Stubborn']))
  const georgia = await pc('Georgia', SHEET(['good', 'mediocre', 'poor'], ['Silver tongue']))
  const inigo = await pc('Inigo', SHEET(['great', 'fair', 'superb'], ['You killed my father']))
  const s = await gm(core, 'play.start', { campaignId, attendance: [alexis, georgia, inigo] })
  return { campaignId, alexis, georgia, inigo, sessionId: s.id }
}

describe('Threat and Dangers (RK-7)', () => {
  it('gives 3 to 15 Threat per player character at the session, once, through the campaign’s ledger', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Early', system: 'ranks' })).id
    expect((await refused(core, 'ranks.threat', { campaignId, perCharacter: 3 })).message).toBe(
      'Threat is given per session (RK-7): start the session first. No Threat was given.',
    )
    const { campaignId: id, sessionId } = await session()
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'ranks.threat', { campaignId: id, perCharacter: 2 })).message).toBe(
      'Threat per player character is a whole number from 3 to 15; got 2. No Threat was given.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)
    const view = await gm(core, 'ranks.threat', { campaignId: id, perCharacter: 3 })
    expect(view).toMatchObject({ threat: 9, threatGiven: true, threatCharacters: 3, sessionId })
    const [entry] = (await gm(core, 'ledger.list', { campaignId: id, currency: 'threat' })).items
    expect(entry).toMatchObject({ characterId: null, amount: 9, sessionId, reason: 'This session’s Threat: 3 for each of 3 player characters (RK-7)' })
    expect((await refused(core, 'ranks.threat', { campaignId: id, perCharacter: 3 })).details[0]!.field).toBe('perCharacter')
  })

  it('spends Threat on one Danger per character, refusing a second and one the Threat cannot cover', async () => {
    const { campaignId, alexis, georgia } = await session()
    await gm(core, 'ranks.threat', { campaignId, perCharacter: 3 })
    const minions = await gm(core, 'ranks.danger', { campaignId, characterId: alexis, description: 'the cultist’s minions', threat: 2 })
    expect(minions).toMatchObject({ id: 1, characterId: alexis, facing: 'Alexis', threat: 2 })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'ranks.danger', { campaignId, characterId: alexis, description: 'more minions' })).message).toBe(
      'Alexis already faces a Danger (the cultist’s minions); a character never faces two at once. No Danger was made.',
    )
    expect((await refused(core, 'ranks.danger', { campaignId, characterId: georgia, description: 'the god stirs', threat: 8 })).message).toBe(
      'This Danger costs 8 Threat, but only 7 is left. No Danger was made.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)
    const view = await gm(core, 'ranks.table', { campaignId })
    expect(view.threat).toBe(7)
    expect(view.dangers).toEqual([{ id: 1, characterId: alexis, facing: 'Alexis', description: 'the cultist’s minions', threat: 2 }])
    expect(view.characters.find((c) => c.id === alexis)!.dangerId).toBe(1)
    // Facing a Danger, Alexis cannot take his own Action (RK-7).
    expect((await refused(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Daring' })).message).toBe(
      'Alexis faces a Danger (the cultist’s minions) and must deal with it before their own Action: roll against that Danger. Nothing was rolled.',
    )
  })
})

describe('facing a Danger (RK-8)', () => {
  it('a red result marks Harm and the Danger stays; Fair removes it with Harm; green removes it clean', async () => {
    const seed = seedWhere(['poor', 'poor', 'great'], ([a, b, c]) => a!.colour === 'red' && b!.result === 'fair' && c!.colour === 'green')
    const { campaignId, alexis, georgia } = await session(seed)
    await gm(core, 'ranks.threat', { campaignId, perCharacter: 3 })
    const danger = await gm(core, 'ranks.danger', { campaignId, characterId: georgia, description: 'minions' })

    const red = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity', dangerId: danger.id })
    const redDone = await gm(core, 'ranks.accept', { rollId: red.id })
    expect(redDone.outcome).toMatchObject({ danger: { id: danger.id, removed: false }, harm: { characterId: georgia, box: 'weary', beyondDoomed: false } })
    const injuries = await gm(core, 'injury.list', { campaignId, characterId: georgia, unhealedOnly: true })
    expect(injuries.map((i) => i.details)).toEqual([{ kind: 'ranks.harm', box: 'weary' }])
    expect((await gm(core, 'character.get', { id: georgia })).sheet).toMatchObject({ harm: { weary: true, hurt: false, doomed: false } })

    const fair = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity', dangerId: danger.id })
    const fairDone = await gm(core, 'ranks.accept', { rollId: fair.id })
    expect(fairDone.outcome).toMatchObject({ danger: { removed: true }, harm: { box: 'hurt' } })
    expect((await gm(core, 'ranks.table', { campaignId })).dangers).toEqual([])

    // Anyone may deal with a Danger: Alexis takes on the one in front of Georgia, and any Harm is his.
    const again = await gm(core, 'ranks.danger', { campaignId, characterId: georgia, description: 'the virgin resists' })
    const green = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity', dangerId: again.id })
    expect((await gm(core, 'ranks.accept', { rollId: green.id })).outcome).toMatchObject({ danger: { removed: true }, harm: null })
    expect(await logKinds(core, campaignId)).toEqual(expect.arrayContaining(['ranks.roll', 'ranks.accepted', 'injury.recorded', 'ranks.danger', 'ledger.spent']))
  })

  it('Harm beyond Doomed takes the character out of the scene to roll Courage (RK-8)', async () => {
    const seed = seedWhere(['good'], ([c]) => c!.colour !== 'red')
    const { campaignId, inigo } = await session(seed)
    for (let i = 0; i < 3; i++) await gm(core, 'ranks.harm', { characterId: inigo, description: 'the duel' })
    expect((await refused(core, 'ranks.courage', { characterId: inigo })).message).toMatch(/^Inigo is not beyond Doomed/)
    const out = await gm(core, 'ranks.harm', { characterId: inigo, description: 'one more cut' })
    expect(out).toMatchObject({ harm: { weary: true, hurt: true, doomed: true }, nextHarm: null, courageDue: true })
    expect((await refused(core, 'ranks.harm', { characterId: inigo })).message).toMatch(/roll their Courage first \(RK-8\)/)
    const { roll } = await gm(core, 'ranks.courage', { characterId: inigo })
    expect(roll).toMatchObject({ purpose: 'courage', ability: 'Courage', rank: 'great', result: rollRank(nth(seed, 1), { ability: 'great' }).result })
    const done = await gm(core, 'ranks.accept', { rollId: roll!.id })
    expect(done.outcome?.courage).toBe('recovering')
    expect(await gm(core, 'ranks.person', { characterId: inigo })).toMatchObject({ courageDue: false, harm: { doomed: true } })
  })

  it('a Manifestation skips the Courage roll (RK-8)', async () => {
    const { campaignId, georgia } = await session()
    for (let i = 0; i < 4; i++) await gm(core, 'ranks.harm', { characterId: georgia })
    expect(await gm(core, 'ranks.courage', { characterId: georgia, manifestation: true })).toEqual({ roll: null })
    expect((await gm(core, 'ranks.person', { characterId: georgia })).courageDue).toBe(false)
    expect((await logKinds(core, campaignId)).at(-1)).toBe('ranks.manifestation')
  })
})

describe('chapter moves (RK-9)', () => {
  it('Concession settles a roll as a failure and recovers the Harm it marked, once per chapter', async () => {
    const seed = seedWhere(['poor'], ([a]) => a!.colour === 'red')
    const { campaignId, georgia } = await session(seed)
    await gm(core, 'ranks.threat', { campaignId, perCharacter: 3 })
    const danger = await gm(core, 'ranks.danger', { campaignId, characterId: georgia, description: 'minions' })
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity', dangerId: danger.id })
    await gm(core, 'ranks.accept', { rollId: roll.id })
    expect((await gm(core, 'ranks.person', { characterId: georgia })).harm.weary).toBe(true)
    const table = await gm(core, 'ranks.table', { campaignId })
    expect(table.lastRoll?.id).toBe(roll.id)

    const after = await gm(core, 'ranks.move', { move: 'concession', characterId: georgia, rollId: roll.id })
    expect(after).toMatchObject({ chapterMoves: ['concession'], harm: { weary: false } })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'ranks.move', payload: { move: 'concession', name: 'Georgia', recovered: 'weary', leavesScene: true } })
    expect((await refused(core, 'ranks.move', { move: 'concession', characterId: georgia, rollId: roll.id })).message).toBe(
      'That roll is conceded; the move acts on a roll in play or accepted. Nothing was changed.',
    )
    const next = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity', dangerId: danger.id })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'ranks.move', { move: 'concession', characterId: georgia, rollId: next.id })).message).toBe(
      'Concession was already used this chapter; it comes back next chapter. Nothing was changed.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)

    const chapter = await gm(core, 'ranks.newChapter', { campaignId })
    expect(chapter.chapter).toBe(2)
    expect(chapter.characters.find((c) => c.id === georgia)!.chapterMoves).toEqual([])
  })

  it('Sacrifice needs a failed roll; Refresh recovers Harm for both; Compel refreshes an aspect', async () => {
    const seed = seedWhere(['great', 'good'], ([a]) => a!.colour !== 'red' && a!.result !== 'legendary')
    const { campaignId, alexis, georgia } = await session(seed)
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity' })
    const sacrifice = await refused(core, 'ranks.move', { move: 'sacrifice', characterId: alexis, rollId: roll.id, lost: 'the old mule' })
    expect(sacrifice.message).toBe(`Sacrifice comes after failing a roll; this roll is ${roll.result}, not a failure. Nothing was changed.`)
    await gm(core, 'ranks.aspect', { rollId: roll.id, aspect: 'Fencing master' })
    await gm(core, 'ranks.accept', { rollId: roll.id })

    await gm(core, 'ranks.harm', { characterId: alexis })
    await gm(core, 'ranks.harm', { characterId: alexis })
    await gm(core, 'ranks.harm', { characterId: georgia })
    const refreshed = await gm(core, 'ranks.move', { move: 'refresh', characterId: alexis, partnerId: georgia, reciprocate: true })
    expect(refreshed).toMatchObject({ harm: { weary: true, hurt: false }, chapterMoves: ['refresh'] })
    expect((await gm(core, 'ranks.person', { characterId: georgia })).harm.weary).toBe(false)
    expect((await refused(core, 'ranks.move', { move: 'refresh', characterId: georgia, partnerId: georgia })).details[0]!.field).toBe('partnerId')

    expect((await refused(core, 'ranks.move', { move: 'compel', characterId: alexis, compelled: 'Hot-headed' })).details[0]!.field).toBe('compelled')
    const compelled = await gm(core, 'ranks.move', { move: 'compel', characterId: alexis, compelled: 'Stubborn', refresh: 'Fencing master' })
    expect(compelled.aspects).toEqual([{ name: 'Fencing master', used: false }, { name: 'Stubborn', used: false }])
    expect(compelled.chapterMoves).toEqual(['refresh', 'compel'])
  })
})

describe('undo of the last change at the table', () => {
  /** Undoes the newest ranks.* entry, as the table's undo would, and returns what it undid. */
  async function undoLast(campaignId: number): Promise<string> {
    const [entry] = (await gm(core, 'log.list', { campaignId, limit: 50 })).filter((e) => e.kind.startsWith('ranks.') && !e.undone)
    return unitOfWork(core.deps, (tx) => undoRanksStep(tx, entry!))
  }

  it('takes back an accepted roll: the Danger, the Harm and the XP, with the roll in play again', async () => {
    const seed = seedWhere(['poor'], ([a]) => a!.result === 'poor')
    const { campaignId, georgia } = await session(seed)
    await gm(core, 'ranks.threat', { campaignId, perCharacter: 3 })
    const danger = await gm(core, 'ranks.danger', { campaignId, characterId: georgia, description: 'minions' })
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity', dangerId: danger.id })
    const before = await gm(core, 'ranks.table', { campaignId })
    await gm(core, 'ranks.accept', { rollId: roll.id })
    expect((await gm(core, 'ranks.person', { characterId: georgia })).xp).toBe(1)

    expect(await undoLast(campaignId)).toBe('ranks.accepted')
    const after = await gm(core, 'ranks.table', { campaignId })
    expect(after.openRoll?.id).toBe(roll.id)
    expect(after.characters).toEqual(before.characters)
    expect(after.dangers).toEqual(before.dangers)
    // The XP was reversed by an opposite entry, not erased.
    const xp = (await gm(core, 'ledger.list', { campaignId, characterId: georgia, currency: 'xp' })).items
    expect(xp.map((e) => e.amount)).toEqual([-1, 1])
    expect(await gm(core, 'injury.list', { campaignId, characterId: georgia, unhealedOnly: false })).toEqual([])
  })

  it('takes back a Danger and its Threat, an aspect, and a chapter move', async () => {
    const { campaignId, alexis } = await session()
    await gm(core, 'ranks.threat', { campaignId, perCharacter: 3 })
    await gm(core, 'ranks.danger', { campaignId, characterId: alexis, description: 'minions', threat: 2 })
    await undoLast(campaignId)
    expect(await gm(core, 'ranks.table', { campaignId })).toMatchObject({ threat: 9, dangers: [] })

    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Daring' })
    await gm(core, 'ranks.aspect', { rollId: roll.id, aspect: 'Stubborn' })
    await undoLast(campaignId)
    const view = await gm(core, 'ranks.table', { campaignId })
    expect(view.openRoll).toMatchObject({ id: roll.id, aspect: null, result: roll.result })
    expect(view.characters.find((c) => c.id === alexis)!.aspects.every((a) => !a.used)).toBe(true)

    await gm(core, 'ranks.harm', { characterId: alexis })
    await gm(core, 'ranks.move', { move: 'refresh', characterId: alexis, partnerId: (view.characters.find((c) => c.name === 'Georgia'))!.id })
    await undoLast(campaignId)
    expect(await gm(core, 'ranks.person', { characterId: alexis })).toMatchObject({ chapterMoves: [], harm: { weary: true } })
    await expect(undoLast(campaignId)).rejects.toThrow(/nothing to take back/)
  })
})
