/**
 * Ladder Magic at the table, through the real router on a real SQLite file: a spell's exact odds
 * before it is cast (DICE-2), who may cast and at what rung (LAD-25), colours combined on the
 * lowest asset (LAD-26), the cast rolled with the campaign's dice and every face logged (DICE-3),
 * and a spell that worked kept as a rote (LAD-27).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { castSpell, taskOdds, type Asset } from '../../src/main/engines/ladder'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { one } from '../support/sql'
import { addCharacter, lastEntry, ladderCampaign, replay, reseed, seedWhere, sheet } from './table-ladder-support'

let lib: TempLibrary
let core: Core
let campaignId: number
let orb: number
let tai: number

const ORB: Asset[] = [
  { name: 'Red magic', rating: 'expert', school: 'red' },
  { name: 'Blue magic', rating: 'good', school: 'blue' },
  { name: 'Hedge charms', rating: 'good', school: 'hedge' },
  { name: 'Hacking', rating: 'expert' },
]
const SLEEP = { effect: 'a blood-red sleep falls on the guards', assets: ['Red magic', 'Blue magic'], rung: 'expert' as const }

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await ladderCampaign(core)
  orb = await addCharacter(core, campaignId, 'Orb', sheet(ORB.map((a) => [a.name, a.rating, a.school])))
  tai = await addCharacter(core, campaignId, 'Tai', sheet([['Climbing', 'good'], ['Eyesight', 'expert']]))
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

/** A seed whose first roll makes the sleep spell succeed, or fail. */
const seedFor = (works: boolean) => seedWhere(`sleep-${works}-`, (d) => {
  const r = castSpell(d, { assets: ORB }, SLEEP)
  return r.ok && r.roll.success === works
})

describe('a spell’s odds before it is cast (LAD-25, LAD-26, DICE-2)', () => {
  it('LAD-26: red and blue combined roll against the lower of the two, Good, on the extended ladder, with the engine’s exact odds', async () => {
    const odds = await gm(core, 'ladder.spellOdds', { campaignId, characterId: orb, assets: SLEEP.assets, rung: 'expert' })
    const engine = taskOdds({ asset: 'good', difficulty: 'expert', extended: true })
    expect(odds.rolledAt).toBe('good')
    expect(odds.from).toBe('the lowest of Red magic (Expert) and Blue magic (Good)')
    expect(odds.bars.map((b) => b.outcome)).toEqual(['terrible', 'poor', 'good', 'expert', 'superb', 'unprecedented', 'improbable'])
    for (const b of odds.bars) expect(b.p).toBe(engine.result[b.outcome as keyof typeof engine.result])
    expect(odds.success).toEqual({ outcome: 'success', p: engine.success })
    const alone = await gm(core, 'ladder.spellOdds', { campaignId, characterId: orb, assets: ['Red magic'], rung: 'unprecedented', wonky: 'good' })
    expect(alone).toMatchObject({ rolledAt: 'expert', from: 'Red magic (Expert)', success: { p: taskOdds({ asset: 'expert', difficulty: 'unprecedented', extended: true, wonky: 'good' }).success } })
  })

  it('LAD-25, LAD-26: refuses a caster with no magical asset, an ordinary asset in a spell, a rung below Good unless trivial, and hedge magic combined', async () => {
    expect((await refused(core, 'ladder.spellOdds', { campaignId, characterId: tai, assets: ['Climbing'], rung: 'good' })).message).toBe('Tai cannot cast this: Only a character with a magical asset may cast a spell.')
    expect((await refused(core, 'ladder.spellOdds', { campaignId, characterId: orb, assets: ['Red magic', 'Hacking'], rung: 'good' })).details).toEqual([
      { field: 'assets', problem: '"Hacking" is not a magical asset, so it cannot power a spell.' },
    ])
    expect((await refused(core, 'ladder.spellOdds', { campaignId, characterId: orb, assets: ['Blue magic'], rung: 'poor' })).details[0]!.field).toBe('rung')
    expect((await gm(core, 'ladder.spellOdds', { campaignId, characterId: orb, assets: ['Blue magic'], rung: 'poor', trivial: true })).rolledAt).toBe('good')
    expect((await refused(core, 'ladder.spellOdds', { campaignId, characterId: orb, assets: ['Hedge charms', 'Red magic'], rung: 'good' })).message).toMatch(/Hedge magic is rolled on its own asset/)
  })
})

