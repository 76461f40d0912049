/**
 * What a Plot Point buys (LAD-22), checked against the ledger before anything changes: a refused spend returns
 * a reason and no ledger, so nothing moves.
 */
import { recordPlotPoints } from './ledger'
import type { LedgerEntry, LedgerStamp, PlotPointLedger } from './ledger'
import { RUNG_LABELS, rungIndex } from './rungs'
import type { Rung } from './rungs'
import { readTask, resultOf } from './task'
import type { TaskInput, TaskResult } from './task'

export type PlotPointSpend =
  /** 1: after a roll, one rung up, once per roll. */
  | { use: 'step up'; rollId: string; task: TaskInput; roll: TaskResult }
  /** 2: before rolling, a result with no roll. */
  | { use: 'buy result'; rollId: string; task: TaskInput; want: Rung }
  /** 3: an Incapacitate steps down to a Wound, unless a third Wound caused it. */
  | { use: 'step down'; injuryId: string; cause: 'injury' | 'third wound' }
  /** 4: a minor prop ("I remembered a torch"), or another minor use the GM allows. */
  | { use: 'prop' | 'other'; description: string }

export type SpendResult =
  | { ok: true; ledger: LedgerEntry[]; entry: LedgerEntry; balance: number; roll?: TaskResult; injury?: 'wounded' }
  | { ok: false; reason: string }

/**
 * The results a Plot Point can buy before rolling, and their cost (LAD-22.2): with `good` or `expert`, `superb`
 * for 1; with `poor` (no asset), `expert` for 1 or `superb` for 2; a super at `superb` or `unprecedented`,
 * `improbable` for 1 (extended ladder).
 * @example buyableResults({ asset: 'poor' }) // [{ result: 'expert', cost: 1 }, { result: 'superb', cost: 2 }]
 */
export function buyableResults(task: TaskInput): { result: Rung; cost: number }[] {
  const { asset } = readTask(task)
  if (asset === rungIndex('poor')) return [{ result: 'expert', cost: 1 }, { result: 'superb', cost: 2 }]
  if (asset <= rungIndex('expert')) return [{ result: 'superb', cost: 1 }]
  return [{ result: 'improbable', cost: 1 }]
}

/** The ledger entry, result and effect of a spend, or why it cannot be made. */
function priceSpend(ledger: PlotPointLedger, stamp: LedgerStamp, spend: PlotPointSpend):
  | { cost: number; reason: string; refersTo?: string; roll?: TaskResult; injury?: 'wounded' }
  | { refused: string } {
  switch (spend.use) {
    case 'step up': {
      const task = readTask(spend.task)
      const at = rungIndex(spend.roll.result)
      if (spend.roll.faces.length === 0) return { refused: 'Only a rolled result can be pushed up a rung; this one was not rolled.' }
      if (at >= task.top) return { refused: `${RUNG_LABELS[spend.roll.result]} is the top of the ladder in use; there is no rung above it.` }
      const pushed = ledger.some((e) => e.character === stamp.character && e.use === 'step up' && e.refersTo === spend.rollId)
      if (pushed) return { refused: 'This roll has already been pushed up a rung with a Plot Point; only once per roll.' }
      const roll = resultOf(task, at + 1, spend.roll.faces)
      return { cost: 1, reason: `pushed a roll up from ${spend.roll.result} to ${roll.result}`, refersTo: spend.rollId, roll }
    }
    case 'buy result': {
      const task = readTask(spend.task)
      const offers = buyableResults(spend.task)
      const offer = offers.find((o) => o.result === spend.want)
      if (!offer) {
        const menu = offers.map((o) => `${o.result} for ${o.cost}`).join(' or ')
        return { refused: `With a ${spend.task.asset} asset a Plot Point buys ${menu}, not ${spend.want}.` }
      }
      const roll = resultOf(task, rungIndex(offer.result), [])
      return { cost: offer.cost, reason: `bought ${offer.result} with a ${spend.task.asset} asset, no roll`, refersTo: spend.rollId, roll }
    }
    case 'step down':
      if (spend.cause === 'third wound') return { refused: 'An Incapacitate caused by a third Wound cannot be stepped down with a Plot Point.' }
      return { cost: 1, reason: 'stepped an Incapacitate down to a Wound', refersTo: spend.injuryId, injury: 'wounded' }
    case 'prop':
    case 'other':
      if (spend.description.trim() === '') return { refused: `Describe the ${spend.use === 'prop' ? 'prop' : 'use'} the Plot Point pays for.` }
      return { cost: 1, reason: `${spend.use === 'prop' ? 'prop' : 'minor use'}: ${spend.description}` }
  }
}

/**
 * Spends Plot Points (LAD-22): each spend is a ledger entry naming the roll or injury it changed. A spend the
 * balance cannot cover, or the rules forbid, is refused with the reason, and the ledger stays as it was.
 * @example spendPlotPoints(ledger, stamp, { use: 'prop', description: 'I remembered a torch' })
 */
export function spendPlotPoints(ledger: PlotPointLedger, stamp: LedgerStamp, spend: PlotPointSpend): SpendResult {
  const priced = priceSpend(ledger, stamp, spend)
  if ('refused' in priced) return { ok: false, reason: priced.refused }
  const { cost, reason, refersTo, ...effect } = priced
  const recorded = recordPlotPoints(ledger, {
    ...stamp,
    amount: -cost,
    reason,
    pool: 'plot points',
    use: spend.use,
    ...(refersTo !== undefined ? { refersTo } : {}),
  })
  return recorded.ok ? { ...recorded, ...effect } : recorded
}

