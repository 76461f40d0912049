/**
 * The meta-currencies a campaign keeps in its ledger, and which ones each rules system offers.
 * This is the one place that says so: the service refuses a currency its system does not offer,
 * and the screens offer exactly these.
 */
import type { SystemKey } from './systems'

/** The reason a ledger entry keeps when the GM gave none (LAD-21: every entry has one); one may be given after. */
export const NO_REASON = 'no reason given'

export const CURRENCY_IDS = ['pp', 'background', 'destiny', 'energy', 'xp', 'threat', 'gold'] as const
export type CurrencyId = (typeof CURRENCY_IDS)[number]

export interface CurrencyMeta {
  /** What the GM calls the balance: "Plot Points". */
  label: string
  /** One unit, for "has 1 Plot Point". */
  one: string
  /** Several units, for "has 3 Plot Points". */
  many: string
  /** Whose it is: a character's, or the GM's for the whole campaign (RK-7). */
  holder: 'character' | 'campaign'
  /** The rules it comes from, for the screen's hint. */
  rule: string
}

export const CURRENCIES: Record<CurrencyId, CurrencyMeta> = {
  pp: { label: 'Plot Points', one: 'Plot Point', many: 'Plot Points', holder: 'character', rule: 'LAD-21, LAD-22' },
  background: {
    label: 'Background Pool',
    one: 'Plot Point in the Background Pool',
    many: 'Plot Points in the Background Pool',
    holder: 'character',
    rule: 'LAD-30',
  },
  destiny: { label: 'Destiny', one: 'Destiny point', many: 'Destiny points', holder: 'character', rule: 'LODE-9' },
  energy: { label: 'Energy', one: 'Energy point', many: 'Energy points', holder: 'character', rule: 'LODE-9' },
  xp: { label: 'Experience', one: 'XP', many: 'XP', holder: 'character', rule: 'OSR-6, RK-6' },
  threat: { label: 'Threat', one: 'Threat', many: 'Threat', holder: 'campaign', rule: 'RK-7' },
  gold: { label: 'Gold', one: 'GP', many: 'GP', holder: 'character', rule: 'OSR-5' },
}

/**
 * The currencies of each system, in the order the screen shows them: the Ladder's Plot Points and
 * Background Pool (LAD-21…23, LAD-30), the old-school core's gold and experience (OSR-5, OSR-6),
 * LODE's Destiny and Energy (LODE-9…11) and experience, the Challenge System's experience (for a
 * GM who awards it), and Ranks' experience (RK-6) with the GM's campaign-wide Threat (RK-7).
 */
export const SYSTEM_CURRENCIES: Record<SystemKey, readonly CurrencyId[]> = {
  ladder: ['pp', 'background'],
  osr: ['gold', 'xp'],
  lode: ['destiny', 'energy', 'xp'],
  challenge: ['xp'],
  ranks: ['xp', 'threat'],
}

/**
 * "1 Plot Point", "3 Plot Points", "2 GP".
 * @example amountOf('pp', 1) // '1 Plot Point'
 */
export function amountOf(currency: CurrencyId, n: number): string {
  const meta = CURRENCIES[currency]
  return `${n} ${Math.abs(n) === 1 ? meta.one : meta.many}`
}

/**
 * The currencies a system keeps for one holder: a character's, or the campaign's own.
 * @example currenciesOf('ranks', 'campaign') // ['threat']
 */
export function currenciesOf(system: SystemKey, holder: CurrencyMeta['holder']): CurrencyId[] {
  return SYSTEM_CURRENCIES[system].filter((c) => CURRENCIES[c].holder === holder)
}
