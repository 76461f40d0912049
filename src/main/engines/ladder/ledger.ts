/**
 * The Plot Point ledger (LAD-21, LAD-30): every gain and spend is an entry naming the character, amount, reason,
 * session and game time, so a balance is always the sum of its history and never goes below 0 (LAD-22).
 */

/** A super's in-game pool, or the Background Pool saved for advancing assets (LAD-30). Others use only the first. */
export type PlotPointPool = 'plot points' | 'background'

export type PlotPointUse =
  | 'creation'
  | 'adventure'
  | 'award'
  | 'top-up'
  | 'step up'
  | 'buy result'
  | 'step down'
  | 'prop'
  | 'other'
  | 'development'

export interface LedgerEntry {
  character: string
  amount: number
  reason: string
  session: number
  gameTime: number
  pool: PlotPointPool
  use: PlotPointUse
  /** The roll or injury a spend changed (LAD-22). */
  refersTo?: string
}

export type PlotPointLedger = readonly LedgerEntry[]

/** Who, in which session, at what game time: the part of an entry every call shares. */
export interface LedgerStamp {
  character: string
  session: number
  gameTime: number
}

export type LedgerResult =
  | { ok: true; ledger: LedgerEntry[]; entry: LedgerEntry; balance: number }
  | { ok: false; reason: string }

/**
 * A character's balance in one pool: the sum of their entries.
 * @example plotPointBalance(ledger, 'Tai') // 3
 */
export function plotPointBalance(ledger: PlotPointLedger, character: string, pool: PlotPointPool = 'plot points'): number {
  return ledger.reduce((sum, e) => (e.character === character && e.pool === pool ? sum + e.amount : sum), 0)
}

/**
 * Adds an entry, or refuses it in plain words: a blank name or reason, an amount that is not a whole number, or a
 * spend the balance cannot cover (LAD-22: a balance never goes below 0). A refusal leaves the ledger as it was.
 * @example recordPlotPoints([], { character: 'Tai', amount: -1, reason: 'prop', session: 1, gameTime: 0, pool: 'plot points', use: 'prop' }).ok // false
 */
export function recordPlotPoints(ledger: PlotPointLedger, entry: LedgerEntry): LedgerResult {
  if (entry.character.trim() === '') return { ok: false, reason: 'A Plot Point entry needs the character it belongs to.' }
  if (entry.reason.trim() === '') return { ok: false, reason: `Say why ${entry.character}'s Plot Points change, for the ledger.` }
  if (!Number.isInteger(entry.amount) || entry.amount === 0) {
    return { ok: false, reason: `A Plot Point change is a whole number other than 0; got ${entry.amount}.` }
  }
  if (!Number.isInteger(entry.session) || !Number.isInteger(entry.gameTime) || entry.gameTime < 0) {
    return { ok: false, reason: 'A Plot Point entry needs a whole session number and a game time in whole seconds, 0 or more.' }
  }
  const balance = plotPointBalance(ledger, entry.character, entry.pool) + entry.amount
  if (balance < 0) {
    const has = balance - entry.amount
    const where = entry.pool === 'background' ? ' in the Background Pool' : ''
    return {
      ok: false,
      reason: `${entry.character} has ${has} Plot Point${has === 1 ? '' : 's'}${where}, and this needs ${-entry.amount} (${entry.reason}).`,
    }
  }
  return { ok: true, ledger: [...ledger, entry], entry, balance }
}

/**
 * Starting Plot Points (LAD-21): 1 per written episode of the character's past, at most 3.
 * @example creationPlotPoints([], { character: 'Tai', session: 0, gameTime: 0 }, ['Saved Orb from deletion'])
 */
export function creationPlotPoints(ledger: PlotPointLedger, stamp: LedgerStamp, episodes: readonly string[]): LedgerResult {
  const written = episodes.filter((e) => e.trim() !== '').length
  if (written === 0) return { ok: false, reason: `${stamp.character} has no written episode yet; each one written is worth 1 starting Plot Point.` }
  const amount = Math.min(written, 3)
  return recordPlotPoints(ledger, { ...stamp, amount, reason: `${amount} episode${amount === 1 ? '' : 's'} at creation`, pool: 'plot points', use: 'creation' })
}

/**
 * An adventure survived (LAD-21): +1 Plot Point and one new episode, written down.
 * @example adventureSurvived(ledger, stamp, 'Stopped the archduke\'s assassin')
 */
export function adventureSurvived(ledger: PlotPointLedger, stamp: LedgerStamp, episode: string, pool: PlotPointPool = 'plot points'): LedgerResult {
  if (episode.trim() === '') return { ok: false, reason: `Write the new episode ${stamp.character} earned by surviving the adventure.` }
  return recordPlotPoints(ledger, { ...stamp, amount: 1, reason: `adventure survived: ${episode}`, pool, use: 'adventure' })
}

/**
 * A GM award (LAD-21) for roleplaying, clever thinking, humour or bravery; a super's may go to either pool (LAD-30).
 * @example awardPlotPoints(ledger, stamp, { amount: 1, reason: 'made the table laugh' })
 */
export function awardPlotPoints(
  ledger: PlotPointLedger,
  stamp: LedgerStamp,
  award: { amount: number; reason: string; pool?: PlotPointPool },
): LedgerResult {
  if (!(award.amount > 0)) return { ok: false, reason: `An award gives Plot Points, 1 or more; got ${award.amount}.` }
  return recordPlotPoints(ledger, { ...stamp, amount: award.amount, reason: award.reason, pool: award.pool ?? 'plot points', use: 'award' })
}
