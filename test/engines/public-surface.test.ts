/**
 * ENGINES.md fixes the engines' public names and shapes: other parts of the app import them
 * exactly as written. This test imports each one by its documented path and checks its shape.
 */
import { describe, expect, expectTypeOf, it } from 'vitest'
import { scriptedDice, seededDice, type Dice } from '../../src/main/engines/dice'
import {
  RUNGS,
  exchangeAP,
  rollDamage,
  rollTask,
  taskOdds,
  type DamageLevel,
  type Rung,
  type TaskInput,
  type TaskResult,
} from '../../src/main/engines/ladder'
import {
  applyHarm,
  checkOdds,
  rollCheck,
  scaleSpell,
  strikeModifier,
  type CheckInput,
  type CheckResult,
  type Hardiness,
} from '../../src/main/engines/osr'
import { poolOdds, rollPool, type PoolInput, type PoolResult } from '../../src/main/engines/lode'
import { RANKS, addAspect, rankOdds, rollRank, type Colour, type Rank, type RankResult } from '../../src/main/engines/ranks'
import {
  challengeRound,
  complementaryBonus,
  gangUp,
  resolveChallenge,
  roundHalfUp,
  type Side,
  type SideState,
} from '../../src/main/engines/challenge'

describe('ENGINES.md: dice', () => {
  it('has Dice, seededDice and scriptedDice as documented', () => {
    expectTypeOf(seededDice).parameter(0).toEqualTypeOf<string | number>()
    expectTypeOf(seededDice('x')).toMatchTypeOf<Dice>()
    expectTypeOf(scriptedDice).parameter(0).toEqualTypeOf<readonly number[]>()
  })
})

describe('ENGINES.md: ladder', () => {
  it('exports the rungs in order and the task, exchange and damage functions', () => {
    expect(RUNGS).toEqual(['terrible', 'poor', 'good', 'expert', 'superb', 'unprecedented', 'improbable'])
    expectTypeOf<TaskInput>().toMatchTypeOf<{ asset: Rung; difficulty?: Rung; wonky?: 'good' | 'bad'; extended?: boolean }>()
    const r: TaskResult = rollTask(scriptedDice([6, 6, 3]), { asset: 'poor', difficulty: 'expert' })
    expect(r).toMatchObject({ result: 'expert', faces: [6, 6, 3], success: true })
    expect(rollTask(scriptedDice([3]), { asset: 'good' })).not.toHaveProperty('success')
    const odds = taskOdds({ asset: 'poor', difficulty: 'expert' })
    expect(Object.keys(odds.result)).toEqual([...RUNGS])
    expect(odds.success).toBeCloseTo(1 / 36, 12)
    expect(exchangeAP('expert', 'good')).toEqual([2, 0])
    const dmg = rollDamage(scriptedDice([1]), { level: 'incapacitated' })
    expectTypeOf(dmg.result).toEqualTypeOf<DamageLevel | 'none'>()
    expect(dmg).toEqual({ result: 'wounded', faces: [1] })
  })
})

describe('ENGINES.md: osr', () => {
  it('exports checks, strike modifier, harm and spell scaling as documented', () => {
    expectTypeOf<CheckInput>().toMatchTypeOf<{ modifier: number; target?: number }>()
    const c: CheckResult = rollCheck(scriptedDice([9]), { modifier: -1 })
    expect(c).toMatchObject({ natural: 9, total: 8, success: false, spectacular: false, margin: -2 })
    expect(checkOdds({ modifier: 0 })).toMatchObject({ success: 11 / 20, spectacularSuccess: 1 / 20, spectacularFailure: 1 / 20 })
    expect(strikeModifier({ attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3 })).toBe(-5)
    const h: Hardiness = { h: 4, maxH: 4 }
    expect(applyHarm(h, 4)).toMatchObject({ h: 0, maxH: 4, incapacitated: true, dead: false, limb: 'severed' })
    expect(scaleSpell('2d6x10', 2, 1)).toBe('2d6x20')
    expect(scaleSpell('1d6', 2, 1)).toBe('2d6')
    expect(scaleSpell('1', 2, 1)).toBe('2')
  })
})

describe('ENGINES.md: lode', () => {
  it('exports rollPool and poolOdds with the documented result shape', () => {
    expectTypeOf<PoolInput>().toMatchTypeOf<{ baseDice: number; advantages?: number; disadvantages?: number; web?: number }>()
    const r: PoolResult = rollPool(scriptedDice([6, 4, 1, 5]), { baseDice: -2, advantages: 5 })
    expect(r).toMatchObject({ pool: 3, rolled: [6, 4, 1], faces: [6, 4, 1], explosions: [5], successes: 3, fumble: false, label: 'solid', halfmagic: 0 })
    const o = poolOdds({ baseDice: 2 })
    expect(o.successes.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12)
    expect(o).toHaveProperty('fumble')
    expect(o).toHaveProperty('halfmagic')
  })
})

describe('ENGINES.md: ranks', () => {
  it('exports the ranks in order and the roll, aspect and odds functions', () => {
    expect(RANKS).toEqual(['terrible', 'poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular', 'legendary'])
    const r: RankResult = rollRank(scriptedDice([4, 2]), { ability: 'fair' })
    expect(r).toMatchObject({ ability: 'fair', up: 4, down: 2, result: 'great', colour: 'green' })
    expectTypeOf(r.colour).toEqualTypeOf<Colour>()
    const a = addAspect(scriptedDice([3]), r)
    expect(a.aspect).toBe(3)
    expect(() => addAspect(scriptedDice([3]), a)).toThrow()
    const odds: Record<Rank, number> = rankOdds({ ability: 'fair' })
    expect(Object.values(odds).reduce((x, y) => x + y, 0)).toBeCloseTo(1, 12)
  })
})

describe('ENGINES.md: challenge', () => {
  it('exports rounding, rounds, whole challenges, complementaries and ganging up', () => {
    expect([roundHalfUp(1.5), roundHalfUp(0.75), roundHalfUp(2.4)]).toEqual([2, 1, 2])
    expectTypeOf<Side>().toMatchTypeOf<{ rating: number; pool?: number; bonus?: number; reserves?: number; resistance?: number }>()
    const s = (pool: number): SideState => ({ pool, bonus: 0, reserves: 0, resistance: 0 })
    const round = challengeRound(s(3), s(3))
    expect([round.a.pool, round.b.pool]).toEqual([1, 1])
    expect(resolveChallenge({ rating: 3 }, { rating: 3 }).winner).toBe('draw')
    expect(complementaryBonus(6, 3)).toBe(1)
    const g = gangUp({ rating: 10, resistance: 1 }, [{ rating: 7, reserves: 6 }, { rating: 8, reserves: 2 }])
    expect(g.winner).toBe('single')
    expectTypeOf(g.rounds[0]!.opponents).toEqualTypeOf<SideState[]>()
  })
})
