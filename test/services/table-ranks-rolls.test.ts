/**
 * Resolution and Ranks at the table, the roll: exact odds (RK-2, DICE-2), the roll in play with
 * its faces logged (DICE-3), aspects (RK-4), the borderline rule (RK-5), experience (RK-6) and
 * the refusals that change nothing. Every roll uses the campaign's seeded dice, so the test
 * computes the same faces with the engine and `seededDice(`${seed}#${n}`)`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { addAspect, RANKS, rankOdds, rankOddsWithAspect, rollRank, type Rank, type RankResult } from '../../src/main/engines/ranks'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'

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

/** The engine's roll n of a campaign seeded `seed` (services/core/dice.ts). */
const nth = (seed: string, n: number) => seededDice(`${seed}#${n}`)

/** The first seed whose first roll of `ability` satisfies `want`: scenarios by search, never by luck. */
function seedWhere(ability: Rank, want: (r: RankResult, seed: string) => boolean): string {
  for (let i = 0; i < 5000; i++) {
    const seed = `rk-${i}`
    if (want(rollRank(nth(seed, 1), { ability }), seed)) return seed
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

async function table(seed: string) {
  const campaignId = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed })).id
  const pc = async (name: string, sheet: Record<string, unknown>) => (await gm(core, 'character.create', { campaignId, kind: 'pc', name, playerName: null, sheet })).id
  const alexis = await pc('Alexis', SHEET(['fair', 'good', 'great'], ['Fencing master', 'Stubborn']))
  const georgia = await pc('Georgia', SHEET(['good', 'mediocre', 'poor'], ['Silver tongue']))
  return { campaignId, alexis, georgia }
}

describe('odds before the roll (RK-2, RK-4, DICE-2)', () => {
  it('are the engine’s exact odds for every ability rank, plain and with an aspect, in RK-3’s colours', async () => {
    for (const rank of ['poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular'] as const) {
      const odds = await gm(core, 'ranks.odds', { rank })
      const engine = rankOdds({ ability: rank })
      expect(odds.bars.map((b) => b.rank)).toEqual([...RANKS])
      for (const b of odds.bars) expect(b.p).toBe(engine[b.rank])
      const withAspect = rankOddsWithAspect({ ability: rank })
      for (const b of odds.withAspect.bars) expect(b.p).toBe(withAspect[b.rank])
      const fairOrBetter = RANKS.slice(3).reduce((s, r) => s + engine[r], 0)
      expect(odds.success).toBeCloseTo(fairOrBetter, 12)
      expect(odds.noHarm).toBeCloseTo(fairOrBetter - engine.fair, 12)
    }
    const fair = await gm(core, 'ranks.odds', { rank: 'fair' })
    expect(fair.bars.map((b) => b.colour)).toEqual(['red', 'red', 'red', 'yellow', 'green', 'green', 'blue', 'blue', 'black'])
    expect(fair.bars.at(-1)!.p).toBe(1 / 36)
    expect((await refused(core, 'ranks.odds', { rank: 'legendary' })).details[0]!.field).toBe('rank')
  })
})

