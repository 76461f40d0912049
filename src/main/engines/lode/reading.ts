/**
 * How a LODE result is read: successes, labels (LODE-5), fumbles (LODE-3) and Halfmagic (LODE-6).
 */

export const LABELS = ['failure', 'marginal', 'adequate', 'solid', 'impressive', 'exceptional', 'astonishing'] as const
export type Label = (typeof LABELS)[number]

/**
 * LODE-2: 4, 5 and 6 are successes.
 * @example isSuccess(4) // true
 */
export function isSuccess(face: number): boolean {
  return face >= 4
}

/**
 * LODE-5: 0 failure, 1 Marginal … 5 Exceptional, 6 or more Astonishing.
 * @example labelFor(3) // 'solid'
 */
export function labelFor(successes: number): Label {
  return LABELS[Math.min(Math.max(successes, 0), LABELS.length - 1)] as Label
}

/**
 * LODE-6: the Halfmagic level is successes − Web + 1 when successes reach the Web, else 0.
 * @example halfmagicLevel(11, 9) // 3
 */
export function halfmagicLevel(successes: number, web: number): number {
  return successes >= web ? successes - web + 1 : 0
}

/**
 * LODE-3: a fumble is every die of the original roll, after Blessing/Curse, showing 1.
 * @example isFumble([1, 1]) // true
 */
export function isFumble(faces: readonly number[]): boolean {
  return faces.length > 0 && faces.every((f) => f === 1)
}
