/**
 * The Challenge System's one way of rounding (CH preamble): every "half", "third" or "quarter"
 * rounds to the nearest whole number, halves rounding up; only "at most half" rounds down.
 */

/**
 * Rounds to the nearest whole number, halves up (3/2 → 2, 3/4 → 1, −3/2 → −1).
 * @example roundHalfUp(1.5) // 2
 */
export function roundHalfUp(x: number): number {
  const whole = Math.floor(x)
  // Comparing the fraction, not adding 0.5, keeps 0.49999999999999994 from becoming 1.
  return x - whole >= 0.5 ? whole + 1 : whole
}

/**
 * `numerator / denominator` rounded halves up, in whole-number arithmetic so no float error can
 * tip a value that is exactly a half (denominator > 0).
 * @example ratioHalfUp(3, 4) // 1, a quarter of 3
 */
export function ratioHalfUp(numerator: number, denominator: number): number {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

/**
 * Half of a number, rounded halves up: the CH-2 loss of a side that is not outmatched.
 * @example halfOf(7) // 4
 */
export function halfOf(n: number): number {
  return ratioHalfUp(n, 2)
}

/**
 * "At most half": rounded down (CH-7's conversion limit).
 * @example atMostHalf(5) // 2
 */
export function atMostHalf(n: number): number {
  return Math.floor(n / 2)
}