describe('the roll in play (RK-2, DICE-3)', () => {
  it('rolls up then down with the campaign’s dice, logs every face, and keeps a GM-only roll out of the recap', async () => {
    const seed = 'the-cult'
    const { campaignId, alexis } = await table(seed)
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'ferocity', gmOnly: true })
    const engine = rollRank(nth(seed, 1), { ability: 'great' })
    expect(roll).toMatchObject({ who: 'Alexis', ability: 'Ferocity', rank: 'great', up: engine.up, down: engine.down, result: engine.result, colour: engine.colour, status: 'open', purpose: 'action', gmOnly: true })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'ranks.roll', gmOnly: true, id: roll.logEntryId, payload: { name: 'Alexis', result: engine.result } })
    expect(entry!.dice).toEqual([{ sides: 6, face: engine.up }, { sides: 6, face: engine.down }])
    const view = await gm(core, 'ranks.table', { campaignId })
    expect(view.openRoll?.id).toBe(roll.id)
  })

  it('rolls a rank typed in for someone without a sheet, and refuses a roll with nothing to roll', async () => {
    const seed = 'typed'
    const { campaignId, alexis } = await table(seed)
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'ranks.roll', { campaignId, characterId: null })).details[0]).toMatchObject({ field: 'rank' })
    expect((await refused(core, 'ranks.roll', { campaignId, characterId: alexis })).details[0]).toMatchObject({ field: 'ability' })
    const unknown = await refused(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Cooking' })
    expect(unknown.message).toBe('Alexis has no ability called “Cooking”; their abilities are Courage, Daring, Ferocity. Nothing was rolled.')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    // A refused roll gives its dice back: the next roll is still roll 1 of the campaign.
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: null, who: 'The six-fingered man', ability: 'Ferocity', rank: 'superb' })
    expect(roll).toMatchObject({ who: 'The six-fingered man', characterId: null, result: rollRank(nth(seed, 1), { ability: 'superb' }).result })
  })

  it('keeps one roll in play at a time, and refuses a roll in another rules system', async () => {
    const { campaignId, alexis, georgia } = await table('one-at-a-time')
    const first = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Daring' })
    const before = await rowCounts(core, TABLES)
    const second = await refused(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Daring' })
    const rank = first.result.charAt(0).toUpperCase() + first.result.slice(1)
    expect(second.message).toBe(`Alexis's ${rank} Daring is still in play: accept it (or concede it) before the next roll. Nothing was rolled.`)
    expect(await rowCounts(core, TABLES)).toEqual(before)
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    expect((await refused(core, 'ranks.roll', { campaignId: osr, characterId: null, rank: 'fair' })).message).toMatch(/^This campaign plays .*, and this table is for Resolution and Ranks\. Nothing was changed\.$/)
  })

  it('is no longer in play once the GM undoes it from the log', async () => {
    const { campaignId, alexis } = await table('undo')
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Daring' })
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'ranks.table', { campaignId })).openRoll).toBeNull()
    expect((await refused(core, 'ranks.accept', { rollId: roll.id })).details[0]!.field).toBe('rollId')
    await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Daring' })
  })
})

describe('aspects (RK-4)', () => {
  it('add 1d6 ranks after the roll, mark the aspect used, and only one per task', async () => {
    const seed = seedWhere('great', (r) => r.result !== 'spectacular' && r.result !== 'legendary')
    const { campaignId, alexis } = await table(seed)
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity' })
    const odds = await gm(core, 'ranks.aspectOdds', { rollId: roll.id })
    const engine = rollRank(nth(seed, 1), { ability: 'great' })
    expect(odds.bars.reduce((s, b) => s + b.p, 0)).toBeCloseTo(1, 12)
    const boosted = await gm(core, 'ranks.aspect', { rollId: roll.id, aspect: 'Fencing master' })
    const expected = addAspect(nth(seed, 2), engine)
    expect(boosted).toMatchObject({ aspect: expected.aspect, aspectName: 'Fencing master', result: expected.result, before: engine.result })
    expect(odds.bars.find((b) => b.rank === expected.result)!.p).toBeGreaterThan(0)
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'ranks.aspect', dice: [{ sides: 6, face: expected.aspect }], payload: { aspect: 'Fencing master', from: engine.result, result: expected.result } })
    const person = await gm(core, 'ranks.person', { characterId: alexis })
    expect(person.aspects).toEqual([{ name: 'Fencing master', used: true }, { name: 'Stubborn', used: false }])

    const before = await rowCounts(core, TABLES)
    const twice = await refused(core, 'ranks.aspect', { rollId: roll.id, aspect: 'Stubborn' })
    expect(twice.message).toBe(`An aspect was already spent on this roll (+${expected.aspect}): only one aspect per task. Nothing was changed.`)
    expect((await refused(core, 'ranks.aspectOdds', { rollId: roll.id })).details[0]!.field).toBe('rollId')
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('refuses a used aspect until a Legendary result refreshes it (RK-3)', async () => {
    const seed = seedWhere('great', (r, s) => r.result !== 'legendary' && rollRank(nth(s, 3), { ability: 'great' }).result === 'legendary')
    const { campaignId, alexis } = await table(seed)
    const first = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity' })
    await gm(core, 'ranks.aspect', { rollId: first.id, aspect: 'Stubborn' })
    await gm(core, 'ranks.accept', { rollId: first.id })
    const legendary = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity' })
    expect(legendary.result).toBe('legendary')
    const used = await refused(core, 'ranks.aspect', { rollId: legendary.id, aspect: 'Stubborn' })
    expect(used.message).toBe("'Stubborn' was already invoked and stays used until it is refreshed. Nothing was changed.")
    const accepted = await gm(core, 'ranks.accept', { rollId: legendary.id, refreshAspect: 'Stubborn' })
    expect(accepted.outcome).toMatchObject({ refreshed: 'Stubborn' })
    expect((await gm(core, 'ranks.person', { characterId: alexis })).aspects.find((a) => a.name === 'Stubborn')!.used).toBe(false)
  })
})

