/**
 * LODE at the table, through the real router on a real library: odds equal the engine's
 * (DICE-2), every roll is the engine's roll on the campaign's seeded dice with its faces logged
 * (DICE-3), Energy and Destiny go through the ledger (LODE-9), and a refused spend changes nothing.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { flukeOdds, opposedOdds, opposedRoll, poolOdds, rerollWithDestiny, rollFluke, rollPool, type PoolInput, LABELS } from '../../src/main/engines/lode'
import { LODE_LABELS } from '../../src/shared/contract'
import { unitOfWork } from '../../src/main/services/core/context'
import { undoLodeStep } from '../../src/main/services/table-lode'
import { gm, refused } from '../support/calls'
import { insertCharacter, rowCounts } from '../support/records'
import { value } from '../support/sql'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

const SEED = 'lode-table'
const TABLES = ['lode_roll', 'ledger_entry', 'log_entry'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let brann: number
let ulf: number

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed: SEED })).id
  brann = await insertCharacter(core, campaignId, 'pc', 'Brann')
  ulf = await insertCharacter(core, campaignId, 'npc', 'Ulf the Reaver')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

/** Roll n of the campaign uses seededDice(`${seed}#${n}`) (services/core/dice.ts). */
const nth = (n: number) => seededDice(`${SEED}#${n}`)
const d6 = (faces: number[]) => faces.map((face) => ({ sides: 6, face }))
const earn = (characterId: number, currency: 'destiny' | 'energy', amount: number) =>
  gm(core, 'ledger.earn', { campaignId, characterId, currency, amount, reason: 'at creation' })
const balances = async (characterId: number) =>
  Object.fromEntries((await gm(core, 'ledger.balances', { campaignId, characterId })).map((b) => [b.currency, b.balance]))
