/**
 * Halfmagic at the LODE table: giving it up for a Destiny point, kept once a scene and given to
 * another player's character after (LODE-11); deliberate attempts paid in Destiny (LODE-10); the
 * scene; and undo of each step as a compensating change. Seeds are found so the dice say what
 * each case needs; every expectation is the engine's own roll on the same dice.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { rerollDeliberate, rollPool, startDeliberateHalfmagic, type PoolInput } from '../../src/main/engines/lode'
import { unitOfWork } from '../../src/main/services/core/context'
import { undoLodeStep } from '../../src/main/services/table-lode'
import { gm, logKinds, refused } from '../support/calls'
import { insertCharacter, rowCounts } from '../support/records'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

const TABLES = ['lode_roll', 'lode_scene', 'ledger_entry', 'log_entry'] as const
/** 20 dice at Web 6: Halfmagic most of the time. */
const BIG: PoolInput = { baseDice: 2, advantages: 18, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }
const { web: _w, ...BIG_ASKED } = { ...BIG, web: 6 }

/** The first seed whose rolls 1…n all satisfy `test`. */
function seedWhere(prefix: string, test: (dice: (n: number) => ReturnType<typeof seededDice>) => boolean): string {
  for (let s = 0; s < 10_000; s++) {
    const seed = `${prefix}-${s}`
    if (test((n) => seededDice(`${seed}#${n}`))) return seed
  }
  throw new Error('no seed found')
}

let lib: TempLibrary
let core: Core
let campaignId: number
let seed: string
let brann: number
let ceri: number
let ulf: number

async function open(withSeed: string, web: number): Promise<void> {
  seed = withSeed
  campaignId = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed })).id
  await gm(core, 'setting.set', { campaignId, key: 'lode.web', value: web })
  brann = await insertCharacter(core, campaignId, 'pc', 'Brann')
  ceri = await insertCharacter(core, campaignId, 'pc', 'Ceri')
  ulf = await insertCharacter(core, campaignId, 'npc', 'Ulf the Reaver')
}

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const nth = (n: number) => seededDice(`${seed}#${n}`)
const destiny = async (characterId: number) =>
  (await gm(core, 'ledger.balances', { campaignId, characterId })).find((b) => b.currency === 'destiny')!.balance
const earnDestiny = (characterId: number, amount: number) =>
  gm(core, 'ledger.earn', { campaignId, characterId, currency: 'destiny', amount, reason: 'heroics' })
