import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import { opposedOdds, opposedRoll, poolOdds, rollFluke } from '../../../src/main/engines/lode'

describe('LODE-7: opposed rolls', () => {
  it('both sides roll at BD 2 by default; more successes wins by the difference', () => {
    // a: 2 + 1 advantage = 3 dice (5, 4, 2); b: 2 dice (4, 1)
    const r = opposedRoll(scriptedDice([5, 4, 2, 4, 1]), { advantages: 1 }, {})
    expect(r.a.pool).toBe(3)
    expect(r.b.pool).toBe(2)
    expect(r.winner).toBe('a')
    expect(r.margin).toBe(1)
  })

  it('equal successes are a tie with no margin', () => {
    const r = opposedRoll(scriptedDice([5, 1, 2, 6, 3]), {}, {})
    expect(r.a.successes).toBe(1)
    expect(r.b.successes).toBe(1)
    expect(r).toMatchObject({ winner: 'tie', margin: 0 })
  })

  it('successes from explosions count: one exploding die can tie four dice', () => {
    const r = opposedRoll(scriptedDice([6, 6, 4, 4, 4, 4, 1]), { baseDice: 1 }, { baseDice: 4 })
    expect(r.a.successes).toBe(3)
    expect(r.b.successes).toBe(3)
    expect(r.winner).toBe('tie')
  })

  it('exact odds: win + tie + lose = 1, and swapping sides swaps win and lose', () => {
    const ab = opposedOdds({ advantages: 2 }, { advantages: 1, blessing: 1 })
    const ba = opposedOdds({ advantages: 1, blessing: 1 }, { advantages: 2 })
    expect(ab.win + ab.tie + ab.lose).toBeCloseTo(1, 12)
    expect(ab.win).toBeCloseTo(ba.lose, 14)
    expect(ab.tie).toBeCloseTo(ba.tie, 14)
  })

  it('exact odds equal the sum over both success distributions', () => {
    const pa = poolOdds({ baseDice: 2, advantages: 1 }).successes
    const pb = poolOdds({ baseDice: 2 }).successes
    let win = 0
    pa.forEach((x, i) => pb.forEach((y, j) => (win += i > j ? x * y : 0)))
    expect(opposedOdds({ advantages: 1 }, {}).win).toBeCloseTo(win, 14)
  })

  it('two equal sides have equal chances to win', () => {
    const o = opposedOdds({}, {})
    expect(o.win).toBeCloseTo(o.lose, 15)
  })

  it('matches 200,000 seeded opposed rolls within 4 standard errors', () => {
    const n = 200_000
    const dice = seededDice('lode-opposed')
    const a = { advantages: 1 }
    const b = { advantages: 0, blessing: 1 }
    const tally = { a: 0, b: 0, tie: 0 }
    for (let i = 0; i < n; i++) tally[opposedRoll(dice, a, b).winner]++
    const o = opposedOdds(a, b)
    for (const [count, p] of [[tally.a, o.win], [tally.tie, o.tie], [tally.b, o.lose]] as const) {
      expect(Math.abs(count / n - p)).toBeLessThan(4 * Math.sqrt((p * (1 - p)) / n))
    }
  })
})

describe('LODE-8: the Fluke Die', () => {
  it('is one d6 read as a pool: a 1 fumbles, a 4 is a Marginal success', () => {
    expect(rollFluke(scriptedDice([1]))).toMatchObject({ pool: 1, successes: 0, fumble: true, label: 'failure' })
    expect(rollFluke(scriptedDice([4]))).toMatchObject({ successes: 1, fumble: false, label: 'marginal' })
  })

  it('a 6 explodes like any pool die', () => {
    const r = rollFluke(scriptedDice([6, 6, 5]))
    expect(r.explosions).toEqual([6, 5])
    expect(r.successes).toBe(3)
  })

  it('takes Blessing and Curse like any roll', () => {
    expect(rollFluke(scriptedDice([3]), { curse: 1 }).fumble).toBe(true)
    expect(rollFluke(scriptedDice([3]), { blessing: 1 }).successes).toBe(1)
  })
})
