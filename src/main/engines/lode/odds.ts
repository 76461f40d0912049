/**
 * Exact odds of a LODE pool (DICE-2): the distribution of successes, the fumble and Halfmagic.
 *
 * Each original die lands in one of four groups: 1 (p 1/6), 2–3 (1/3), 4–5 (1/3), 6 (1/6).
 * Blessing and Curse only move dice between groups (LODE-4), so the group counts decide the
 * successes on the original dice and how many 6s explode. Each 6 then starts a chain of extra
 * dice whose successes are summed exactly, until the remaining mass is below 1e-15.
 */
import { DEFAULT_WEB, assertPoolInput, netBlessing, poolSize, type PoolInput } from './input'

export interface PoolOdds {
  /** successes[k] = P(exactly k successes); the array ends where the remaining mass is < 1e-15. */
  successes: number[]
  fumble: number
  /** P(successes ≥ the Web). */
  halfmagic: number
}

/** The odds are computed for pools up to this size; larger pools are refused. */
export const MAX_ODDS_POOL = 100

/** The array ends where the mass left beyond it is below this (DICE-2). */
const REMAINING_MASS = 1e-15
/** Internal arrays are trimmed far below the reported precision, so trimming never shows. */
const TRIM_MASS = 1e-25

/** Drops the tail of a distribution once the mass beyond the kept part is below `limit`. */
function trimTail(dist: number[], limit: number): number[] {
  let tail = 0
  let end = dist.length
  while (end > 1 && tail + (dist[end - 1] as number) < limit) {
    tail += dist[end - 1] as number
    end--
  }
  return end === dist.length ? dist : dist.slice(0, end)
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0)
  for (let i = 0; i < a.length; i++) {
    const ai = a[i] as number
    if (ai === 0) continue
    for (let j = 0; j < b.length; j++) out[i + j] = (out[i + j] as number) + ai * (b[j] as number)
  }
  return out
}

/**
 * Successes added by the chain one 6 starts (LODE-2): k more 6s then a 4–5 gives k + 1,
 * k more 6s then a 1–3 gives k. P(0) = 1/2, P(k) = (5/12)(1/6)^(k−1) for k ≥ 1.
 */
function chainOdds(): number[] {
  const chain = [1 / 2]
  for (let k = 1, p = 5 / 12; p > TRIM_MASS * 1e-3; k++, p /= 6) chain[k] = p
  return chain
}

/** chainPowers[d] = successes added by d independent chains (d 6s on the original roll). */
function chainPowers(maxSixes: number): number[][] {
  const chain = chainOdds()
  const byCount: number[][] = [[1]]
  for (let d = 1; d <= maxSixes; d++) byCount.push(trimTail(convolve(byCount[d - 1] as number[], chain), TRIM_MASS))
  return byCount
}

/** Pascal's rows up to n, as floats (relative error ~1e-16, far inside DICE-2's 1e-12). */
function binomials(n: number): number[][] {
  const rows: number[][] = [[1]]
  for (let i = 1; i <= n; i++) {
    const prev = rows[i - 1] as number[]
    const row = [1]
    for (let k = 1; k < i; k++) row.push((prev[k - 1] as number) + (prev[k] as number))
    row.push(1)
    rows.push(row)
  }
  return rows
}

function powers(base: number, n: number): number[] {
  const out = [1]
  for (let i = 1; i <= n; i++) out.push((out[i - 1] as number) * base)
  return out
}

/**
 * LODE-4 on group counts: the successes among the original dice, how many of them show 6,
 * and whether every one shows 1. Mirrors `applyBlessing`, which does the same die by die.
 */
function afterBlessing(lows: number, highs: number, sixes: number, net: number) {
  if (net >= 0) {
    const lifted = Math.min(net, lows)
    const toSix = Math.min(net - lifted, highs + lifted)
    return { successes: highs + sixes + lifted, sixes: sixes + toSix, fumble: lows + highs + sixes === 0 }
  }
  const curse = -net
  const dropped = Math.min(curse, highs)
  const toOne = Math.min(curse - dropped, lows + dropped)
  return {
    successes: highs - dropped + sixes,
    sixes,
    // 1s stay 1s; every 2–5 must have been cursed down to 1, and no 6 may be present.
    fumble: sixes === 0 && toOne === lows + highs,
  }
}

/**
 * The exact odds of a LODE pool. Throws a RangeError for an invalid input or a pool over 100 dice.
 * @example poolOdds({ baseDice: 1 }).successes[0] // 0.5: a single die fails on 1–3
 * @example poolOdds({ baseDice: 3, advantages: 2, blessing: 1 }).fumble // (1/6)^5
 */
export function poolOdds(input: PoolInput): PoolOdds {
  assertPoolInput(input)
  const n = poolSize(input)
  const web = input.web ?? DEFAULT_WEB
  // LODE-1: nothing is rolled, so there is certainly no success, no fumble and no Halfmagic.
  if (n <= 0) return { successes: [1], fumble: 0, halfmagic: 0 }
  if (n > MAX_ODDS_POOL) {
    throw new RangeError(`Odds are worked out for pools of up to ${MAX_ODDS_POOL} dice; this pool has ${n}.`)
  }
  const net = netBlessing(input)
  const choose = binomials(n)
  const [sixP, notSixP, highP, notHighP, lowP, oneP] = [1 / 6, 5 / 6, 2 / 5, 3 / 5, 2 / 3, 1 / 3].map((b) => powers(b, n)) as [
    number[], number[], number[], number[], number[], number[],
  ]
  // joint[d][s]: P(d sixes and s successes on the original dice, after Blessing/Curse).
  const joint = Array.from({ length: n + 1 }, () => new Array<number>(n + 1).fill(0))
  let fumble = 0
  for (let sixes = 0; sixes <= n; sixes++) {
    const rest6 = n - sixes
    const pSixes = (choose[n]?.[sixes] as number) * (sixP[sixes] as number) * (notSixP[rest6] as number)
    for (let highs = 0; highs <= rest6; highs++) {
      const rest45 = rest6 - highs
      const pHighs = pSixes * (choose[rest6]?.[highs] as number) * (highP[highs] as number) * (notHighP[rest45] as number)
      for (let lows = 0; lows <= rest45; lows++) {
        const ones = rest45 - lows
        const p = pHighs * (choose[rest45]?.[lows] as number) * (lowP[lows] as number) * (oneP[ones] as number)
        const read = afterBlessing(lows, highs, sixes, net)
        const row = joint[read.sixes] as number[]
        row[read.successes] = (row[read.successes] as number) + p
        if (read.fumble) fumble += p
      }
    }
  }
  const chains = chainPowers(n)
  let dist: number[] = [0]
  for (let d = 0; d <= n; d++) {
    const row = joint[d] as number[]
    if (row.every((p) => p === 0)) continue
    const part = convolve(row, chains[d] as number[])
    if (part.length > dist.length) dist = dist.concat(new Array<number>(part.length - dist.length).fill(0))
    for (let k = 0; k < part.length; k++) dist[k] = (dist[k] as number) + (part[k] as number)
  }
  let halfmagic = 0
  for (let k = web; k < dist.length; k++) halfmagic += dist[k] as number
  return { successes: trimTail(dist, REMAINING_MASS), fumble, halfmagic }
}
