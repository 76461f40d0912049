/**
 * Consequences at the table (CH-10): what a deep pool costs, written as injury records (CLK-8) and
 * taken off the sheet by the owner's split; the next challenge with the ability restores it; the
 * challenge put away, and every step taken back exactly.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { MethodInput } from '../../src/shared/contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { value } from '../support/sql'

type Side = MethodInput<'challenge.start'>['sides'][number]

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

/** Iridia (Sorcery 7, reserves 2, St Kristine's staff +2, Joiry's Sorcery 4 complementary: +1) against a demon of 10, very hazardous. */
const iridiaSide = (): Side => ({ characterId: iridia, ability: 'Sorcery', rating: 7, bonus: 2, reserves: 2, hazard: 'very', help: { abilities: [{ name: 'Joiry', rating: 4 }] } })
const TABLES = ['injury', 'log_entry', 'challenge_step', 'character'] as const

async function decidedAgainstDemon() {
  const c = await gm(core, 'challenge.start', { campaignId, sides: [iridiaSide(), { name: 'the demon', rating: 10, hazard: 'very' }] })
  return gm(core, 'challenge.playOut', { id: c.id })
}

async function sheetOf(id: number): Promise<{ reductions: unknown[] }> {
  const sheet = await value<string>(core, 'select sheet from character where id = ?', id)
  return JSON.parse(sheet!) as { reductions: unknown[] }
}

