/**
 * Exact probability distributions over whole-number outcomes (DICE-2). Every odds function of the
 * engine is built from these few operations, so no odds ever come from sampling.
 */

/** Outcome → exact probability. Plain data, so it can cross the API and be shown as it is. */
export type Distribution = Record<number, number>

/**
 * A fair die with `sides` faces.
 * @example dieDistribution(6) // { 1: 1/6, …, 6: 1/6 }
 */
export function dieDistribution(sides: number): Distribution {
  const d: Distribution = {}
  for (let face = 1; face <= sides; face++) d[face] = 1 / sides
  return d
}

/**
 * The outcomes and their probabilities as number pairs, in ascending order of outcome.
 * @example outcomes({ 2: 0.5, 1: 0.5 }) // [[1, 0.5], [2, 0.5]]
 */
export function outcomes(d: Distribution): [number, number][] {
  return Object.entries(d)
    .map(([k, p]): [number, number] => [Number(k), p])
    .sort((a, b) => a[0] - b[0])
}

/**
 * Applies `f` to every outcome, merging outcomes that land on the same value.
 * @example mapDistribution(dieDistribution(6), (f) => Math.ceil(f / 2)) // 1d3 (DICE-1)
 */
export function mapDistribution(d: Distribution, f: (outcome: number) => number): Distribution {
  const out: Distribution = {}
  for (const [x, p] of outcomes(d)) {
    const y = f(x)
    out[y] = (out[y] ?? 0) + p
  }
  return out
}

/**
 * The distribution of the sum of two independent outcomes.
 * @example addDistributions(dieDistribution(6), dieDistribution(6))[7] // 6/36
 */
export function addDistributions(a: Distribution, b: Distribution): Distribution {
  const out: Distribution = {}
  const bs = outcomes(b)
  for (const [x, p] of outcomes(a)) {
    for (const [y, q] of bs) out[x + y] = (out[x + y] ?? 0) + p * q
  }
  return out
}

/**
 * The sum of `count` independent draws from `d` (0 draws: always 0).
 * @example sumOfDraws(dieDistribution(6), 3)[18] // 1/216
 */
export function sumOfDraws(d: Distribution, count: number): Distribution {
  let total: Distribution = { 0: 1 }
  for (let i = 0; i < count; i++) total = addDistributions(total, d)
  return total
}

/**
 * Sorts outcomes into named kinds (e.g. a reaction's hostile / uncertain / friendly).
 * @example classify(dieDistribution(6), (f) => (f >= 5 ? 'yes' : 'no'), ['yes', 'no']) // { yes: 1/3, no: 2/3 }
 */
export function classify<K extends string>(d: Distribution, kindOf: (outcome: number) => K, kinds: readonly K[]): Record<K, number> {
  const out = Object.fromEntries(kinds.map((k) => [k, 0])) as Record<K, number>
  for (const [x, p] of outcomes(d)) out[kindOf(x)] += p
  return out
}

/**
 * With probability `p` the outcome follows `then`; otherwise it is `otherwise` (a miss does 0
 * harm, a hit does the weapon's harm).
 * @example withChance(0.5, { 2: 1 }, 0) // { 0: 0.5, 2: 0.5 }
 */
export function withChance(p: number, then: Distribution, otherwise: number): Distribution {
  const out: Distribution = { [otherwise]: 1 - p }
  for (const [x, q] of outcomes(then)) out[x] = (out[x] ?? 0) + p * q
  return out
}

/**
 * Follows each outcome with a further random step that depends on it (day after day of healing).
 * @example chainDistribution({ 3: 1 }, (h) => ({ [h + 1]: 0.5, [h + 2]: 0.5 })) // { 4: 0.5, 5: 0.5 }
 */
export function chainDistribution(d: Distribution, next: (outcome: number) => Distribution): Distribution {
  const out: Distribution = {}
  for (const [x, p] of outcomes(d)) {
    for (const [y, q] of outcomes(next(x))) out[y] = (out[y] ?? 0) + p * q
  }
  return out
}
