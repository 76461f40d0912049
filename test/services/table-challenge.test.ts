/**
 * The Challenge System at the table (issue 9): set-up, exact odds, rounds with conversions, changes
 * of ability, ganging up and hordes, each through the real router on a real library, with the
 * rules' own worked examples (CH-4 … CH-9, CH-11).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { MethodInput } from '../../src/shared/contract'
import { challengeDieValue, playChallenge, startChallenge, winOdds } from '../../src/main/engines/challenge'
import { seededDice } from '../../src/main/engines/dice'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { one, value } from '../support/sql'

type Side = MethodInput<'challenge.start'>['sides'][number]

let lib: TempLibrary
let core: Core
let campaignId: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Kitchen Wars', system: 'challenge', seed: 'ch-test' })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

async function pc(name: string, abilities: { name: string; rating: number; bonus?: number; reserves?: number; resistance?: number }[]): Promise<number> {
  const c = await gm(core, 'character.create', { campaignId, kind: 'pc', name, sheet: { abilities } })
  return c.id
}

function rated(name: string, rating: number, more: Partial<Side> = {}): Side {
  return { name, rating, ...more }
}

async function start(sides: Side[], more: Partial<MethodInput<'challenge.start'>> = {}) {
  return gm(core, 'challenge.start', { campaignId, sides, ...more })
}

const pools = (v: { sides: { numbers: { pool: number } }[] }) => v.sides.map((s) => s.numbers.pool)
const reserves = (v: { sides: { numbers: { reserves: number } }[] }) => v.sides.map((s) => s.numbers.reserves)

describe('a challenge round by round (CH-2, CH-3, CH-4)', () => {
  it('Akane cooking 2 against a meal of 8: Akane −6 (CH-4 says −7, an arithmetic slip: 2 − 8), the meal 7, logged as a round', async () => {
    const akane = await pc('Akane', [{ name: 'Cooking', rating: 2 }])
    const started = await start([{ characterId: akane, ability: 'Cooking', rating: 2 }, rated('the meal', 8)])
    expect(started).toMatchObject({ title: 'Akane vs the meal', status: 'running', roundsPlayed: 0, outcome: null })
    expect(started.sides.map((s) => s.name)).toEqual(['Akane', 'the meal'])
    expect(await gm(core, 'challenge.current', { campaignId })).toMatchObject({ id: started.id, status: 'running' })
    const after = await gm(core, 'challenge.round', { id: started.id })
    expect(pools(after)).toEqual([-6, 7])
    expect(after).toMatchObject({ status: 'decided', winner: 'opponents', outcome: 'The meal wins', history: [{ round: 1, pools: [-6, 7] }] })
    expect(after.lastRound?.blows).toEqual([
      expect.objectContaining({ fromSide: 'Akane', toSide: 'the meal', loss: 1, through: 1 }),
      expect.objectContaining({ fromSide: 'the meal', toSide: 'Akane', loss: 8, through: 8 }),
    ])
    expect(await logKinds(core, campaignId)).toEqual(['campaign.created', 'character.created', 'challenge.started', 'challenge.round'])
    const [round] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(round).toMatchObject({ kind: 'challenge.round', dice: null, gmOnly: false, payload: { round: 1, pools: [-6, 7], outcome: 'The meal wins' } })
    await refused(core, 'challenge.round', { id: started.id }).then((e) => expect(e.message).toMatch(/cannot be played on: it is decided/))
  })

  it('Akane 3 against a cheeseburger 3: 1/1, then 0/0, a draw (CH-3, CH-4)', async () => {
    const c = await start([rated('Akane', 3), rated('the cheeseburger', 3)])
    expect(pools(await gm(core, 'challenge.round', { id: c.id }))).toEqual([1, 1])
    const end = await gm(core, 'challenge.round', { id: c.id })
    expect(pools(end)).toEqual([0, 0])
    expect(end).toMatchObject({ winner: 'draw', outcome: 'A draw (or a double loss)' })
  })

  it('Cecilie (reserves 5) against the mother dragon (reserves 4, resistance 4): the four rounds of CH-4', async () => {
    const c = await start([rated('Cecilie', 7, { reserves: 5 }), rated('the mother dragon', 6, { reserves: 4, resistance: 4 })])
    const seen: [number[], number[]][] = []
    for (let i = 0; i < 4; i++) {
      const v = await gm(core, 'challenge.round', { id: c.id })
      seen.push([pools(v), reserves(v)])
    }
    expect(seen).toEqual([
      [[7, 6], [2, 1]],
      [[6, 4], [0, 0]],
      [[4, 2], [0, 0]],
      [[3, 2], [0, 0]],
    ])
  })

  it('plays a challenge out in one step, each round its own log entry (CH-3)', async () => {
    const c = await start([rated('Dame Cecilie', 7, { reserves: 6 }), rated('the dragon', 8)])
    const end = await gm(core, 'challenge.playOut', { id: c.id })
    expect(end.history).toEqual([
      { round: 1, pools: [5, 4] },
      { round: 2, pools: [3, -1] },
    ])
    expect(end.outcome).toBe('Dame Cecilie wins')
    expect((await logKinds(core, campaignId)).filter((k) => k === 'challenge.round')).toHaveLength(2)
    expect(end.lastStep).toBe('2 rounds of “Dame Cecilie vs the dragon” played out')
  })
})

describe('conversions between rounds (CH-7)', () => {
  it('Gené converts 2 to 4 bonus, the psychovirus 2 to 6 reserves: the virus keeps 3, Gené is out', async () => {
    const c = await start([rated('Gené', 4), rated('the psychovirus', 5)])
    const preview = await gm(core, 'challenge.preview', { id: c.id, choices: [{ side: 0, toBonus: 2 }, { side: 1, toReserves: 2 }] })
    expect(preview).toMatchObject({ kind: 'certain', a: 0, b: 1, rounds: 1, problems: [] })
    const v = await gm(core, 'challenge.round', { id: c.id, choices: [{ side: 0, toBonus: 2 }, { side: 1, toReserves: 2 }] })
    expect(pools(v)).toEqual([0, 3])
    expect(reserves(v)).toEqual([0, 0])
    expect(v.lastRound?.conversions).toEqual([
      expect.objectContaining({ side: 'Gené', poolSpent: 2, bonusGained: 4 }),
      expect.objectContaining({ side: 'the psychovirus', poolSpent: 2, reservesGained: 6 }),
    ])
    expect(v.outcome).toBe('The psychovirus wins')
  })

  it('a conversion past half the pool is refused with the limit, and changes nothing', async () => {
    const c = await start([rated('Gené', 4), rated('the psychovirus', 5)])
    const preview = await gm(core, 'challenge.preview', { id: c.id, choices: [{ side: 0, toBonus: 3 }] })
    expect(preview.kind).toBe('none')
    expect(preview.problems[0]?.problem).toMatch(/Gené cannot convert 3 pool points: at most half the pool \(rounded down\) may be converted, and with 4 in the pool that is 2/)
    const before = await rowCounts(core, ['log_entry', 'challenge_step'])
    const stateBefore = await one(core, 'select state from challenge where id = ?', c.id)
    const e = await refused(core, 'challenge.round', { id: c.id, choices: [{ side: 0, toBonus: 3 }] })
    expect(e).toMatchObject({ code: 'refused', details: [{ field: 'choices' }] })
    expect(e.message).toMatch(/Nothing was played\.$/)
    expect(await rowCounts(core, ['log_entry', 'challenge_step'])).toEqual(before)
    expect(await one(core, 'select state from challenge where id = ?', c.id)).toEqual(stateBefore)
  })

  it('bonus comes back as pool points next round; converted reserves left over may be turned back 3 → 1', async () => {
    const c = await start([rated('Caution', 10), rated('the Wall', 4, { resistance: 8 })])
    // 2 points → 6 reserves: pool 8; the Wall's 4 costs half, 2, out of the reserves.
    const r1 = await gm(core, 'challenge.round', { id: c.id, choices: [{ side: 0, toReserves: 2 }] })
    expect(r1.sides[0]).toMatchObject({ numbers: { pool: 8, reserves: 4 }, converted: { reserves: 4 }, next: { pool: 8, turnable: 1, limit: 4 } })
    // Turn 3 reserves back into 1 point, then 1 point → 2 bonus.
    const r2 = await gm(core, 'challenge.round', { id: c.id, choices: [{ side: 0, turnBack: 1, toBonus: 1 }] })
    expect(r2.sides[0]).toMatchObject({ numbers: { pool: 7, bonus: 2, reserves: 0 }, next: { pool: 8 } })
    expect(r2.sides[1]?.numbers.pool).toBe(2)
    const r3 = await gm(core, 'challenge.round', { id: c.id })
    expect(r3.lastRound?.conversions[0]).toMatchObject({ side: 'Caution', bonusBack: 1, poolSpent: 0 })
    expect(r3.sides[0]?.numbers).toEqual({ pool: 7, bonus: 0, reserves: 0, resistance: 0 })
    const e = await refused(core, 'challenge.start', { campaignId, sides: [rated('Dancer', 10), rated('Wall', 4)] })
    expect(e).toMatchObject({ code: 'conflict' })
    expect(e.message).toMatch(/“Caution vs the Wall” is still on the table: finish it or break it off before starting another/)
  })
})

describe('changing abilities (CH-5) and preparation', () => {
  it('Cecilie runs like a bunny, the dragon gives chase with Aerial Hunting 7: pools 3 and 3, Cecilie carries +1', async () => {
    const cecilie = await pc('Cecilie', [
      { name: 'Vanquish Monster', rating: 7, reserves: 5 },
      { name: 'Run Like A Bunny', rating: 3 },
    ])
    const c = await start([{ characterId: cecilie, ability: 'Vanquish Monster', rating: 7, reserves: 5 }, rated('the mother dragon', 6, { reserves: 4, resistance: 4 })])
    for (let i = 0; i < 4; i++) await gm(core, 'challenge.round', { id: c.id })
    const v = await gm(core, 'challenge.change', {
      id: c.id,
      sides: [
        { side: 0, ability: 'Run Like A Bunny', rating: 3 },
        { side: 1, ability: 'Aerial Hunting', rating: 7, reserves: 3 },
      ],
    })
    expect(pools(v)).toEqual([3, 3])
    expect(reserves(v)).toEqual([0, 0])
    expect(v.sides.map((s) => s.carriedBonus)).toEqual([1, 0])
    expect(v.sides[0]).toMatchObject({ ability: 'Run Like A Bunny', abilitiesUsed: ['Vanquish Monster', 'Run Like A Bunny'], startingPool: 3 })
    expect((await gm(core, 'log.list', { campaignId, limit: 1 }))[0]).toMatchObject({ kind: 'challenge.changed' })
    // The carried bonus is in play for exactly one round (CH-5).
    const r5 = await gm(core, 'challenge.round', { id: c.id })
    expect(r5.lastRound?.carriedBonus).toEqual([{ side: 'Cecilie', bonus: 1 }])
  })

  it('a character changing to no named ability is refused (CH-10 needs it)', async () => {
    const cecilie = await pc('Cecilie', [{ name: 'Vanquish Monster', rating: 7 }])
    const c = await start([{ characterId: cecilie, ability: 'Vanquish Monster', rating: 7 }, rated('the dragon', 6)])
    const e = await refused(core, 'challenge.change', { id: c.id, sides: [{ side: 0, ability: '', rating: 3 }] })
    expect(e.message).toMatch(/Name the ability Cecilie changes to/)
  })

  it("Diana's ambush prepares the hit: a decided challenge offers the carried bonus, 3 vs −1 → 2 (CH-5)", async () => {
    const c = await start([rated('Diana', 5), rated('Fingers', 4)])
    const end = await gm(core, 'challenge.playOut', { id: c.id })
    expect(pools(end)).toEqual([3, -1])
    expect(end.carry).toEqual({ a: 2, b: 0 })
    await gm(core, 'challenge.close', { id: c.id, skipConsequences: false })
    const hit = await start([rated('Diana', 5, { firstRoundBonus: 2 }), rated('Fingers', 4)])
    expect(hit.sides[0]?.carriedBonus).toBe(2)
  })
})

describe('complementary abilities (CH-6)', () => {
  it('Evangeline decking 6 with logs 3 gets +1; logs raised by Data Ninja 2 still +1; a hindering annoyance 3 gives the bank 2 reserves', async () => {
    const one = await gm(core, 'challenge.odds', { campaignId, sides: [rated('Evangeline', 6, { help: { abilities: [{ name: 'Logs', rating: 3 }] } }), rated('the Bank', 7)] })
    expect(one.problems).toEqual([])
    const c = await start([
      rated('Evangeline', 6, { help: { abilities: [{ name: 'Logs', rating: 3 }, { name: 'Data Ninja', rating: 2 }] }, hindrance: { abilities: [{ name: 'Annoyance', rating: 3 }], as: 'reserves' } }),
      rated('the Bank', 7),
    ])
    expect(c.sides[0]).toMatchObject({ numbers: { bonus: 1 }, helps: ['Logs 3 raised by Data Ninja 2 to 4: +1 bonus (CH-6)'] })
    expect(c.sides[1]).toMatchObject({ numbers: { reserves: 2 }, helps: ['Annoyance 3 hinders Evangeline: +2 reserves to the Bank (CH-6)'] })
  })

  it('three complementary abilities are refused, naming the limit', async () => {
    const e = await refused(core, 'challenge.start', {
      campaignId,
      sides: [rated('Evangeline', 6, { help: { abilities: [{ name: 'a', rating: 1 }, { name: 'b', rating: 2 }, { name: 'c', rating: 3 }] } }), rated('the Bank', 7)],
    })
    expect(e.message).toMatch(/at most two complementary abilities apply \(CH-6\)/)
  })
})

describe('ganging up (CH-8) and hordes (CH-9)', () => {
  it('Fu Lan against Big Tang and Little Tang: 4 after round 1, 3 after round 2 (the rules, not the seed’s slip)', async () => {
    const c = await start([rated('Fu Lan', 10, { resistance: 1 }), rated('Big Tang', 7, { reserves: 6 }), rated('Little Tang', 8, { reserves: 2 })])
    expect(c.title).toBe('Fu Lan vs Big Tang and Little Tang')
    const r1 = await gm(core, 'challenge.round', { id: c.id })
    expect(pools(r1)).toEqual([4, 3, 0])
    expect(r1.lastRound?.eliminated).toEqual(['Little Tang'])
    const r2 = await gm(core, 'challenge.round', { id: c.id })
    expect(pools(r2)).toEqual([3, -1, 0])
    expect(r2.outcome).toBe('Fu Lan wins')
  })

  it('the Seven Deaths as one horde: rating 5, bonus 3, reserves 12; goons fall as the reserves go (CH-9)', async () => {
    const c = await start([rated('Fu Lan', 10, { resistance: 1 }), rated('the Seven Deaths', 5, { reserves: 4, horde: 7 })])
    expect(c.sides[1]).toMatchObject({ numbers: { pool: 5, bonus: 3, reserves: 12 }, horde: { members: 7, standing: 7 } })
    const r1 = await gm(core, 'challenge.round', { id: c.id })
    expect(r1.sides[1]?.horde?.standing).toBeLessThan(7)
    expect(r1.lastRound?.fallen[0]).toMatchObject({ side: 'the Seven Deaths' })
  })

  it('a horde cannot be the side facing the others, nor a character', async () => {
    const fu = await pc('Fu Lan', [{ name: 'Martial Arts', rating: 10 }])
    const e = await refused(core, 'challenge.start', { campaignId, sides: [rated('Deaths', 5, { horde: 7 }), { characterId: fu, ability: 'Martial Arts', rating: 10, horde: 3 }] })
    expect(e.details.map((d) => d.field)).toEqual(['sides.0.horde', 'sides.1.horde'])
  })
})

describe('exact odds (CH-11, DICE-2) and dice in the log (DICE-3)', () => {
  it('the set-up odds equal the engine’s winOdds for the same inputs, at every place', async () => {
    for (const dice of ['pools', 'comparison', 'losses', 'modifiers'] as const) {
      const odds = await gm(core, 'challenge.odds', { campaignId, dice, sides: [rated('Cecilie', 7, { reserves: 5, bonus: 1 }), rated('the mother dragon', 6, { reserves: 4, resistance: 2 })] })
      const engine = winOdds({ rating: 7, reserves: 5, bonus: 1 }, { rating: 6, reserves: 4, resistance: 2 }, dice)
      expect(odds).toMatchObject({ kind: 'dice', aName: 'Cecilie', bName: 'the mother dragon', ...engine, problems: [] })
    }
  })

  it('without dice the odds are the certain end of playing it out', async () => {
    const odds = await gm(core, 'challenge.odds', { campaignId, sides: [rated('Boadicca', 6, { bonus: 2 }), rated('the dragon', 8)] })
    expect(odds).toMatchObject({ kind: 'certain', a: 0, b: 1, draw: 0, rounds: 2 })
  })

  it('several opponents with dice have no exact odds, and say why', async () => {
    const odds = await gm(core, 'challenge.odds', { campaignId, dice: 'comparison', sides: [rated('Fu Lan', 10), rated('Big Tang', 7), rated('Little Tang', 8)] })
    expect(odds).toMatchObject({ kind: 'none', bName: 'Big Tang and Little Tang' })
    expect(odds.note).toMatch(/one against one/)
  })

  it('dice at pools: the faces the campaign’s dice threw are the engine’s, logged in order', async () => {
    const c = await start([rated('Akane', 3), rated('the cheeseburger', 3)], { dice: 'pools' })
    // Roll 1 of the campaign: the engine, given the same dice, forms the same pools.
    const again = startChallenge([{ name: 'Akane', rating: 3 }, { name: 'the cheeseburger', rating: 3 }], { randomness: { place: 'pools', dice: seededDice('ch-test#1') } })
    if (!again.ok) throw new Error('engine refused')
    expect(c.startDice).toEqual(again.dice.map((d) => ({ ...d, values: d.faces.map(challengeDieValue) })))
    expect(pools(c)).toEqual(again.state.sides.map((s) => s.numbers.pool))
    const [started] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(started?.dice?.map((f) => f.face)).toEqual(again.dice.flatMap((d) => d.faces))
    expect(started?.dice?.every((f) => f.sides === 6)).toBe(true)
  })

  it('dice at comparison: each round’s faces are logged with it, and the odds from here equal winOdds from the numbers now', async () => {
    const c = await start([rated('Cecilie', 7, { reserves: 5 }), rated('the dragon', 6, { reserves: 4, resistance: 4 })], { dice: 'comparison' })
    const before = await gm(core, 'challenge.preview', { id: c.id, choices: [] })
    expect(before).toMatchObject({ kind: 'dice', ...winOdds({ rating: 7, reserves: 5 }, { rating: 6, reserves: 4, resistance: 4 }, 'comparison') })
    const r1 = await gm(core, 'challenge.round', { id: c.id })
    const [round] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(round?.dice?.map((f) => f.face)).toEqual(r1.lastRound?.dice.flatMap((d) => d.faces))
    expect(r1.lastRound?.dice.map((d) => d.what)).toEqual(['effective', 'effective'])
    // The round replayed by the engine with the campaign's first roll gives the same dice (nothing is rolled at the start).
    const replay = playChallenge([{ name: 'Cecilie', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 6, reserves: 4, resistance: 4 }], { maxRounds: 1, randomness: { place: 'comparison', dice: seededDice('ch-test#1') } })
    if (!replay.ok) throw new Error('engine refused')
    expect(r1.lastRound?.dice).toEqual(replay.reports[0]?.dice.map((d) => ({ ...d, values: d.faces.map(challengeDieValue) })))
    expect(r1.status).toBe('running')
    const [a, b] = r1.sides
    const from = await gm(core, 'challenge.preview', { id: c.id, choices: [] })
    expect(from).toMatchObject({ kind: 'dice', ...winOdds({ rating: 7, ...a!.numbers }, { rating: 6, ...b!.numbers }, 'comparison') })
    const converting = await gm(core, 'challenge.preview', { id: c.id, choices: [{ side: 0, toBonus: 1 }] })
    expect(converting).toMatchObject({ kind: 'none', problems: [] })
  })

  it('a GM-only challenge keeps its entries out of the player recap', async () => {
    const c = await start([rated('Akane', 3), rated('the cheeseburger', 3)], { gmOnly: true })
    await gm(core, 'challenge.round', { id: c.id })
    await gm(core, 'challenge.round', { id: c.id, gmOnly: false })
    const entries = await gm(core, 'log.list', { campaignId, limit: 3 })
    expect(entries.map((e) => [e.kind, e.gmOnly])).toEqual([
      ['challenge.round', false],
      ['challenge.round', true],
      ['challenge.started', true],
    ])
  })
})

describe('refusals', () => {
  it('a campaign of another system has no challenges', async () => {
    const ladder = (await gm(core, 'campaign.create', { name: 'Ladder', system: 'ladder' })).id
    const e = await refused(core, 'challenge.start', { campaignId: ladder, sides: [rated('a', 1), rated('b', 1)] })
    expect(e.message).toMatch(/does not play the Challenge System/)
  })

  it('a character side must name its ability, and must be in this campaign', async () => {
    const other = (await gm(core, 'campaign.create', { name: 'Other', system: 'challenge' })).id
    const stranger = (await gm(core, 'character.create', { campaignId: other, kind: 'pc', name: 'Stranger', sheet: { abilities: [] } })).id
    const akane = await pc('Akane', [{ name: 'Cooking', rating: 2 }])
    const e = await refused(core, 'challenge.start', { campaignId, sides: [{ characterId: akane, rating: 2 }, { characterId: stranger, ability: 'x', rating: 1 }] })
    expect(e.details.map((d) => d.field)).toEqual(['sides.1.characterId', 'sides.0.ability'])
    expect(e.message).toMatch(/Name the ability Akane uses: consequences reduce it \(CH-10\)/)
  })

  it('abilities list the sheet’s numbers with reductions taken off (CH-10)', async () => {
    const iridia = (await gm(core, 'character.create', {
      campaignId,
      kind: 'pc',
      name: 'Iridia',
      sheet: { abilities: [{ name: 'Sorcery', rating: 7, reserves: 2 }], reductions: [{ scope: 'ability', ability: 'Sorcery', from: 'rating', points: 1 }] },
    })).id
    expect(await gm(core, 'challenge.abilities', { characterId: iridia })).toEqual({
      characterId: iridia,
      name: 'Iridia',
      abilities: [{ name: 'Sorcery', rating: 6, bonus: 0, reserves: 2, resistance: 0, reduced: true }],
    })
  })
})

describe('the campaign’s dice are taken only where dice are thrown (CH-11)', () => {
  it('dice at pools roll once at the start; the rounds take no roll of the campaign', async () => {
    const counter = () => value(core, 'select dice_counter as n from campaign where id = ?', campaignId)
    const c = await start([rated('Cecilie', 7), rated('the dragon', 6)], { dice: 'pools' })
    expect(await counter()).toBe(1)
    const end = await gm(core, 'challenge.playOut', { id: c.id })
    expect(end.status).toBe('decided')
    expect(await counter()).toBe(1)
    const rounds = (await gm(core, 'log.list', { campaignId, limit: 20 })).filter((e) => e.kind === 'challenge.round')
    expect(rounds.every((e) => e.dice === null)).toBe(true)
  })
})

describe('experience through the ledger (the Challenge System keeps XP)', () => {
  it('a spend the balance cannot cover is refused with the balance, and changes nothing', async () => {
    const akane = await pc('Akane', [{ name: 'Cooking', rating: 3 }])
    await gm(core, 'ledger.earn', { campaignId, characterId: akane, currency: 'xp', amount: 2, reason: '“Akane vs the cheeseburger”' })
    const before = await rowCounts(core, ['ledger_entry', 'log_entry'])
    const e = await refused(core, 'ledger.spend', { campaignId, characterId: akane, currency: 'xp', amount: 5, reason: 'a cooking lesson' })
    expect(e.message).toMatch(/2/)
    expect(e.message).toMatch(/Nothing was spent\.$/)
    expect(await rowCounts(core, ['ledger_entry', 'log_entry'])).toEqual(before)
  })
})
