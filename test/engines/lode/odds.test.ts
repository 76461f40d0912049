import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import { flukeOdds, poolOdds, rollPool, type PoolInput } from '../../../src/main/engines/lode'

const sum = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0)

/** Every sequence of `n` d6 faces. */
function allFaces(n: number): number[][] {
  let seqs: number[][] = [[]]
  for (let i = 0; i < n; i++) seqs = seqs.flatMap((s) => [1, 2, 3, 4, 5, 6].map((f) => [...s, f]))
  return seqs
}

/**
 * Successes added by one exploding 6, enumerated face by face to a depth of 6 extra dice; a 6 on
 * the sixth is left out, and its mass (6^-6) is the bound on what the enumeration misses.
 */
function chainByFaces(depth: number): number[] {
  const dist = [0]
  for (let face = 1; face <= 6; face++) {
    if (face < 6) dist[0]! += face >= 4 ? 0 : 1 / 6
    if (face >= 4 && face < 6) (dist[1] = (dist[1] ?? 0) + 1 / 6)
    if (face === 6 && depth > 1) {
      chainByFaces(depth - 1).forEach((p, k) => (dist[k + 1] = (dist[k + 1] ?? 0) + p / 6))
    }
  }
  return dist
}

function convolve(a: readonly number[], b: readonly number[]): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0)
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j]! += x * y)))
  return out
}

/**
 * An independent computation: every original roll fed through rollPool with scripted dice (the
 * explosion dice scripted as 1s, so the count of 6s shows as explosions), then each 6's chain
 * enumerated by faces to depth 6. Returns the distribution, the fumble and the mass left out.
 */
function enumerate(input: PoolInput, pool: number): { successes: number[]; fumble: number; missing: number } {
  const chain = chainByFaces(6)
  const chainMissing = 1 - sum(chain)
  const successes: number[] = []
  let fumble = 0
  let missing = 0
  const p = 6 ** -pool
  for (const faces of allFaces(pool)) {
    const r = rollPool(scriptedDice([...faces, ...faces.map(() => 1), 1, 1, 1, 1]), input)
    const chains = r.explosions.length
    let extra = [1]
    for (let i = 0; i < chains; i++) extra = convolve(extra, chain)
    extra.forEach((q, k) => (successes[r.successes + k] = (successes[r.successes + k] ?? 0) + p * q))
    missing += p * (1 - (1 - chainMissing) ** chains)
    if (r.fumble) fumble += p
  }
  return { successes, fumble, missing }
}

