/**
 * A seeded generator of numbers in [0, 1) (mulberry32) for tests that make random changes, so a
 * failing run can be run again with the same seed.
 * @example const rnd = seededRandom(29); rnd() // 0.…
 */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let z = s
    z = Math.imul(z ^ (z >>> 15), z | 1)
    z ^= z + Math.imul(z ^ (z >>> 7), z | 61)
    return ((z ^ (z >>> 14)) >>> 0) / 2 ** 32
  }
}
