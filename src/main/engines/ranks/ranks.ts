/**
 * The ladder of ranks (RK-1), and how each reads at the table: its band and colour (RK-3).
 */

export const RANKS = ['terrible', 'poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular', 'legendary'] as const
export type Rank = (typeof RANKS)[number]

export type Colour = 'red' | 'yellow' | 'green' | 'blue' | 'black'

/** RK-3's groups: a change of band is a change in what the result means (RK-6). */
export type Band = 'disaster' | 'failure' | 'complicated' | 'partial' | 'victory' | 'legendary'

/** RK-1: every character has every ability, rated Poor to Spectacular. */
export const ABILITY_RANKS = RANKS.slice(1, 8) as readonly Rank[]

const READING: Readonly<Record<Rank, { band: Band; colour: Colour }>> = {
  terrible: { band: 'disaster', colour: 'red' },
  // RK-3 Decision: the seed colours only Terrible; Poor and Mediocre are failures, shown red too.
  poor: { band: 'failure', colour: 'red' },
  mediocre: { band: 'failure', colour: 'red' },
  fair: { band: 'complicated', colour: 'yellow' },
  good: { band: 'partial', colour: 'green' },
  great: { band: 'partial', colour: 'green' },
  superb: { band: 'victory', colour: 'blue' },
  spectacular: { band: 'victory', colour: 'blue' },
  legendary: { band: 'legendary', colour: 'black' },
}

/**
 * Whether a value is one of the nine ranks.
 * @example isRank('fair') // true
 */
export function isRank(value: unknown): value is Rank {
  return typeof value === 'string' && (RANKS as readonly string[]).includes(value)
}

/**
 * A rank's place on the ladder: terrible 0 … legendary 8. Throws on anything else.
 * @example rankIndex('fair') // 3
 */
export function rankIndex(rank: Rank): number {
  if (!isRank(rank)) throw new RangeError(`'${String(rank)}' is not a rank; the ranks are ${RANKS.join(', ')}.`)
  return RANKS.indexOf(rank)
}

/**
 * Throws unless the rank is one an ability can have (RK-1: Poor to Spectacular).
 * @example assertAbility('legendary') // throws: abilities are rated Poor to Spectacular
 */
export function assertAbility(rank: Rank): void {
  const i = rankIndex(rank)
  if (!ABILITY_RANKS.includes(rank)) {
    throw new RangeError(`An ability is rated Poor to Spectacular, so it cannot be ${RANKS[i]}.`)
  }
}

/**
 * RK-3: the colour a result is shown in.
 * @example colourOf('good') // 'green'
 */
export function colourOf(rank: Rank): Colour {
  return READING[rank].colour
}

/**
 * RK-3: what a result means: disaster, failure, complicated (Fair), partial, victory or legendary.
 * @example bandOf('mediocre') // 'failure'
 */
export function bandOf(rank: Rank): Band {
  return READING[rank].band
}

/**
 * A red result: Terrible, Poor or Mediocre.
 * @example isFailure('fair') // false
 */
export function isFailure(rank: Rank): boolean {
  return colourOf(rank) === 'red'
}
