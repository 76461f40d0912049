import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  adventureSurvived,
  awardPlotPoints,
  buyableResults,
  creationPlotPoints,
  plotPointBalance,
  recordPlotPoints,
  rollTask,
  sessionEndTopUp,
  spendPlotPoints,
  superStartingPool,
} from '../../../src/main/engines/ladder'
import type { LedgerEntry, LedgerResult, PlotPointLedger } from '../../../src/main/engines/ladder'

const stamp = { character: 'Tai', session: 2, gameTime: 3600 }

function ledgerOf(result: LedgerResult): LedgerEntry[] {
  if (!result.ok) throw new Error(result.reason)
  return result.ledger
}

/** Tai with `n` Plot Points from an award. */
const withPoints = (n: number): PlotPointLedger => ledgerOf(awardPlotPoints([], stamp, { amount: n, reason: 'bravery' }))

describe('LAD-21: gaining Plot Points', () => {
  it('LAD-21: 1 PP per written episode at creation, at most 3', () => {
    const one = ledgerOf(creationPlotPoints([], stamp, ['Escaped the Tower', '  ']))
    expect(plotPointBalance(one, 'Tai')).toBe(1)
    const five = ledgerOf(creationPlotPoints([], stamp, ['a', 'b', 'c', 'd', 'e']))
    expect(plotPointBalance(five, 'Tai')).toBe(3)
    expect(creationPlotPoints([], stamp, [])).toEqual({ ok: false, reason: 'Tai has no written episode yet; each one written is worth 1 starting Plot Point.' })
  })

  it('LAD-21: +1 PP and a new episode for each adventure survived', () => {
    const result = adventureSurvived([], stamp, 'Stopped the Sarajevo assassin')
    expect(result.ok && result.entry).toEqual({
      character: 'Tai', amount: 1, reason: 'adventure survived: Stopped the Sarajevo assassin',
      session: 2, gameTime: 3600, pool: 'plot points', use: 'adventure',
    })
    expect(adventureSurvived([], stamp, '').ok).toBe(false)
  })

  it('LAD-21: GM awards for roleplaying, clever thinking, humour, bravery; every change is a ledger entry', () => {
    let ledger = ledgerOf(awardPlotPoints([], stamp, { amount: 1, reason: 'made everyone laugh' }))
    ledger = ledgerOf(awardPlotPoints(ledger, { ...stamp, character: 'Orb' }, { amount: 2, reason: 'clever thinking' }))
    expect(ledger.map((e) => [e.character, e.amount, e.reason, e.session, e.gameTime])).toEqual([
      ['Tai', 1, 'made everyone laugh', 2, 3600],
      ['Orb', 2, 'clever thinking', 2, 3600],
    ])
    expect(plotPointBalance(ledger, 'Tai')).toBe(1)
    expect(awardPlotPoints([], stamp, { amount: 0, reason: 'nothing' }).ok).toBe(false)
  })

  it('refuses an entry with no character, no reason or a fractional amount, naming what is wrong', () => {
    const base = { ...stamp, amount: 1, reason: 'x', pool: 'plot points' as const, use: 'award' as const }
    expect(recordPlotPoints([], { ...base, character: '' })).toEqual({ ok: false, reason: 'A Plot Point entry needs the character it belongs to.' })
    expect(recordPlotPoints([], { ...base, reason: ' ' })).toMatchObject({ ok: false, reason: expect.stringMatching(/Say why Tai/) })
    expect(recordPlotPoints([], { ...base, amount: 1.5 })).toMatchObject({ ok: false, reason: expect.stringMatching(/whole number other than 0; got 1.5/) })
  })
})