describe('casting at the table (LAD-25 … LAD-27)', () => {
  it('LAD-26: the cast is the engine’s on the campaign’s next dice, logged with every face and in the seed’s words; a success may be kept as a rote', async () => {
    const seed = seedFor(true)
    await reseed(core, campaignId, seed)
    const cast = await gm(core, 'ladder.cast', { campaignId, characterId: orb, ...SLEEP })
    const { value, faces } = replay(1, (d) => castSpell(d, { assets: ORB }, SLEEP), seed)
    if (!value.ok) throw new Error('the engine refused the spell')
    expect(cast).toMatchObject({ name: 'Orb', asset: 'good', difficulty: 'expert', extended: true, result: value.roll.result, faces: value.roll.faces, success: true })
    expect(cast.spell).toEqual({ ...SLEEP, rote: 'may keep' })
    const entry = await lastEntry(core, campaignId, 'ladder.roll')
    expect(entry.dice).toEqual(faces)
    expect(entry.payload.text).toBe(
      `Orb cast “${SLEEP.effect}” with Red magic and Blue magic (rolled at Good, the lowest, LAD-26) against Expert: ${value.roll.faces.join(', ')} → ${cast.text.split(' → ')[1]!.split(' — ')[0]} — success.`,
    )

    // LAD-27: kept with Orb, on the roster, once.
    const kept = await gm(core, 'ladder.keepRote', { logEntryId: cast.logEntryId })
    expect(kept.spell).toEqual({ ...SLEEP, rote: 'kept' })
    const roster = await gm(core, 'ladder.roster', { campaignId })
    expect(roster.find((c) => c.id === orb)!.rotes).toEqual([{ effect: SLEEP.effect, assets: SLEEP.assets, rung: 'expert' }])
    const before = await rowCounts(core, ['log_entry'])
    await gm(core, 'ladder.keepRote', { logEntryId: cast.logEntryId })
    expect(await rowCounts(core, ['log_entry'])).toEqual(before)
    expect((await gm(core, 'character.get', { id: orb })).sheet).toMatchObject({ rotes: [{ effect: SLEEP.effect }] })
  })

  it('LAD-27: a spell that failed is not kept as a rote, and writes nothing; LAD-22.1: pushed to a success by a Plot Point, it may be', async () => {
    const seed = seedWhere('sleep-just-', (d) => {
      const r = castSpell(d, { assets: ORB }, SLEEP)
      return r.ok && r.roll.result === 'good'
    })
    await reseed(core, campaignId, seed)
    const cast = await gm(core, 'ladder.cast', { campaignId, characterId: orb, ...SLEEP })
    expect(cast).toMatchObject({ result: 'good', success: false, spell: { rote: null } })
    const before = await rowCounts(core, ['log_entry', 'character'])
    expect((await refused(core, 'ladder.keepRote', { logEntryId: cast.logEntryId })).message).toBe(`Only a spell that worked is kept as a rote (LAD-27); “${SLEEP.effect}” failed. Nothing was written.`)
    expect(await rowCounts(core, ['log_entry', 'character'])).toEqual(before)

    await gm(core, 'ledger.earn', { campaignId, characterId: orb, currency: 'pp', amount: 1, reason: 'an episode' })
    const pushed = await gm(core, 'ladder.stepUp', { logEntryId: cast.logEntryId })
    expect(pushed).toMatchObject({ result: 'expert', success: true, spell: { rote: 'may keep' } })
    expect((await gm(core, 'ladder.keepRote', { logEntryId: cast.logEntryId })).spell!.rote).toBe('kept')
  })

  it('LAD-25: a cast without an effect, or by someone with no magic, is refused before any die is rolled', async () => {
    const before = await rowCounts(core, ['log_entry'])
    const counter = async () => (await one<{ n: number }>(core, 'select dice_counter as n from campaign where id = ?', campaignId))!.n
    const dice = await counter()
    expect((await refused(core, 'ladder.cast', { campaignId, characterId: orb, ...SLEEP, effect: ' ' })).details).toEqual([{ field: 'effect', problem: 'describe the effect the spell is meant to have (LAD-25)' }])
    expect((await refused(core, 'ladder.cast', { campaignId, characterId: tai, effect: 'fly', assets: ['Climbing'], rung: 'good' })).message).toBe(
      'Tai cannot cast this: Only a character with a magical asset may cast a spell. Nothing was rolled.',
    )
    expect(await rowCounts(core, ['log_entry'])).toEqual(before)
    expect(await counter()).toBe(dice)
  })
})
