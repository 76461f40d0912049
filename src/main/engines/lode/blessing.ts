/**
 * LODE-4: Blessing and Curse move dice between groups on the original roll, before any 6 explodes.
 * ENGINES.md makes the choice of die deterministic: the first qualifying die in roll order.
 */

const BLESSED: Readonly<Record<number, number>> = { 2: 4, 3: 5 }
const CURSED: Readonly<Record<number, number>> = { 4: 2, 5: 3 }

function changeFirst(faces: number[], from: readonly number[], to: (face: number) => number): boolean {
  const i = faces.findIndex((f) => from.includes(f))
  if (i < 0) return false
  faces[i] = to(faces[i] as number)
  return true
}

/**
 * Applies a net Blessing (positive) or Curse (negative) to the original faces, level by level.
 * Blessing: a 2–3 becomes a 4–5 (2→4, 3→5); when none is left, a 4–5 becomes a 6.
 * Curse: a 4–5 becomes a 2–3 (4→2, 5→3); when none is left, a 2–3 becomes a 1.
 * 1s and 6s are never touched; levels that find no die do nothing.
 * @example applyBlessing([3, 2, 5], 2) // [5, 4, 5]
 * @example applyBlessing([5, 1], -2)   // [1, 1]: 5→3, then no 4–5 is left so 3→1
 */
export function applyBlessing(faces: readonly number[], net: number): number[] {
  const out = [...faces]
  for (let level = 0; level < Math.abs(net); level++) {
    const changed =
      net > 0
        ? changeFirst(out, [2, 3], (f) => BLESSED[f] as number) || changeFirst(out, [4, 5], () => 6)
        : changeFirst(out, [4, 5], (f) => CURSED[f] as number) || changeFirst(out, [2, 3], () => 1)
    // LODE-4: once no die qualifies, later levels find none either.
    if (!changed) break
  }
  return out
}
