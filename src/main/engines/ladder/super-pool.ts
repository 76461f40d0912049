/**
 * A super's Plot Point pool (LAD-30): it starts at 3 and is topped back up to 3 at session end if lower. Points
 * earned after a session go to the pool or to the Background Pool (`awardPlotPoints` with a pool).
 */
import { plotPointBalance, recordPlotPoints } from './ledger'
import type { LedgerEntry, LedgerResult, LedgerStamp, PlotPointLedger } from './ledger'

/** LAD-30: a super's pool starts at, and is refreshed to, this many Plot Points. */
export const SUPER_POOL = 3

/**
 * A new super's pool of 3 Plot Points (LAD-30).
 * @example superStartingPool([], { character: 'Black Widow', session: 0, gameTime: 0 }).ok // true
 */
export function superStartingPool(ledger: PlotPointLedger, stamp: LedgerStamp): LedgerResult {
  return recordPlotPoints(ledger, { ...stamp, amount: SUPER_POOL, reason: "a super's starting pool", pool: 'plot points', use: 'creation' })
}

/**
 * Session end (LAD-30): a pool below 3 is topped back up to 3 with one ledger entry; otherwise nothing changes.
 * @example sessionEndTopUp(ledger, stamp).entry?.amount // 2 when the pool stood at 1
 */
export function sessionEndTopUp(ledger: PlotPointLedger, stamp: LedgerStamp): { ledger: LedgerEntry[]; balance: number; entry: LedgerEntry | null } {
  const balance = plotPointBalance(ledger, stamp.character)
  if (balance >= SUPER_POOL) return { ledger: [...ledger], balance, entry: null }
  const topped = recordPlotPoints(ledger, { ...stamp, amount: SUPER_POOL - balance, reason: 'session end: pool topped up to 3', pool: 'plot points', use: 'top-up' })
  if (!topped.ok) throw new Error(topped.reason)
  return topped
}
