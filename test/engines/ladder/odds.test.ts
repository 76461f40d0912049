import { describe, expect, it } from 'vitest'
import { seededDice } from '../../../src/main/engines/dice'
import { RUNGS, rollTask, taskOdds, taskOddsByFirstFace } from '../../../src/main/engines/ladder'
import type { Rung, TaskInput } from '../../../src/main/engines/ladder'
import { TASK_CONFIGS, enumerateFaces, expectWithinFourSE } from './helpers'

/**
 * The closed form, written out: a step-up face has probability u, a step-down face d. The result is the asset
 * with probability 1 − u − d; k rungs above it with u^k (1 − u), except the top of the ladder, which keeps the
 * whole tail u^D; likewise below with d.
 */
function closedForm(input: TaskInput): number[] {
  const u = input.wonky === 'good' ? 2 / 6 : 1 / 6
  const d = input.wonky === 'bad' ? 2 / 6 : 1 / 6
  const a = RUNGS.indexOf(input.asset)
  const top = input.extended ? 6 : 4
  const p = RUNGS.map(() => 0)
  p[a] = 1 - u - d
  for (let k = 1; a + k <= top; k++) p[a + k] = a + k === top ? u ** k : u ** k * (1 - u)
  for (let k = 1; a - k >= 0; k++) p[a - k] = a - k === 0 ? d ** k : d ** k * (1 - d)
  return p
}

const label = (c: TaskInput) => `${c.asset}${c.extended ? ' (extended)' : ''}${c.wonky ? `, ${c.wonky} wonky` : ''}`

describe('DICE-2: taskOdds is exact (LAD-2 … LAD-5)', () => {
  it.each(TASK_CONFIGS.map((c) => [label(c), c] as const))('matches the closed form and sums to 1 within 1e-12: %s', (_, config) => {
    const { result } = taskOdds(config)
    const expected = closedForm(config)
    RUNGS.forEach((r, i) => expect(Math.abs(result[r] - (expected[i] ?? 0)), r).toBeLessThan(1e-12))
    expect(Math.abs(RUNGS.reduce((s, r) => s + result[r], 0) - 1)).toBeLessThan(1e-12)
  })

  it.each(TASK_CONFIGS.map((c) => [label(c), c] as const))('matches every face sequence rollTask can see: %s', (_, config) => {
    const { odds, cut } = enumerateFaces((dice) => rollTask(dice, config), (r) => r.result)
    expect(cut).toBe(0)
    const { result } = taskOdds(config)
    for (const r of RUNGS) expect(Math.abs(result[r] - (odds.get(r) ?? 0)), r).toBeLessThan(1e-12)
  })

  it('LAD-3: gives no chance to rungs off the ladder in use', () => {
    const { result } = taskOdds({ asset: 'expert' })
    expect(result.unprecedented).toBe(0)
    expect(result.improbable).toBe(0)
    expect(result.superb).toBeCloseTo(1 / 6, 15)
  })

  it('gives the success odds of the seed examples', () => {
    // Tai hiding: two 6s in a row.
    expect(taskOdds({ asset: 'poor', difficulty: 'expert' }).success).toBeCloseTo(1 / 36, 15)
    // The number plate: only 1, 1 takes Expert eyesight below Good.
    expect(taskOdds({ asset: 'expert', difficulty: 'good' }).success).toBeCloseTo(35 / 36, 15)
    // The Duke's cavalry: a 5 or a 6.
    expect(taskOdds({ asset: 'good', difficulty: 'expert', wonky: 'good' }).success).toBeCloseTo(1 / 3, 15)
    // Stopping bullets with a raised hand: a superb super needs two 6s to reach improbable.
    expect(taskOdds({ asset: 'superb', difficulty: 'improbable', extended: true }).success).toBeCloseTo(1 / 36, 15)
    expect(taskOdds({ asset: 'good' })).not.toHaveProperty('success')
  })

  it('LAD-6 needs the joint odds by first face: each row sums to 1 and the rows average to taskOdds', () => {
    for (const config of TASK_CONFIGS) {
      const rows = taskOddsByFirstFace(config)
      const { result } = taskOdds(config)
      for (const row of rows) expect(Math.abs(RUNGS.reduce((s, r) => s + row[r], 0) - 1)).toBeLessThan(1e-12)
      for (const r of RUNGS) expect(Math.abs(rows.reduce((s, row) => s + row[r] / 6, 0) - result[r])).toBeLessThan(1e-12)
    }
  })
})

describe('DICE-2: rollTask on seededDice agrees with taskOdds (statistical, 200,000 rolls each)', () => {
  it.each(TASK_CONFIGS.map((c) => [label(c), c] as const))('each rung within 4 standard errors: %s', (_, config) => {
    const n = 200_000
    const dice = seededDice(`ladder-odds ${label(config)}`)
    const counts = Object.fromEntries(RUNGS.map((r) => [r, 0])) as Record<Rung, number>
    for (let i = 0; i < n; i++) counts[rollTask(dice, config).result]++
    const { result } = taskOdds(config)
    for (const r of RUNGS) expectWithinFourSE(counts[r], n, result[r], r)
  })
})