describe('what a challenge costs (CH-10)', () => {
  it('Iridia wins at 1 of 7 in a very hazardous challenge: −1/4 of base 9 (7 + 3/2 + 2/3) = 2 points of Sorcery', async () => {
    const end = await decidedAgainstDemon()
    expect(end.history).toEqual([
      { round: 1, pools: [4, 5] },
      { round: 2, pools: [1, -2] },
    ])
    expect(end.outcome).toBe('Iridia wins')
    expect(end.consequences).toEqual([
      {
        side: 0,
        name: 'Iridia',
        characterId: iridia,
        ability: 'Sorcery',
        threshold: 'half',
        scope: 'ability',
        fraction: '1/4',
        base: 9,
        points: 2,
        available: { rating: 7, bonus: 0, reserves: 2, resistance: 0 },
        restores: [],
        split: [{ from: 'rating', points: 2 }],
        splitProblem: null,
      },
      expect.objectContaining({ name: 'the demon', characterId: null, threshold: 'minus-one', scope: 'overall', fraction: '1/2' }),
    ])
  })

  it('a split a source cannot pay is refused and writes nothing; a good one lands in Injuries and on the sheet', async () => {
    const end = await decidedAgainstDemon()
    const before = await rowCounts(core, TABLES)
    const e = await refused(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 1 }, { from: 'reserves', points: 1 }] }] })
    expect(e.message).toBe('Iridia has reserves 2; 1 point(s) of reduction would take 3. Nothing was written.')
    const short = await refused(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 1 }] }] })
    expect(short.message).toMatch(/The shares add up to 1 points; the reduction is 2/)
    const demon = await refused(core, 'challenge.consequences', { id: end.id, splits: [{ side: 1, shares: [{ from: 'rating', points: 2 }] }] })
    expect(demon.message).toMatch(/^The demon is not a character/)
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect((await sheetOf(iridia)).reductions).toEqual([])

    const written = await gm(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 2 }] }] })
    expect(written.consequencesWritten).toBe(true)
    const [injury] = await gm(core, 'injury.list', { campaignId, characterId: iridia, unhealedOnly: true })
    expect(injury).toMatchObject({
      label: '−2 Sorcery',
      details: { kind: 'challenge.reduction', scope: 'ability', ability: 'Sorcery', points: 2 },
      recovery: 'Restored after the next challenge that uses Sorcery (CH-10).',
    })
    expect(injury?.description).toMatch(/pool fell to 1 of 7, very hazardous/)
    expect((await sheetOf(iridia)).reductions).toEqual([{ scope: 'ability', ability: 'Sorcery', from: 'rating', points: 2, note: '“Iridia vs the demon” (CH-10)' }])
    expect((await gm(core, 'challenge.abilities', { characterId: iridia })).abilities[0]).toMatchObject({ name: 'Sorcery', rating: 5, reduced: true })
    // The sheet agrees with the injuries: nothing is left "to split".
    expect((await gm(core, 'character.get', { id: iridia })).facts.some((f) => f.label.startsWith('To split'))).toBe(false)
    expect((await logKinds(core, campaignId)).slice(-3)).toEqual(['challenge.consequences', 'injury.recorded', 'character.updated'])
    await refused(core, 'challenge.consequences', { id: end.id }).then((x) => expect(x.message).toMatch(/already written/))
  })

  it('without a split the consequence waits on the sheet "to split"', async () => {
    const end = await decidedAgainstDemon()
    await gm(core, 'challenge.consequences', { id: end.id })
    const facts = (await gm(core, 'character.get', { id: iridia })).facts
    expect(facts).toContainEqual(expect.objectContaining({ label: 'To split: Sorcery', rule: 'CH-10' }))
  })

  it('the next challenge with Sorcery restores the reduction, before recording its own consequences', async () => {
    const end = await decidedAgainstDemon()
    await gm(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 2 }] }] })
    await gm(core, 'challenge.close', { id: end.id })
    const next = await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: iridia, ability: 'Sorcery', rating: 5, reserves: 2 }, { name: 'an imp', rating: 2 }] })
    const won = await gm(core, 'challenge.playOut', { id: next.id })
    expect(won.consequences[0]).toMatchObject({ scope: null, points: 0, restores: ['−2 Sorcery'] })
    await gm(core, 'challenge.consequences', { id: next.id })
    expect(await gm(core, 'injury.list', { campaignId, characterId: iridia, unhealedOnly: true })).toEqual([])
    expect((await sheetOf(iridia)).reductions).toEqual([])
    expect((await gm(core, 'challenge.abilities', { characterId: iridia })).abilities[0]).toMatchObject({ rating: 7, reduced: false })
  })

  it('Akane’s kitchen, very hazardous: −6 of 2 is past −half, incapacitated; slightly: −1/2 ability', async () => {
    const akane = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Akane', sheet: { abilities: [{ name: 'Cooking', rating: 2 }] } })).id
    const c = await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: akane, ability: 'Cooking', rating: 2, hazard: 'very' }, { name: 'the meal', rating: 8 }] })
    const end = await gm(core, 'challenge.round', { id: c.id })
    expect(end.consequences[0]).toMatchObject({ threshold: 'minus-half', scope: 'incapacitated', points: 0 })
    await gm(core, 'challenge.consequences', { id: c.id })
    expect((await gm(core, 'injury.list', { campaignId, characterId: akane, unhealedOnly: true }))[0]).toMatchObject({ label: 'Incapacitated' })
    await gm(core, 'challenge.close', { id: c.id })
    const again = await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: akane, ability: 'Cooking', rating: 2, hazard: 'slightly' }, { name: 'the meal', rating: 8 }] })
    expect((await gm(core, 'challenge.round', { id: again.id })).consequences[0]).toMatchObject({ scope: 'ability', fraction: '1/2', base: 2, points: 1 })
  })

  it('an overall reduction (≤ 0, very hazardous) split from rating lowers every ability', async () => {
    const c = await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: iridia, ability: 'Riding', rating: 4, hazard: 'very' }, { name: 'the storm', rating: 4 }] })
    const end = await gm(core, 'challenge.playOut', { id: c.id })
    expect(end.consequences[0]).toMatchObject({ threshold: 'zero', scope: 'overall', fraction: '1/4', base: 4, points: 1 })
    await gm(core, 'challenge.consequences', { id: c.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 1 }] }] })
    expect((await gm(core, 'challenge.abilities', { characterId: iridia })).abilities.map((a) => a.rating)).toEqual([6, 3])
    expect((await gm(core, 'injury.list', { campaignId, characterId: iridia }))[0]).toMatchObject({ label: '−1 to every ability', recovery: 'Lasts until you clear it: treatment, or the end of the arc (CH-10).' })
  })
})