describe('LAD-22: spending Plot Points', () => {
  it('LAD-22.1: after a roll, 1 PP moves the result one rung up, and can turn a failure into a success', () => {
    const task = { asset: 'good', difficulty: 'expert' } as const
    const roll = rollTask(scriptedDice([3]), task)
    const spent = spendPlotPoints(withPoints(2), stamp, { use: 'step up', rollId: 'roll-17', task, roll })
    expect(spent).toMatchObject({ ok: true, balance: 1, roll: { result: 'expert', faces: [3], success: true } })
    if (spent.ok) expect(spent.entry).toMatchObject({ amount: -1, use: 'step up', refersTo: 'roll-17' })
  })

  it('LAD-22.1: only once per roll, only on a rolled result, and never above the top of the ladder', () => {
    const task = { asset: 'good' } as const
    const roll = rollTask(scriptedDice([3]), task)
    const first = spendPlotPoints(withPoints(3), stamp, { use: 'step up', rollId: 'roll-1', task, roll })
    if (!first.ok) throw new Error(first.reason)
    expect(spendPlotPoints(first.ledger, stamp, { use: 'step up', rollId: 'roll-1', task, roll: first.roll! })).toEqual({
      ok: false,
      reason: 'This roll has already been pushed up a rung with a Plot Point; only once per roll.',
    })
    expect(spendPlotPoints(first.ledger, stamp, { use: 'step up', rollId: 'roll-2', task, roll: { result: 'superb', faces: [] } }).ok).toBe(false)
    const top = spendPlotPoints(withPoints(3), stamp, { use: 'step up', rollId: 'roll-3', task: { asset: 'expert' }, roll: { result: 'superb', faces: [6] } })
    expect(top).toEqual({ ok: false, reason: 'Superb! is the top of the ladder in use; there is no rung above it.' })
    // On the extended ladder a super can push superb to unprecedented.
    const superPush = spendPlotPoints(withPoints(1), stamp, { use: 'step up', rollId: 'r', task: { asset: 'superb', extended: true }, roll: { result: 'superb', faces: [3] } })
    expect(superPush.ok && superPush.roll?.result).toBe('unprecedented')
  })

  it('LAD-22.2: before rolling — good or expert: 1 PP buys superb; poor: 1 PP expert, 2 PP superb; a super at superb or unprecedented: 1 PP improbable', () => {
    expect(buyableResults({ asset: 'good' })).toEqual([{ result: 'superb', cost: 1 }])
    expect(buyableResults({ asset: 'expert' })).toEqual([{ result: 'superb', cost: 1 }])
    expect(buyableResults({ asset: 'poor' })).toEqual([{ result: 'expert', cost: 1 }, { result: 'superb', cost: 2 }])
    expect(buyableResults({ asset: 'superb', extended: true })).toEqual([{ result: 'improbable', cost: 1 }])
    expect(buyableResults({ asset: 'unprecedented', extended: true })).toEqual([{ result: 'improbable', cost: 1 }])
    const bought = spendPlotPoints(withPoints(2), stamp, { use: 'buy result', rollId: 'hide', task: { asset: 'poor', difficulty: 'expert' }, want: 'superb' })
    expect(bought).toMatchObject({ ok: true, balance: 0, roll: { result: 'superb', faces: [], success: true } })
  })

  it('seed: a super stops bullets with a raised hand (Improbable) for a single Plot Point', () => {
    const bought = spendPlotPoints(withPoints(1), stamp, { use: 'buy result', rollId: 'bullets', task: { asset: 'superb', difficulty: 'improbable', extended: true }, want: 'improbable' })
    expect(bought).toMatchObject({ ok: true, roll: { result: 'improbable', faces: [], success: true } })
  })

  it('LAD-22.2: refuses a result the asset cannot buy, saying what it can', () => {
    const r = spendPlotPoints(withPoints(3), stamp, { use: 'buy result', rollId: 'x', task: { asset: 'good' }, want: 'expert' })
    expect(r).toEqual({ ok: false, reason: 'With a good asset a Plot Point buys superb for 1, not expert.' })
  })

  it('LAD-22.3: an Incapacitate steps down to a Wound for 1 PP, but not one caused by a third Wound', () => {
    const ok = spendPlotPoints(withPoints(1), stamp, { use: 'step down', injuryId: 'grenade', cause: 'injury' })
    expect(ok).toMatchObject({ ok: true, injury: 'wounded', entry: { refersTo: 'grenade', amount: -1 } })
    expect(spendPlotPoints(withPoints(1), stamp, { use: 'step down', injuryId: 'w3', cause: 'third wound' })).toEqual({
      ok: false,
      reason: 'An Incapacitate caused by a third Wound cannot be stepped down with a Plot Point.',
    })
  })

  it('seed: "Did I bring a torch?" — 1 PP creates a minor prop; the GM may allow other minor uses', () => {
    const torch = spendPlotPoints(withPoints(1), stamp, { use: 'prop', description: 'I remembered a torch' })
    expect(torch).toMatchObject({ ok: true, balance: 0, entry: { reason: 'prop: I remembered a torch', amount: -1 } })
    expect(spendPlotPoints(withPoints(1), stamp, { use: 'other', description: 'the guard owes me a favour' }).ok).toBe(true)
  })

  it('LAD-22: a spend the balance cannot cover is refused with a clear message, and the balance never goes below 0', () => {
    const ledger = withPoints(1)
    const refused = spendPlotPoints(ledger, stamp, { use: 'buy result', rollId: 'x', task: { asset: 'poor' }, want: 'superb' })
    expect(refused).toEqual({ ok: false, reason: 'Tai has 1 Plot Point, and this needs 2 (bought superb with a poor asset, no roll).' })
    expect(plotPointBalance(ledger, 'Tai')).toBe(1)
  })
})

describe('LAD-30: a super\'s Plot Point pool and Background Pool', () => {
  const hero = { character: 'Black Widow', session: 1, gameTime: 0 }

  it('LAD-30: the pool starts at 3 and is topped back up to 3 at session end if lower', () => {
    let ledger = ledgerOf(superStartingPool([], hero))
    expect(plotPointBalance(ledger, 'Black Widow')).toBe(3)
    const spent = spendPlotPoints(ledger, hero, { use: 'prop', description: 'a web-line already strung' })
    if (!spent.ok) throw new Error(spent.reason)
    ledger = spent.ledger
    const topped = sessionEndTopUp(ledger, hero)
    expect(topped.entry).toMatchObject({ amount: 1, use: 'top-up' })
    expect(topped.balance).toBe(3)
  })

  it('LAD-30: a pool at 3 or above is left alone at session end', () => {
    const ledger = ledgerOf(awardPlotPoints(ledgerOf(superStartingPool([], hero)), hero, { amount: 1, reason: 'witty riposte' }))
    const topped = sessionEndTopUp(ledger, hero)
    expect(topped.entry).toBeNull()
    expect(topped.ledger).toEqual(ledger)
    expect(topped.balance).toBe(4)
  })

  it('LAD-30: points earned after a session go to the pool or the Background Pool, each a ledger entry', () => {
    let ledger = ledgerOf(superStartingPool([], hero))
    ledger = ledgerOf(awardPlotPoints(ledger, hero, { amount: 2, reason: 'earned after session 1', pool: 'background' }))
    ledger = ledgerOf(adventureSurvived(ledger, hero, 'Stopped the Sandman', 'background'))
    expect(plotPointBalance(ledger, 'Black Widow')).toBe(3)
    expect(plotPointBalance(ledger, 'Black Widow', 'background')).toBe(3)
    expect(ledger.map((e) => e.pool)).toEqual(['plot points', 'background', 'background'])
  })
})