const diceCounter = () => value(core, 'select dice_counter as n from campaign where id = ?', campaignId)
const lastLog = async () => (await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!

describe('odds before the roll (DICE-2)', () => {
  it('equals the engine’s odds for the same pool, with the campaign’s Web (LODE-6)', async () => {
    await earn(brann, 'energy', 1)
    const input = { baseDice: -2, advantages: 5, disadvantages: 1, blessing: 2, curse: 1, energy: 1 }
    const odds = await gm(core, 'lode.odds', { campaignId, characterId: brann, ...input })
    expect(odds).toEqual({ pool: 3, web: 9, ...poolOdds({ ...input, web: 9 }), energyNote: null })

    await gm(core, 'setting.set', { campaignId, key: 'lode.web', value: 6 })
    const thin = await gm(core, 'lode.odds', { campaignId, baseDice: 2, advantages: 8 })
    expect(thin).toEqual({ pool: 10, web: 6, ...poolOdds({ baseDice: 2, advantages: 8, web: 6 }), energyNote: null })
    expect(thin.halfmagic).toBeGreaterThan(0.1)
  })

  it('gives the Fluke Die’s odds (LODE-8), a certain failure for a pool of 0 or less (LODE-1), and the opposed chances (LODE-7)', async () => {
    expect(await gm(core, 'lode.odds', { campaignId, mode: 'fluke', baseDice: 1, curse: 1 })).toEqual({ pool: 1, web: 9, ...flukeOdds({ curse: 1, web: 9 }), energyNote: null })
    expect(await gm(core, 'lode.odds', { campaignId, baseDice: -3, advantages: 2 })).toEqual({ pool: -1, web: 9, successes: [1], fumble: 0, halfmagic: 0, energyNote: null })
    const a = { baseDice: 2, advantages: 3 }
    const b = { baseDice: 2, advantages: 1, blessing: 1 }
    const odds = await gm(core, 'lode.opposedOdds', { campaignId, a, b })
    expect(odds).toMatchObject(opposedOdds({ ...a, web: 9 }, { ...b, web: 9 }))
    expect(odds.a.successes).toEqual(poolOdds({ ...a, web: 9 }).successes)
    expect(odds.win + odds.tie + odds.lose).toBeCloseTo(1, 12)
  })

  it('refuses, in words, advantages past the form’s range, a Fluke Die with advantages, and a campaign of another system', async () => {
    const tooMany = await refused(core, 'lode.odds', { campaignId, baseDice: 2, advantages: 41 })
    expect(tooMany).toMatchObject({ code: 'invalid_input', details: [{ field: 'advantages', problem: 'must be at most 40' }] })
    expect((await refused(core, 'lode.odds', { campaignId, mode: 'fluke', baseDice: 1, advantages: 2 })).message).toMatch(/^A Fluke Die is a single die/)
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const error = await refused(core, 'lode.odds', { campaignId: osr, baseDice: 2 })
    expect(error).toMatchObject({ code: 'refused', message: 'This campaign plays Old-school core, not LODE: use its own table.' })
  })

  it('keeps the contract’s labels in the engine’s order (LODE-5)', () => {
    expect(LODE_LABELS).toEqual(LABELS)
  })
})

describe('a pool roll (LODE-1 … LODE-5, LODE-9)', () => {
  it('is the engine’s roll on the campaign’s next dice, pays its Energy dice, and logs every face', async () => {
    await earn(brann, 'energy', 3)
    const input = { baseDice: 2, advantages: 3, disadvantages: 1, blessing: 1, curse: 0, energy: 2 }
    const roll = await gm(core, 'lode.roll', { campaignId, characterId: brann, what: 'Strength +1, Swordfighting +2', ...input, gmOnly: true })
    const expected = rollPool(nth(1), { ...input, web: 9 })
    expect(roll).toMatchObject({ kind: 'pool', gmOnly: true, opposed: null, deliberate: null })
    expect(roll.sides[0]).toMatchObject({ characterId: brann, name: 'Brann', what: 'Strength +1, Swordfighting +2', result: expected, earlier: [], givenUp: null })
    expect(roll.sides[0]!.points).toEqual({ destiny: 0, energy: 1 })
    expect(expected.pool).toBe(6)

    const log = await lastLog()
    expect(log).toMatchObject({ kind: 'lode.roll', gmOnly: true, id: roll.logEntryId, payload: { rollId: roll.id, name: 'Brann', successes: expected.successes, label: expected.label } })
    expect(log.dice).toEqual(d6([...expected.rolled, ...expected.explosions]))
    const spent = (await gm(core, 'ledger.list', { campaignId, characterId: brann, currency: 'energy', limit: 5 })).items[0]!
    expect(spent).toMatchObject({ amount: -2, reason: '2 extra dice for this roll (Strength +1, Swordfighting +2)', balanceAfter: 1 })
  })

  it('refuses Energy the character has not got, naming the balance, and writes nothing, not even a die', async () => {
    await earn(brann, 'energy', 1)
    const before = { rows: await rowCounts(core, TABLES), dice: await diceCounter() }
    const error = await refused(core, 'lode.roll', { campaignId, characterId: brann, baseDice: 2, energy: 2 })
    expect(error).toMatchObject({ code: 'refused', message: 'Brann has 1 Energy, and this roll would spend 2 (LODE-9). Nothing was rolled or spent.', details: [{ field: 'energy' }] })
    expect((await refused(core, 'lode.roll', { campaignId, baseDice: 2, energy: 1 })).message).toBe(
      "Energy points are a character's (LODE-9): pick who rolls. Nothing was rolled or spent.",
    )
    expect({ rows: await rowCounts(core, TABLES), dice: await diceCounter() }).toEqual(before)
  })

  it('LODE-9: 1 Energy with none left is refused with the balance, for a roll, an opposed roll and deliberate Halfmagic alike, writing nothing', async () => {
    await earn(brann, 'destiny', 1)
    const before = { rows: await rowCounts(core, TABLES), dice: await diceCounter() }
    const refusal = 'Brann has 0 Energy, and this roll would spend 1 (LODE-9). Nothing was rolled or spent.'
    expect((await refused(core, 'lode.roll', { campaignId, characterId: brann, baseDice: 2, energy: 1 })).message).toBe(refusal)
    const side = { baseDice: 2, advantages: 0, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }
    const opposed = await refused(core, 'lode.opposed', { campaignId, a: { ...side, characterId: ulf }, b: { ...side, characterId: brann, energy: 1 } })
    expect(opposed).toMatchObject({ message: refusal, details: [{ field: 'b.energy' }] })
    expect((await refused(core, 'lode.deliberate', { campaignId, characterId: brann, advantages: 3, energy: 1 })).message).toBe(refusal)
    expect({ rows: await rowCounts(core, TABLES), dice: await diceCounter() }).toEqual(before)
  })

  it('LODE-9: the odds never count an Energy die that cannot be spent, and say which were left out', async () => {
    const asked = { baseDice: 2, advantages: 1, energy: 2 }
    const none = await gm(core, 'lode.odds', { campaignId, characterId: brann, ...asked })
    expect(none).toEqual({ pool: 3, web: 9, ...poolOdds({ baseDice: 2, advantages: 1, energy: 0, web: 9 }), energyNote: 'Brann has 0 Energy: the 2 Energy dice cannot be spent and are not counted (LODE-9).' })
    await earn(brann, 'energy', 1)
    const one = await gm(core, 'lode.odds', { campaignId, characterId: brann, ...asked })
    expect(one).toMatchObject({ pool: 4, energyNote: 'Brann has 1 Energy: 1 of the 2 Energy dice cannot be spent and is not counted (LODE-9).' })
    expect((await gm(core, 'lode.odds', { campaignId, ...asked })).energyNote).toBe('Energy is a character’s to spend (LODE-9): the 2 Energy dice cannot be spent and are not counted. Pick who rolls.')
    const side = { baseDice: 2, advantages: 0, disadvantages: 0, blessing: 0, curse: 0 }
    const opposed = await gm(core, 'lode.opposedOdds', { campaignId, a: { ...side, characterId: brann, energy: 2 }, b: { ...side, characterId: ulf, energy: 1 } })
    expect([opposed.a.pool, opposed.b.pool]).toEqual([3, 2])
    expect(opposed).toMatchObject(opposedOdds({ ...side, energy: 1, web: 9 }, { ...side, energy: 0, web: 9 }))
    expect(opposed.b.energyNote).toBe('Ulf the Reaver has 0 Energy: the Energy die cannot be spent and is not counted (LODE-9).')
  })

  it('rolls the Fluke Die (LODE-8) as one die for the GM', async () => {
    const roll = await gm(core, 'lode.roll', { campaignId, mode: 'fluke', baseDice: 1, blessing: 1 })
    expect(roll).toMatchObject({ kind: 'fluke', sides: [{ characterId: null, name: 'The GM', points: null, result: rollFluke(nth(1), { blessing: 1, web: 9 }) }] })
  })

  it('re-rolls the whole pool for a Destiny point, keeping the Energy dice without charging them again (LODE-9)', async () => {
    await earn(brann, 'energy', 1)
    await earn(brann, 'destiny', 1)
    const input: PoolInput = { baseDice: 1, advantages: 2, disadvantages: 0, blessing: 0, curse: 0, energy: 1, web: 9 }
    const { web: _web, ...asked } = input
    const first = await gm(core, 'lode.roll', { campaignId, characterId: brann, what: 'Climb', ...asked })
    const again = await gm(core, 'lode.reroll', { rollId: first.id })
    const engine = rollPool(nth(1), input)
    expect(again.sides[0]!.earlier).toEqual([engine])
    expect(again.sides[0]!.result).toEqual(rollPool(nth(2), input))
    expect(again.sides[0]!.points).toEqual({ destiny: 0, energy: 0 })
    // The service asks the engine's rule: the same as the engine re-rolling on the same dice.
    const byEngine = rerollWithDestiny(nth(2), { input, result: engine, earlier: [], points: { destiny: 1, energy: 0 }, entries: [] })
    expect(byEngine.ok && byEngine.attempt.result).toEqual(again.sides[0]!.result)
    const log = await lastLog()
    expect(log).toMatchObject({ kind: 'lode.reroll', payload: { rollId: first.id, rerolls: 1 } })
    expect(log.dice).toEqual(d6([...again.sides[0]!.result.rolled, ...again.sides[0]!.result.explosions]))
    expect(await balances(brann)).toMatchObject({ destiny: 0, energy: 0 })

    const before = { rows: await rowCounts(core, TABLES), dice: await diceCounter() }
    expect((await refused(core, 'lode.reroll', { rollId: first.id })).message).toBe('Brann: No Destiny point is left to spend on a re-roll. Nothing was rolled or spent.')
    expect({ rows: await rowCounts(core, TABLES), dice: await diceCounter() }).toEqual(before)
  })

  it('refuses a re-roll nobody can pay for, and a second side where there is one', async () => {
    const roll = await gm(core, 'lode.roll', { campaignId, baseDice: 2 })
    expect((await refused(core, 'lode.reroll', { rollId: roll.id })).message).toBe("Destiny points are a character's (LODE-9): pick who rolls. Nothing was rolled or spent.")
    expect((await refused(core, 'lode.reroll', { rollId: roll.id, side: 'b' })).message).toBe('Only an opposed roll has a second side; this roll has one.')
  })
})

describe('an opposed roll (LODE-7)', () => {
  it('rolls side a then side b as the engine does, pays each side’s Energy, and logs both sides’ faces', async () => {
    await earn(brann, 'energy', 2)
    const a = { baseDice: 2, advantages: 3, disadvantages: 0, blessing: 0, curse: 0, energy: 1 }
    const b = { baseDice: 2, advantages: 2, disadvantages: 0, blessing: 0, curse: 1, energy: 0 }
    const roll = await gm(core, 'lode.opposed', { campaignId, a: { characterId: brann, what: 'Wrestling', ...a }, b: { characterId: ulf, what: 'Brawn', ...b } })
    const expected = opposedRoll(nth(1), { ...a, web: 9 }, { ...b, web: 9 })
    expect(roll.opposed).toEqual({ winner: expected.winner, margin: expected.margin })
    expect(roll.sides.map((s) => s.result)).toEqual([expected.a, expected.b])
    expect(roll.sides.map((s) => s.name)).toEqual(['Brann', 'Ulf the Reaver'])
    expect(roll.sides[0]!.points).toEqual({ destiny: 0, energy: 1 })
    const log = await lastLog()
    expect(log).toMatchObject({ kind: 'lode.opposed', payload: { winner: expected.winner, margin: expected.margin, a: { name: 'Brann' }, b: { name: 'Ulf the Reaver' } } })
    expect(log.dice).toEqual(d6([...expected.a.rolled, ...expected.a.explosions, ...expected.b.rolled, ...expected.b.explosions]))
  })

  it('re-rolls one side for its Destiny and reads the standing again', async () => {
    await earn(ulf, 'destiny', 1)
    const side = { baseDice: 2, advantages: 1, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }
    const roll = await gm(core, 'lode.opposed', { campaignId, a: { characterId: brann, ...side }, b: { characterId: ulf, ...side } })
    const again = await gm(core, 'lode.reroll', { rollId: roll.id, side: 'b' })
    const b = rollPool(nth(2), { ...side, web: 9 })
    expect(again.sides[0]!.result).toEqual(roll.sides[0]!.result)
    expect(again.sides[1]!.result).toEqual(b)
    const sa = roll.sides[0]!.result.successes
    expect(again.opposed).toEqual({ winner: sa > b.successes ? 'a' : sa < b.successes ? 'b' : 'tie', margin: Math.abs(sa - b.successes) })
    expect(await balances(ulf)).toMatchObject({ destiny: 0 })
  })

  it('names a side nobody stands behind, and refuses a character against themselves', async () => {
    const roll = await gm(core, 'lode.opposed', { campaignId, a: { characterId: brann }, b: { name: 'the gate guard' } })
    expect(roll.sides.map((s) => [s.name, s.input.baseDice])).toEqual([['Brann', 2], ['the gate guard', 2]])
    const error = await refused(core, 'lode.opposed', { campaignId, a: { characterId: brann }, b: { characterId: brann } })
    expect(error.message).toBe('An opposed roll needs two different sides: pick someone else for one of them.')
  })
})

describe('undo of a roll (the table’s undo calls undoLodeStep)', () => {
  const undo = async (entryId: number) => {
    const entry = (await gm(core, 'log.list', { campaignId, limit: 50 })).find((e) => e.id === entryId)!
    return unitOfWork(core.deps, (tx) => undoLodeStep(tx, entry))
  }

  it('gives back the Energy a roll spent and removes the roll; a re-roll must be undone before its roll', async () => {
    await earn(brann, 'energy', 2)
    await earn(brann, 'destiny', 1)
    const roll = await gm(core, 'lode.roll', { campaignId, characterId: brann, what: 'Swim', baseDice: 2, energy: 2 })
    const again = await gm(core, 'lode.reroll', { rollId: roll.id })
    const error = await undo(roll.logEntryId!).catch((e: Error) => e)
    expect(error).toMatchObject({ code: 'conflict', message: 'A later step of this roll stands: undo that first. Nothing was undone.' })
    expect(await undo(again.logEntryId!)).toBe('Brann: Destiny re-roll')
    expect(await balances(brann)).toMatchObject({ destiny: 1, energy: 0 })
    expect(await undo(roll.logEntryId!)).toBe('Brann: roll')
    expect(await balances(brann)).toMatchObject({ destiny: 1, energy: 2 })
    expect((await gm(core, 'lode.table', { campaignId })).last).toBeNull()
  })
})