describe('the split offered by default is one the whole sheet can take (CH-10)', () => {
  /** Mara's Sorcery 7 (+3 bonus from her staff, reserves 3) against a storm of 12, very hazardous: her pool falls to −2 of 7. */
  async function againstTheStorm(driving: { rating: number; reserves: number }) {
    const mara = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Mara', sheet: { abilities: [{ name: 'Sorcery', rating: 7, reserves: 3 }, { name: 'Driving', ...driving }] } })).id
    const c = await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: mara, ability: 'Sorcery', rating: 7, bonus: 3, reserves: 3, hazard: 'very' }, { name: 'the storm', rating: 12 }] })
    return { mara, end: await gm(core, 'challenge.playOut', { id: c.id }) }
  }

  it('CH-10: −1/2 overall of base 9 is 5 points from every ability; Driving has rating 4, so the default is 4 rating and 1 reserves, and writing it is accepted', async () => {
    const { mara, end } = await againstTheStorm({ rating: 4, reserves: 3 })
    expect(end.consequences[0]).toMatchObject({
      threshold: 'minus-one',
      scope: 'overall',
      fraction: '1/2',
      base: 9,
      points: 5,
      available: { rating: 4, bonus: 0, reserves: 3, resistance: 0 },
      split: [{ from: 'rating', points: 4 }, { from: 'reserves', points: 1 }],
      splitProblem: null,
    })
    // The old default, all 5 from rating, would break the sheet, and is refused without writing anything.
    const before = await rowCounts(core, TABLES)
    const e = await refused(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 5 }] }] })
    expect(e.message).toContain('Driving has rating 4')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    await gm(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: end.consequences[0]!.split! }] })
    expect((await gm(core, 'challenge.abilities', { characterId: mara })).abilities.map((a) => [a.name, a.rating, a.reserves])).toEqual([
      ['Sorcery', 3, 0],
      ['Driving', 0, 0],
    ])
    const [injury] = await gm(core, 'injury.list', { campaignId, characterId: mara })
    expect(injury).toMatchObject({ label: '−5 to every ability', description: '“Mara vs the storm”: pool fell to −2 of 7, very hazardous (CH-10); off the sheet: 4 rating, 1 reserves.' })
  })

  it('CH-10: when no split fits every ability, none is offered and why is said; written, it is an injury “to split” on the sheet', async () => {
    const { mara, end } = await againstTheStorm({ rating: 4, reserves: 0 })
    expect(end.consequences[0]).toMatchObject({
      points: 5,
      available: { rating: 4, bonus: 0, reserves: 0, resistance: 0 },
      split: null,
      splitProblem: 'every ability must give 5 points, and Driving can give only 4 (rating 4, bonus 0, reserves 0, resistance 0)',
    })
    await gm(core, 'challenge.consequences', { id: end.id })
    const [injury] = await gm(core, 'injury.list', { campaignId, characterId: mara })
    expect(injury).toMatchObject({ label: '−5 to every ability', description: '“Mara vs the storm”: pool fell to −2 of 7, very hazardous (CH-10); to split on the sheet.' })
    expect((await sheetOf(mara)).reductions).toEqual([])
  })

  it('CH-10: an ability reduction this challenge restores does not count against the split it offers', async () => {
    const end = await decidedAgainstDemon()
    await gm(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 2 }] }] })
    await gm(core, 'challenge.close', { id: end.id })
    const again = await decidedAgainstDemon()
    // Sorcery stands at 5 on the sheet, but this challenge restores the −2 first: the split may take from all 7.
    expect(again.consequences[0]).toMatchObject({ points: 2, restores: ['−2 Sorcery'], available: { rating: 7, reserves: 2 }, split: [{ from: 'rating', points: 2 }] })
  })
})