const lastLog = async () => (await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!

/** Undoes the newest LODE step as the table's undo would, inside one unit of work. */
async function undoLast(): Promise<string | null> {
  const entries = await gm(core, 'log.list', { campaignId, limit: 50 })
  const entry = entries.find((e) => e.kind.startsWith('lode.') && !e.undone)!
  return unitOfWork(core.deps, async (tx) => {
    const what = await undoLodeStep(tx, entry)
    await tx.trx.updateTable('log_entry').set({ undone: 1 }).where('id', '=', entry.id).execute()
    return what
  })
}

describe('giving up Halfmagic (LODE-11)', () => {
  beforeEach(async () => {
    await open(seedWhere('give-up', (d) => [1, 2, 3].every((n) => rollPool(d(n), { ...BIG, web: 6 }).halfmagic > 0)), 6)
  })

  it('keeps the first point of the scene, then asks for another player’s character, then begins again with a new scene', async () => {
    const first = await gm(core, 'lode.roll', { campaignId, characterId: brann, what: 'Spear throw', ...BIG_ASKED })
    const engine = rollPool(nth(1), { ...BIG, web: 6 })
    expect(first.sides[0]!.result.halfmagic).toBe(engine.halfmagic)

    const kept = await gm(core, 'lode.giveUpHalfmagic', { rollId: first.id })
    expect(kept.sides[0]!.result).toEqual({ ...engine, halfmagic: 0 })
    expect(kept.sides[0]!.givenUp).toEqual({ toId: brann, toName: 'Brann', level: engine.halfmagic })
    expect(await destiny(brann)).toBe(1)
    expect((await gm(core, 'lode.table', { campaignId })).scene).toMatchObject({ number: 1, keptBy: [{ id: brann, name: 'Brann' }] })
    expect(await lastLog()).toMatchObject({ kind: 'lode.halfmagic.givenUp', payload: { name: 'Brann', level: engine.halfmagic, toName: 'Brann', kept: true } })

    // The same Halfmagic cannot be given up twice, nor re-rolled now that it paid a point.
    expect((await refused(core, 'lode.giveUpHalfmagic', { rollId: first.id })).message).toBe(
      'This Halfmagic was already given up, and Brann gained the Destiny point. Nothing was changed.',
    )
    expect((await refused(core, 'lode.reroll', { rollId: first.id })).message).toMatch(/^Brann’s roll cannot be re-rolled: its Halfmagic was given up/)

    const second = await gm(core, 'lode.roll', { campaignId, characterId: brann, ...BIG_ASKED })
    const before = await rowCounts(core, TABLES)
    const ask = await refused(core, 'lode.giveUpHalfmagic', { rollId: second.id })
    expect(ask).toMatchObject({
      code: 'refused',
      message: "Brann already kept a Destiny point for giving up Halfmagic in this scene: this one must go to another player's character. Say whose. Nothing was changed.",
      details: [{ field: 'giveToId' }],
    })
    expect((await refused(core, 'lode.giveUpHalfmagic', { rollId: second.id, giveToId: ulf })).message).toBe(
      'The Destiny point cannot go there: the point goes to another player’s character, not an NPC (LODE-11). Nothing was changed.',
    )
    expect((await refused(core, 'lode.giveUpHalfmagic', { rollId: second.id, giveToId: brann })).details).toEqual([
      { field: 'giveToId', problem: 'the point must go to another player’s character, not the one who rolled' },
    ])
    expect(await rowCounts(core, TABLES)).toEqual(before)

    const given = await gm(core, 'lode.giveUpHalfmagic', { rollId: second.id, giveToId: ceri })
    expect(given.sides[0]!.givenUp).toMatchObject({ toId: ceri, toName: 'Ceri' })
    expect([await destiny(brann), await destiny(ceri)]).toEqual([1, 1])

    const scene = await gm(core, 'lode.newScene', { campaignId })
    expect(scene).toEqual({ number: 2, sessionId: null, keptBy: [] })
    const third = await gm(core, 'lode.roll', { campaignId, characterId: brann, ...BIG_ASKED })
    await gm(core, 'lode.giveUpHalfmagic', { rollId: third.id })
    expect(await destiny(brann)).toBe(2)
  })

  it('refuses a roll with no Halfmagic, and a side nobody stands behind', async () => {
    const small = await gm(core, 'lode.roll', { campaignId, characterId: brann, baseDice: 1 })
    expect((await refused(core, 'lode.giveUpHalfmagic', { rollId: small.id })).message).toBe('This roll has no Halfmagic to give up. Nothing was changed.')
    const gms = await gm(core, 'lode.roll', { campaignId, ...BIG_ASKED })
    expect((await refused(core, 'lode.giveUpHalfmagic', { rollId: gms.id })).message).toBe("Destiny points are a character's (LODE-9): pick who rolls. Nothing was rolled or spent.")
  })

  it('begins a new scene with a new session', async () => {
    const roll = await gm(core, 'lode.roll', { campaignId, characterId: brann, ...BIG_ASKED })
    await gm(core, 'lode.giveUpHalfmagic', { rollId: roll.id })
    const session = await gm(core, 'session.create', { campaignId, status: 'open' })
    expect((await gm(core, 'lode.table', { campaignId })).scene).toEqual({ number: 1, sessionId: session.id, keptBy: [] })
  })

  it('undoes a give-up: the point is taken back and the scene forgets it', async () => {
    const roll = await gm(core, 'lode.roll', { campaignId, characterId: brann, ...BIG_ASKED })
    await gm(core, 'lode.giveUpHalfmagic', { rollId: roll.id })
    expect(await undoLast()).toBe('Brann: Halfmagic given up')
    expect(await destiny(brann)).toBe(0)
    const table = await gm(core, 'lode.table', { campaignId })
    expect(table.scene.keptBy).toEqual([])
    expect(table.last!.sides[0]!.result).toEqual(roll.sides[0]!.result)
    expect(table.last!.logEntryId).toBe(roll.logEntryId)
    // The spend's own log entry is marked undone with it, so a later undo does not reverse it twice.
    const entries = await gm(core, 'log.list', { campaignId, limit: 5 })
    expect(entries.filter((e) => e.kind === 'ledger.earned').every((e) => e.undone)).toBe(true)
  })
})

describe('a deliberate attempt at Halfmagic (LODE-10)', () => {
  const EIGHT = { advantages: 6, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }

  it('costs a Destiny point up front, re-rolls once for free, then one point each, and fails when the player stops', async () => {
    await open(seedWhere('deliberate-miss', (d) => [1, 2, 3].every((n) => rollPool(d(n), { baseDice: 2, ...EIGHT }).halfmagic === 0)), 9)
    await earnDestiny(brann, 2)
    const started = await gm(core, 'lode.deliberate', { campaignId, characterId: brann, what: 'Leap the chasm', ...EIGHT })
    const engine = startDeliberateHalfmagic(nth(1), { ...EIGHT, web: 9 }, { destiny: 2, energy: 0 })
    expect(engine.ok).toBe(true)
    if (!engine.ok) return
    expect(started).toMatchObject({ kind: 'deliberate', deliberate: { status: 'rolling', prepaidRerolls: 1 } })
    expect(started.sides[0]!.result).toEqual(engine.state.attempt.result)
    expect(started.sides[0]!.input.baseDice).toBe(2)
    expect(await destiny(brann)).toBe(1)

    const free = await gm(core, 'lode.deliberateReroll', { rollId: started.id })
    expect(free.deliberate).toEqual({ status: 'rolling', prepaidRerolls: 0 })
    expect(free.sides[0]!.result).toEqual(rollPool(nth(2), { baseDice: 2, ...EIGHT, web: 9 }))
    expect(await destiny(brann)).toBe(1)
    expect(await lastLog()).toMatchObject({ kind: 'lode.deliberate.reroll', payload: { prepaid: true, ledgerEntryIds: [] } })

    const paid = await gm(core, 'lode.deliberateReroll', { rollId: started.id })
    const byEngine = rerollDeliberate(nth(3), { ...engine.state, prepaidRerolls: 0, attempt: { ...engine.state.attempt, points: { destiny: 1, energy: 0 } } })
    expect(byEngine.ok && byEngine.state.attempt.result).toEqual(paid.sides[0]!.result)
    expect(paid.sides[0]!.earlier).toHaveLength(2)
    expect(await destiny(brann)).toBe(0)

    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'lode.deliberateReroll', { rollId: started.id })).message).toBe('Brann: No Destiny point is left to spend on a re-roll. Nothing was rolled or spent.')
    expect(await rowCounts(core, TABLES)).toEqual(before)

    const stopped = await gm(core, 'lode.deliberateStop', { rollId: started.id })
    expect(stopped.deliberate!.status).toBe('failed')
    expect((await refused(core, 'lode.deliberateReroll', { rollId: started.id })).message).toBe(
      'Brann: This attempt was given up as a failure: it cannot be re-rolled. Nothing was rolled or spent.',
    )
    expect(await logKinds(core, campaignId)).toEqual([
      'campaign.created', 'setting.changed', 'ledger.earned',
      'ledger.spent', 'lode.deliberate', 'lode.deliberate.reroll', 'ledger.spent', 'lode.deliberate.reroll', 'lode.deliberate.stop',
    ])
  })

  it('succeeds only on Halfmagic, and is refused without a Destiny point or a character', async () => {
    await open(seedWhere('deliberate-hit', (d) => rollPool(d(1), { baseDice: 2, advantages: 18, web: 9 }).halfmagic > 0), 9)
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'lode.deliberate', { campaignId, characterId: brann, advantages: 18 })).message).toBe(
      'Brann: A deliberate Halfmagic attempt costs at least one Destiny point, and none is left. Nothing was rolled or spent.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)
    await earnDestiny(brann, 1)
    const hit = await gm(core, 'lode.deliberate', { campaignId, characterId: brann, advantages: 18 })
    expect(hit.deliberate).toEqual({ status: 'succeeded', prepaidRerolls: 1 })
    expect((await refused(core, 'lode.deliberateReroll', { rollId: hit.id })).message).toMatch(/already succeeded/)
    expect((await refused(core, 'lode.giveUpHalfmagic', { rollId: hit.id })).message).toMatch(/^This is a deliberate attempt/)
    expect((await refused(core, 'lode.reroll', { rollId: hit.id })).message).toMatch(/its own rule \(LODE-10\)/)
  })

  it('undoes the attempt step by step: the free re-roll, then the attempt with its up-front point', async () => {
    await open(seedWhere('deliberate-undo', (d) => [1, 2].every((n) => rollPool(d(n), { baseDice: 2, ...EIGHT }).halfmagic === 0)), 9)
    await earnDestiny(brann, 3)
    const started = await gm(core, 'lode.deliberate', { campaignId, characterId: brann, ...EIGHT })
    await gm(core, 'lode.deliberateReroll', { rollId: started.id })
    expect(await undoLast()).toBe('Brann: deliberate Halfmagic re-roll')
    const back = (await gm(core, 'lode.table', { campaignId })).last!
    expect(back.deliberate).toEqual({ status: 'rolling', prepaidRerolls: 1 })
    expect(back.sides[0]!.result).toEqual(started.sides[0]!.result)
    expect(await undoLast()).toBe('Brann: deliberate Halfmagic attempt')
    expect((await gm(core, 'lode.table', { campaignId })).last).toBeNull()
    expect(await destiny(brann)).toBe(3)
  })
})
