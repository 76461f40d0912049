import { expect } from 'vitest'
import { seededDice, type Dice } from '../../../src/main/engines/dice'

/** The number of rolls every statistical test makes. */
export const ROLLS = 200_000

/**
 * Rolls `roll` ROLLS times with seeded dice and checks every outcome's frequency against its exact
 * odds within 4 standard errors (sqrt(p(1-p)/n)); an outcome the odds call impossible must never appear.
 */
export function expectFrequenciesMatch(seed: string, odds: Record<string | number, number>, roll: (dice: Dice) => string | number): void {
  const dice = seededDice(seed)
  const counts = new Map<string, number>()
  for (let i = 0; i < ROLLS; i++) {
    const key = String(roll(dice))
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  for (const key of counts.keys()) {
    expect(odds[key] ?? 0, `outcome ${key} was rolled but its odds are 0`).toBeGreaterThan(0)
  }
  for (const [key, p] of Object.entries(odds)) {
    const frequency = (counts.get(key) ?? 0) / ROLLS
    const se = Math.sqrt((p * (1 - p)) / ROLLS)
    expect(Math.abs(frequency - p), `outcome ${key}: frequency ${frequency}, exact ${p}`).toBeLessThanOrEqual(4 * se)
  }
}

/** Sum of a distribution's probabilities. */
export function totalOf(odds: Record<string | number, number>): number {
  return Object.values(odds).reduce((a, b) => a + b, 0)
}