describe('putting a challenge away, and taking steps back', () => {
  it('refuses to put away a challenge whose consequences are not written, unless told to skip them', async () => {
    const end = await decidedAgainstDemon()
    const e = await refused(core, 'challenge.close', { id: end.id })
    expect(e).toMatchObject({ code: 'conflict', details: [{ field: 'skipConsequences' }] })
    expect(e.message).toMatch(/not written yet \(Iridia\)/)
    await gm(core, 'challenge.close', { id: end.id, skipConsequences: true })
    expect(await gm(core, 'challenge.current', { campaignId })).toBeNull()
  })

  it('a running challenge is broken off, logged', async () => {
    const c = await gm(core, 'challenge.start', { campaignId, sides: [{ name: 'a', rating: 5 }, { name: 'b', rating: 5, resistance: 5 }] })
    await gm(core, 'challenge.close', { id: c.id })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'challenge.closed', payload: { brokenOff: true, pools: [5, 5] } })
  })

  it('takes back consequences, then rounds, then the start, exactly; each logged and the originals marked undone', async () => {
    const end = await decidedAgainstDemon()
    const atDecision = await rowCounts(core, ['injury', 'challenge'])
    const sheetBefore = await sheetOf(iridia)
    await gm(core, 'challenge.consequences', { id: end.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 2 }] }] })
    const back = await gm(core, 'challenge.undo', { campaignId })
    expect(back.undone).toBe('Consequences of “Iridia vs the demon”')
    expect(back.challenge).toMatchObject({ status: 'decided', consequencesWritten: false })
    expect(await rowCounts(core, ['injury', 'challenge'])).toEqual(atDecision)
    expect(await sheetOf(iridia)).toEqual(sheetBefore)
    // The log holds what the undo took back, struck through; its own "Taken back" is the History panel's.
    const log = await gm(core, 'log.list', { campaignId, limit: 4 })
    expect(log.map((e) => [e.kind, e.undone])).toEqual([
      ['character.updated', true],
      ['injury.recorded', true],
      ['challenge.consequences', true],
      ['challenge.round', false],
    ])

    const rounds = await gm(core, 'challenge.undo', { campaignId })
    expect(rounds.challenge).toMatchObject({ status: 'running', roundsPlayed: 0, history: [] })
    const gone = await gm(core, 'challenge.undo', { campaignId })
    expect(gone).toEqual({ undone: 'Start of “Iridia vs the demon”', challenge: null })
    expect(await rowCounts(core, ['challenge', 'challenge_step'])).toEqual({ challenge: 0, challenge_step: 0 })
    await refused(core, 'challenge.undo', { campaignId }).then((e) => expect(e.message).toBe('There is no challenge step to take back.'))
  })

  it('refuses to take back consequences whose injury was changed since, naming it, and changes nothing', async () => {
    const end = await decidedAgainstDemon()
    await gm(core, 'challenge.consequences', { id: end.id })
    const [injury] = await gm(core, 'injury.list', { campaignId, characterId: iridia })
    await gm(core, 'injury.update', { id: injury!.id, description: 'The demon’s mark burns.' })
    const before = await rowCounts(core, TABLES)
    const e = await refused(core, 'challenge.undo', { campaignId })
    expect(e).toMatchObject({ code: 'conflict' })
    expect(e.message).toMatch(/cannot be taken back: an injury it recorded has been changed since/)
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })
})

describe('the table’s general undo (for play.undo)', () => {
  it('knows which log entries belong to the last challenge step, and takes that whole step back inside a unit of work', async () => {
    const { undoChallengeStepIn } = await import('../../src/main/services/table-challenge')
    const { lastStepWrote } = await import('../../src/main/services/core/row-snapshots')
    const challengeStepOwns = (db: typeof core.deps.db, c: number, id: number) => lastStepWrote(db, 'challenge_step', c, id)
    const { unitOfWork } = await import('../../src/main/services/core/context')
    const end = await decidedAgainstDemon()
    await gm(core, 'challenge.consequences', { id: end.id })
    const [injuryEntry, consequences, round] = (await gm(core, 'log.list', { campaignId, limit: 10 })).filter((e) => e.kind !== 'character.updated')
    expect([injuryEntry?.kind, consequences?.kind, round?.kind]).toEqual(['injury.recorded', 'challenge.consequences', 'challenge.round'])
    expect(await challengeStepOwns(core.deps.db, campaignId, injuryEntry!.id)).toBe(true)
    expect(await challengeStepOwns(core.deps.db, campaignId, consequences!.id)).toBe(true)
    expect(await challengeStepOwns(core.deps.db, campaignId, round!.id)).toBe(false)
    const undone = await unitOfWork(core.deps, (tx) => undoChallengeStepIn(tx, campaignId))
    expect(undone).toMatchObject({ summary: 'Consequences of “Iridia vs the demon”', entry: { kind: 'challenge.undone' } })
    expect(await gm(core, 'injury.list', { campaignId, characterId: iridia })).toEqual([])
  })
})