describe('experience (RK-6)', () => {
  it('gives a player character 1 XP for Poor, 2 for an accepted Terrible, through the ledger', async () => {
    const seed = seedWhere('poor', (r) => r.result === 'terrible')
    const { campaignId, georgia } = await table(seed)
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: georgia, ability: 'Ferocity' })
    const accepted = await gm(core, 'ranks.accept', { rollId: roll.id })
    expect(accepted.outcome?.xp).toEqual({ amount: 2, reasons: ['a Terrible result', 'accepted a Terrible result'] })
    const ledger = await gm(core, 'ledger.list', { campaignId, characterId: georgia, currency: 'xp' })
    expect(ledger.items[0]).toMatchObject({ amount: 2, reason: 'Ferocity roll: a Terrible result; accepted a Terrible result (RK-6)' })
    expect((await gm(core, 'ranks.person', { characterId: georgia })).xp).toBe(2)
  })

  it('under the other rule, gives 1 XP when the aspect left the band unchanged', async () => {
    const seed = seedWhere('good', (r, s) => {
      const boosted = addAspect(nth(s, 2), r)
      return r.result === 'good' && boosted.result === 'great'
    })
    const { campaignId, alexis } = await table(seed)
    await gm(core, 'ranks.experienceRule', { campaignId, rule: 'unchanged-aspect' })
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Daring' })
    await gm(core, 'ranks.aspect', { rollId: roll.id, aspect: 'Stubborn' })
    const accepted = await gm(core, 'ranks.accept', { rollId: roll.id })
    expect(accepted.outcome?.xp).toEqual({ amount: 1, reasons: ['the aspect did not change the outcome'] })
  })
})

describe('the borderline rule (RK-5)', () => {
  it('refuses to accept a Fair until it is rolled again with a different ability, which replaces it', async () => {
    const seed = seedWhere('great', (r) => r.result === 'fair')
    const { campaignId, alexis } = await table(seed)
    await gm(core, 'setting.set', { campaignId, key: 'ranks.borderline', value: true })
    const fair = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity' })
    expect(fair).toMatchObject({ result: 'fair', borderline: 'player' })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'ranks.accept', { rollId: fair.id })).message).toBe(
      'Fair is borderline in this campaign (RK-5): the player picks a different ability and Alexis rolls again. Nothing was changed.',
    )
    expect((await refused(core, 'ranks.borderline', { rollId: fair.id, ability: 'ferocity' })).message).toBe(
      'The new roll must use a different ability from Ferocity, which made this one. Nothing was rolled.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)
    const again = await gm(core, 'ranks.borderline', { rollId: fair.id, ability: 'Daring' })
    expect(again).toMatchObject({ ability: 'Daring', rank: 'good', replacesId: fair.id, result: rollRank(nth(seed, 2), { ability: 'good' }).result })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'ranks.borderline', payload: { replaces: fair.id, chooser: 'player' } })
    expect((await gm(core, 'ranks.table', { campaignId })).openRoll?.id).toBe(again.id)
  })

  it('is refused when the campaign does not play it', async () => {
    const seed = seedWhere('great', (r) => r.result === 'fair')
    const { campaignId, alexis } = await table(seed)
    const fair = await gm(core, 'ranks.roll', { campaignId, characterId: alexis, ability: 'Ferocity' })
    expect(fair.borderline).toBeNull()
    expect((await refused(core, 'ranks.borderline', { rollId: fair.id, ability: 'Daring' })).message).toMatch(/does not play the borderline rule \(RK-5\)/)
  })
})
