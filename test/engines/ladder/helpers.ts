/**
 * Test helpers for The Ladder: exact outcome distributions found by trying every sequence of d6 faces through the
 * real roll functions (an independent check on the closed forms), and the 4-standard-error test for sampling.
 */
import { expect } from 'vitest'
import type { Dice } from '../../../src/main/engines/dice'

class NeedAnotherFace extends Error {}

/**
 * Runs `roll` on every possible sequence of d6 faces, weighting each finished sequence by 6^-length, and sums the
 * weight per outcome key. Sequences longer than `maxFaces` are left out (their total weight is returned as `cut`).
 */
export function enumerateFaces<T>(roll: (dice: Dice) => T, key: (outcome: T) => string, maxFaces = 16): { odds: Map<string, number>; cut: number } {
  const odds = new Map<string, number>()
  let cut = 0
  const stack: number[][] = [[]]
  while (stack.length > 0) {
    const prefix = stack.pop() as number[]
    let used = 0
    const dice: Dice = {
      roll(sides: number) {
        if (sides !== 6) throw new Error(`enumerateFaces only knows d6s; a d${sides} was asked for.`)
        if (used >= prefix.length) throw new NeedAnotherFace()
        return prefix[used++] as number
      },
    }
    try {
      const outcome = roll(dice)
      if (used !== prefix.length) throw new Error(`The roll used ${used} of ${prefix.length} faces; the enumeration is broken.`)
      const k = key(outcome)
      odds.set(k, (odds.get(k) ?? 0) + 6 ** -prefix.length)
    } catch (e) {
      if (!(e instanceof NeedAnotherFace)) throw e
      if (prefix.length >= maxFaces) cut += 6 ** -prefix.length
      else for (let f = 1; f <= 6; f++) stack.push([...prefix, f])
    }
  }
  return { odds, cut }
}

/** An observed frequency must lie within 4 standard errors, sqrt(p(1 − p)/n), of the exact probability. */
export function expectWithinFourSE(count: number, n: number, p: number, label: string): void {
  const se = Math.sqrt((p * (1 - p)) / n)
  if (se === 0) expect(count / n, label).toBe(p)
  else expect(Math.abs(count / n - p), `${label}: observed ${count / n}, exact ${p}`).toBeLessThanOrEqual(4 * se)
}

/** Every configuration of a task roll the odds must cover: each asset on each ladder, under each wonky setting. */
export const TASK_CONFIGS = [false, true].flatMap((extended) =>
  (extended ? (['poor', 'good', 'expert', 'superb', 'unprecedented'] as const) : (['poor', 'good', 'expert'] as const)).flatMap((asset) =>
    ([undefined, 'good', 'bad'] as const).map((wonky) => ({ asset, extended, ...(wonky ? { wonky } : {}) })),
  ),
)
