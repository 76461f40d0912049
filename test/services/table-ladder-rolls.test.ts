import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import {
  damageOdds,
  exchangeOdds,
  gunfireOdds,
  instantConflictOdds,
  rollInstantConflict,
  rollTask,
  rollUntreated,
  taskOdds,
  untreatedOdds,
} from '../../src/main/engines/ladder'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { addCharacter, lastEntry, ladderCampaign, replay, reseed, seedWhere, sheet, SEED } from './table-ladder-support'

const WRITES = ['log_entry', 'ledger_entry', 'injury'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
let widow: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await ladderCampaign(core)
  tai = await addCharacter(core, campaignId, 'Tai', sheet([['Hiding', 'poor'], ['Eyesight', 'expert'], ['Climbing', 'good'], ['Toughness', 'good']]))
  widow = await addCharacter(
    core,
    campaignId,
    'Black Widow',
    sheet([['Acrobatics', 'superb'], ['Stealth', 'expert']], { super: true, flaws: [{ name: 'Trusts no one', vulnerability: true }] }),
  )
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const earn = (characterId: number, amount: number) =>
  gm(core, 'ledger.earn', { campaignId, characterId, currency: 'pp', amount, reason: 'episodes at creation' })
const pp = async (characterId: number) => (await gm(core, 'ledger.balances', { campaignId, characterId }))[0]!.balance

describe('odds at the table are the engine’s (DICE-2)', () => {
  it('gives a task’s exact odds per rung of the ladder in use, the chance of success and what Plot Points buy (LAD-2 … LAD-5, LAD-22.2)', async () => {
    const odds = await gm(core, 'ladder.odds', { kind: 'task', asset: 'poor', difficulty: 'expert', wonky: 'good' })
    const engine = taskOdds({ asset: 'poor', difficulty: 'expert', wonky: 'good' })
    expect(odds.bars.map((b) => b.outcome)).toEqual(['terrible', 'poor', 'good', 'expert', 'superb'])
    for (const b of odds.bars) expect(b.p).toBe(engine.result[b.outcome as keyof typeof engine.result])
    expect(odds.success).toEqual({ outcome: 'success', p: engine.success })
    expect(odds.buyable).toEqual([{ result: 'expert', cost: 1 }, { result: 'superb', cost: 2 }])
    const extended = await gm(core, 'ladder.odds', { kind: 'task', asset: 'superb', extended: true })
    expect(extended.bars).toHaveLength(7)
    expect(extended.success).toBeNull()
  })

  it('gives gunfire, damage, instant conflict, exchange and untreated odds as the engine computes them (LAD-6, LAD-7, LAD-14, LAD-16, LAD-19)', async () => {
    const shot = await gm(core, 'ladder.odds', { kind: 'gunfire', asset: 'expert', target: 'good' })
    const g = gunfireOdds({ asset: 'expert', target: 'good' })
    expect(shot.bars).toEqual([{ outcome: 'miss', p: g.miss }, { outcome: 'wounded', p: g.wounded }, { outcome: 'incapacitated', p: g.incapacitated }])
    const grenade = await gm(core, 'ladder.odds', { kind: 'damage', level: 'incapacitated', tough: true })
    const d = damageOdds({ level: 'incapacitated', tough: true })
    expect(Object.fromEntries(grenade.bars.map((b) => [b.outcome, b.p]))).toEqual(d)
    const instant = await gm(core, 'ladder.odds', { kind: 'instant', a: { asset: 'expert' }, b: { asset: 'good', wonky: 'bad' } })
    const i = instantConflictOdds({ a: { asset: 'expert' }, b: { asset: 'good', wonky: 'bad' } })
    expect(instant.bars).toEqual([{ outcome: 'a', p: i.a }, { outcome: 'b', p: i.b }])
    const exchange = await gm(core, 'ladder.odds', { kind: 'exchange', a: { asset: 'expert' }, b: { asset: 'poor' } })
    const e = exchangeOdds({ a: { asset: 'expert' }, b: { asset: 'poor' } })
    const ahead = e.filter((o) => o.scored[0] > o.scored[1]).reduce((s, o) => s + o.p, 0)
    expect(exchange.bars[0]).toEqual({ outcome: 'a', p: ahead })
    expect(exchange.bars.reduce((s, b) => s + b.p, 0)).toBeCloseTo(1, 12)
    const untreated = await gm(core, 'ladder.odds', { kind: 'untreated', asset: 'good' })
    expect(untreated.bars[1]).toEqual({ outcome: 'dying', p: untreatedOdds({ asset: 'good' }).beginsDying })
  })

  it('refuses an asset off the ladder in use, saying why (LAD-1)', async () => {
    const error = await refused(core, 'ladder.odds', { kind: 'task', asset: 'superb' })
    expect(error.code).toBe('invalid_input')
    expect(error.message).toContain('superb and unprecedented assets need the extended ladder')
    expect(error.message).not.toContain('Nothing was written')
  })
})

describe('rolls with the campaign’s dice, every face logged (LAD-2 … LAD-5, DICE-3)', () => {
  it('logs the faces the engine rolled with the campaign’s next dice, and the result in the ladder’s words', async () => {
    const roll = await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Hiding', asset: 'poor', difficulty: 'expert' })
    const expected = replay(1, (d) => rollTask(d, { asset: 'poor', difficulty: 'expert', extended: false }))
    expect(roll).toMatchObject({ name: 'Tai', what: 'Hiding', result: expected.value.result, faces: expected.value.faces, success: expected.value.success, gmOnly: false, pp: 0 })
    const entry = await lastEntry(core, campaignId, 'ladder.roll')
    expect(entry.id).toBe(roll.logEntryId)
    expect(entry.dice).toEqual(expected.faces)
    expect(entry.payload).toMatchObject({ characterId: tai, result: expected.value.result, faces: expected.value.faces, text: roll.text })
    expect(roll.text).toMatch(/^Tai rolled Hiding \(Poor\/Fail\) against Expert: [\d, ]+ → .+ — (success|failure)\.$/)
    // The second roll takes the campaign's next dice.
    const again = await gm(core, 'ladder.roll', { campaignId, characterId: null, name: 'Guard', asset: 'good', wonky: 'bad' })
    expect(again.faces).toEqual(replay(2, (d) => rollTask(d, { asset: 'good', wonky: 'bad', extended: false })).value.faces)
    expect(again.success).toBeNull()
  })

  it('keeps a GM-only roll out of the player recap, and rolls a super on the extended ladder, under a bad wonky ladder when the Vulnerability is in play (LAD-29)', async () => {
    const roll = await gm(core, 'ladder.roll', { campaignId, characterId: widow, name: 'x', what: 'Acrobatics', asset: 'superb', vulnerability: true, gmOnly: true })
    expect(roll).toMatchObject({ name: 'Black Widow', extended: true, wonky: 'bad', gmOnly: true })
    expect(roll.faces).toEqual(replay(1, (d) => rollTask(d, { asset: 'superb', extended: true, wonky: 'bad' })).value.faces)
    expect((await lastEntry(core, campaignId, 'ladder.roll')).gmOnly).toBe(true)
  })

  it('records a GM ruling with no roll (LAD-4)', async () => {
    const r = await gm(core, 'ladder.ruling', { campaignId, characterId: tai, name: 'Tai', what: 'Piloting', success: true, reason: 'even a poor pilot can land a plane' })
    const entry = await lastEntry(core, campaignId, 'ladder.roll.ruling')
    expect(entry.id).toBe(r.logEntryId)
    expect(entry.dice).toBeNull()
    expect(r.text).toBe("GM's ruling for Tai (Piloting): success without a roll — even a poor pilot can land a plane.")
  })

  it('plays an instant conflict to its end, every attempt’s faces in the log (LAD-6)', async () => {
    const a = { characterId: tai, name: 'Tai', assetName: 'Climbing', asset: 'good' as const }
    const b = { characterId: null, name: 'Guard', asset: 'good' as const }
    const r = await gm(core, 'ladder.instant', { campaignId, a, b })
    const expected = replay(1, (d) => rollInstantConflict(d, { a: { asset: 'good' }, b: { asset: 'good' } }))
    expect(r.winner).toBe(expected.value.winner)
    expect(r.attempts).toHaveLength(expected.value.attempts.length)
    expect((await lastEntry(core, campaignId, 'ladder.roll.instant')).dice).toEqual(expected.faces)
  })

  it('rolls the untreated hour against Good (LAD-19)', async () => {
    const r = await gm(core, 'ladder.untreated', { campaignId, characterId: tai, name: 'Tai', what: 'Toughness', asset: 'good' })
    const expected = replay(1, (d) => rollUntreated(d, { asset: 'good', extended: false }))
    expect(r).toMatchObject({ faces: expected.value.roll.faces, beginsDying: expected.value.beginsDying })
  })

  it('refuses to roll for a campaign of another system, and for a character of another campaign', async () => {
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    expect((await refused(core, 'ladder.roll', { campaignId: osr, name: 'Glam', asset: 'good' })).message).toContain("The Ladder's table is only for Ladder campaigns")
    const other = await ladderCampaign(core, 'other')
    expect((await refused(core, 'ladder.roll', { campaignId: other, characterId: tai, name: 'Tai', asset: 'good' })).code).toBe('not_found')
  })
})

describe('Plot Points spent at the table go through the ledger (LAD-22)', () => {
  it('pushes a rolled result one rung up for 1 PP, once per roll; the ledger entry names the roll (LAD-22.1)', async () => {
    await earn(tai, 2)
    // A first face of 2 … 5: the roll stays on Good, a rung below the difficulty.
    await reseed(core, campaignId, seedWhere('push', (d) => [2, 3, 4, 5].includes(d.roll(6))))
    const roll = await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Climbing', asset: 'good', difficulty: 'expert' })
    expect(roll).toMatchObject({ pp: 2, result: 'good', success: false })
    expect(roll.stepUpRefusal).toBeNull()
    const pushed = await gm(core, 'ladder.stepUp', { logEntryId: roll.logEntryId })
    expect(pushed).toMatchObject({ result: 'expert', success: true, steppedUpFrom: 'good', pp: 1, logEntryId: roll.logEntryId })
    expect(pushed.text).toBe('Tai pushed Climbing up a rung with a Plot Point: Good → Expert — now a success.')
    expect(pushed.stepUpRefusal).toBe('This roll has already been pushed up a rung with a Plot Point; only once per roll.')
    const [spent] = (await gm(core, 'ledger.list', { campaignId, characterId: tai, limit: 1 })).items
    expect(spent).toMatchObject({ amount: -1, reason: `pushed a roll up from good to expert — Climbing (Good), roll #${roll.logEntryId}` })
    const entry = await lastEntry(core, campaignId, 'ladder.roll.stepped-up')
    expect(entry.payload).toMatchObject({ rollId: roll.logEntryId, from: 'good', to: 'expert', success: true })

    const before = await rowCounts(core, WRITES)
    const twice = await refused(core, 'ladder.stepUp', { logEntryId: roll.logEntryId })
    expect(twice.message).toBe('This roll has already been pushed up a rung with a Plot Point; only once per roll. Nothing was spent.')
    expect(await rowCounts(core, WRITES)).toEqual(before)
    expect(await pp(tai)).toBe(1)
  })

  it('refuses a push the balance cannot cover, with the balance, and changes nothing', async () => {
    await reseed(core, campaignId, seedWhere('push', (d) => [2, 3, 4, 5].includes(d.roll(6))))
    const roll = await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', asset: 'good' })
    expect(roll.stepUpRefusal).toBe('Tai has 0 Plot Points, and this needs 1 (pushed a roll up from good to expert).')
    const before = await rowCounts(core, WRITES)
    const error = await refused(core, 'ladder.stepUp', { logEntryId: roll.logEntryId })
    expect(error.code).toBe('refused')
    expect(error.message).toBe('Tai has 0 Plot Points, and this needs 1 (pushed a roll up from good to expert). Nothing was spent.')
    expect(await rowCounts(core, WRITES)).toEqual(before)
    const guard = await gm(core, 'ladder.roll', { campaignId, name: 'Guard', asset: 'good' })
    expect(guard.stepUpRefusal).toBe('Guard has no sheet in this campaign, so no Plot Points to spend.')
  })

  it('reads a roll again with the balance now: a Plot Point gained after the roll makes the push possible, and the push is kept (LAD-22.1)', async () => {
    await reseed(core, campaignId, seedWhere('push', (d) => [2, 3, 4, 5].includes(d.roll(6))))
    const roll = await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Climbing', asset: 'good', difficulty: 'expert' })
    expect(roll.stepUpRefusal).toBe('Tai has 0 Plot Points, and this needs 1 (pushed a roll up from good to expert).')
    await earn(tai, 1)
    const now = await gm(core, 'ladder.outcome', { logEntryId: roll.logEntryId })
    expect(now).toMatchObject({ logEntryId: roll.logEntryId, pp: 1, stepUpRefusal: null, result: 'good', steppedUpFrom: null })
    await gm(core, 'ladder.stepUp', { logEntryId: roll.logEntryId })
    const pushed = await gm(core, 'ladder.outcome', { logEntryId: roll.logEntryId })
    expect(pushed).toMatchObject({ result: 'expert', success: true, steppedUpFrom: 'good', pp: 0 })
    expect(pushed.text).toBe('Tai pushed Climbing up a rung with a Plot Point: Good → Expert — now a success.')
    expect(pushed.stepUpRefusal).toBe('This roll has already been pushed up a rung with a Plot Point; only once per roll.')
    const missing = await refused(core, 'ladder.outcome', { logEntryId: 999_999 })
    expect(missing.message).toBe('There is no Ladder roll with log entry 999999.')
  })

  it('buys a result before rolling: with no asset, Expert for 1 or Superb for 2; refused with the balance when short (LAD-22.2)', async () => {
    await earn(tai, 1)
    const before = await rowCounts(core, WRITES)
    const short = await refused(core, 'ladder.buy', { campaignId, characterId: tai, name: 'Tai', what: 'Hiding', asset: 'poor', difficulty: 'expert', want: 'superb' })
    expect(short.message).toBe('Tai has 1 Plot Point, and this needs 2 (bought superb with a poor asset, no roll). Nothing was spent.')
    expect(await rowCounts(core, WRITES)).toEqual(before)
    const wrong = await refused(core, 'ladder.buy', { campaignId, characterId: tai, name: 'Tai', asset: 'good', want: 'expert' })
    expect(wrong.message).toBe('With a good asset a Plot Point buys superb for 1, not expert. Nothing was spent.')

    const bought = await gm(core, 'ladder.buy', { campaignId, characterId: tai, name: 'Tai', what: 'Hiding', asset: 'poor', difficulty: 'expert', want: 'expert' })
    expect(bought).toMatchObject({ result: 'expert', faces: [], success: true, bought: true, pp: 0 })
    expect(bought.stepUpRefusal).toContain('not rolled')
    const entry = await lastEntry(core, campaignId, 'ladder.roll.bought')
    expect(entry.dice).toBeNull()
    const [spent] = (await gm(core, 'ledger.list', { campaignId, characterId: tai, limit: 1 })).items
    expect(spent).toMatchObject({ amount: -1, reason: `bought expert with a poor asset, no roll — Hiding (Poor/Fail), roll #${entry.id}` })
    // The dice were not touched: the next roll is still the campaign's first.
    const next = await gm(core, 'ladder.roll', { campaignId, name: 'Guard', asset: 'good' })
    expect(next.faces).toEqual(replay(1, (d) => rollTask(d, { asset: 'good', extended: false })).value.faces)
  })

  it('a super at Superb buys Improbable for 1 (LAD-22.2, LAD-29)', async () => {
    await earn(widow, 3)
    const bought = await gm(core, 'ladder.buy', { campaignId, characterId: widow, name: 'x', asset: 'superb', want: 'improbable' })
    expect(bought).toMatchObject({ name: 'Black Widow', result: 'improbable', extended: true, pp: 2 })
  })
})

describe('the roster', () => {
  it('lists who can roll with assets, Plot Points, toughness and injuries', async () => {
    await earn(tai, 2)
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm' })
    const roster = await gm(core, 'ladder.roster', { campaignId })
    expect(roster.map((c) => c.name)).toEqual(['Black Widow', 'Tai'])
    expect(roster[1]).toMatchObject({ pp: 2, tough: true, super: false, status: { wounds: 1, subdued: false, incapacitated: null, killed: false } })
    expect(roster[0]).toMatchObject({ super: true, vulnerability: 'Trusts no one', tough: false })
    expect(roster[1]!.assets[0]).toEqual({ name: 'Hiding', rating: 'poor', school: null })
    expect(roster.map((c) => c.lastFight)).toEqual([null, null])
  })

  it('says how each character fought in the newest combat they were in (LAD-12), for the next one’s setup', async () => {
    type Fighter = { characterId?: number | null; name: string; assetName?: string; asset: 'poor' | 'good' | 'superb'; shootName?: string; shoot?: 'expert'; naturalWeapons?: boolean }
    const fight = (combatants: Fighter[]) => gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants })
    const first = await fight([
      { characterId: tai, name: 'Tai', assetName: 'Climbing', asset: 'good', shootName: 'Eyesight', shoot: 'expert' },
      { characterId: widow, name: 'Black Widow', assetName: 'Acrobatics', asset: 'superb', naturalWeapons: true },
      { characterId: null, name: 'Guard', asset: 'good' },
    ])
    await gm(core, 'ladder.conflict.end', { id: first.id })
    // The newer fight, without Black Widow: Tai's is the newer; hers stays as she last fought.
    await fight([
      { characterId: tai, name: 'Tai', assetName: 'Toughness', asset: 'good' },
      { characterId: null, name: 'Thug', asset: 'poor' },
    ])
    const roster = await gm(core, 'ladder.roster', { campaignId })
    expect(Object.fromEntries(roster.map((c) => [c.name, c.lastFight]))).toEqual({
      Tai: { assetName: 'Toughness', shootName: '', naturalWeapons: false },
      'Black Widow': { assetName: 'Acrobatics', shootName: '', naturalWeapons: true },
    })
  })
})

// The seed is fixed in the support file; a change there changes every replay above together.
expect(SEED).toBe('clockwork')