describe('poolOdds is exact (DICE-2)', () => {
  it('sums to 1 within 1e-12 for pools of 1 to 60 dice with Blessing or Curse', () => {
    for (let n = 1; n <= 60; n += n < 10 ? 1 : 7) {
      for (const net of [-7, -2, -1, 0, 1, 2, 7]) {
        const odds = poolOdds({ baseDice: n, blessing: Math.max(net, 0), curse: Math.max(-net, 0) })
        expect(Math.abs(sum(odds.successes) - 1)).toBeLessThan(1e-12)
      }
    }
  })

  it('ends the array where the remaining mass is below 1e-15, and not before', () => {
    // one die: P(k) = (5/12)·6^−(k−1), so the mass from k on is (1/2)·6^−(k−1)
    const one = poolOdds({ baseDice: 1 }).successes
    const beyond = (k: number): number => 0.5 * 6 ** -(k - 1)
    expect(beyond(one.length)).toBeLessThan(1e-15)
    expect(beyond(one.length - 1)).toBeGreaterThanOrEqual(1e-15)
    // larger pools: the tail decays by about 1/6 a step, so the last kept term sits near 1e-15
    for (const input of [{ baseDice: 12, blessing: 2 }, { baseDice: 60, curse: 3 }]) {
      const last = poolOdds(input).successes.at(-1)!
      expect(last).toBeGreaterThan(1e-16)
      expect(last).toBeLessThan(1e-14)
    }
  })

  it('matches an independent enumeration of every face for 1 to 4 dice, explosions to depth 6, the rest bounded', () => {
    for (let pool = 1; pool <= 4; pool++) {
      for (const [blessing, curse] of [[0, 0], [1, 0], [2, 0], [3, 0], [6, 0], [0, 1], [0, 2], [0, 3], [0, 6], [3, 2], [2, 5]] as const) {
        const input = { baseDice: pool, blessing, curse, web: 6 }
        const exact = poolOdds(input)
        const byFaces = enumerate(input, pool)
        expect(byFaces.missing).toBeLessThan(pool * 6 ** -6 + 1e-15)
        for (let k = 0; k < Math.max(exact.successes.length, byFaces.successes.length); k++) {
          const e = exact.successes[k] ?? 0
          const lower = byFaces.successes[k] ?? 0
          // what the enumeration left out can only add mass, and no more than it left out
          expect(e).toBeGreaterThanOrEqual(lower - 1e-12)
          expect(e).toBeLessThanOrEqual(lower + byFaces.missing + 1e-12)
        }
        expect(exact.fumble).toBeCloseTo(byFaces.fumble, 14)
        const lowerHalfmagic = sum(byFaces.successes.slice(6))
        expect(exact.halfmagic).toBeGreaterThanOrEqual(lowerHalfmagic - 1e-12)
        expect(exact.halfmagic).toBeLessThanOrEqual(lowerHalfmagic + byFaces.missing + 1e-12)
      }
    }
  })

  it('agrees with closed forms: one die, and all-1s fumbles', () => {
    const one = poolOdds({ baseDice: 1 })
    expect(one.successes[0]).toBeCloseTo(1 / 2, 15)
    // k successes from one die: k−1 sixes then a 4–5, or k sixes then a 1–3
    for (let k = 1; k < 10; k++) expect(one.successes[k]).toBeCloseTo((5 / 12) * 6 ** -(k - 1), 15)
    expect(poolOdds({ baseDice: 5, blessing: 4 }).fumble).toBeCloseTo(6 ** -5, 18)
    // Curse 1 on one die: a 1, 2 or 3 ends on 1; Curse 2: anything but a 6 does (4–5 → 2–3 → 1)
    expect(poolOdds({ baseDice: 1, curse: 1 }).fumble).toBeCloseTo(1 / 2, 15)
    expect(poolOdds({ baseDice: 1, curse: 2 }).fumble).toBeCloseTo(5 / 6, 15)
  })

  it('LODE-1: a pool of 0 or less is certain failure, with no fumble and no Halfmagic', () => {
    expect(poolOdds({ baseDice: -2, advantages: 2 })).toEqual({ successes: [1], fumble: 0, halfmagic: 0 })
  })

  it('LODE-6: the Halfmagic chance is the chance of reaching the Web, and grows as the Web falls', () => {
    const at9 = poolOdds({ baseDice: 2, advantages: 8 })
    const at6 = poolOdds({ baseDice: 2, advantages: 8, web: 6 })
    expect(at9.halfmagic).toBeCloseTo(sum(at9.successes.slice(9)), 14)
    expect(at6.halfmagic).toBeCloseTo(sum(at6.successes.slice(6)), 14)
    expect(at6.halfmagic).toBeGreaterThan(at9.halfmagic)
  })

  it('LODE-8: the Fluke Die has the odds of a one-die pool', () => {
    expect(flukeOdds()).toEqual(poolOdds({ baseDice: 1 }))
    expect(flukeOdds().fumble).toBeCloseTo(1 / 6, 15)
  })

  it('refuses a pool too large to work out, and a broken request', () => {
    expect(() => poolOdds({ baseDice: 101 })).toThrow(/up to 100 dice; this pool has 101/)
    expect(() => poolOdds({ baseDice: 3, blessing: -1 })).toThrow(/Blessing must be a whole number/)
  })
})

describe('poolOdds against 200,000 seeded rolls (within 4 standard errors)', () => {
  const cases: PoolInput[] = [
    { baseDice: 5 },
    { baseDice: 3, advantages: 2, blessing: 2 },
    { baseDice: 2, advantages: 1, curse: 3 },
    { baseDice: 0, advantages: 12, web: 6 },
  ]
  for (const input of cases) {
    it(`LODE-2..6: ${JSON.stringify(input)}`, () => {
      const n = 200_000
      const dice = seededDice(`lode-stats-${JSON.stringify(input)}`)
      const counts: number[] = []
      let fumbles = 0
      let halfmagic = 0
      for (let i = 0; i < n; i++) {
        const r = rollPool(dice, input)
        counts[r.successes] = (counts[r.successes] ?? 0) + 1
        if (r.fumble) fumbles++
        if (r.halfmagic > 0) halfmagic++
      }
      const odds = poolOdds(input)
      const within = (count: number, p: number): void => {
        const se = Math.sqrt((p * (1 - p)) / n)
        expect(Math.abs(count / n - p)).toBeLessThanOrEqual(4 * se + 1e-12)
      }
      for (let k = 0; k < Math.max(counts.length, odds.successes.length); k++) within(counts[k] ?? 0, odds.successes[k] ?? 0)
      within(fumbles, odds.fumble)
      within(halfmagic, odds.halfmagic)
    })
  }
})
