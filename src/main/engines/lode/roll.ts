/**
 * The LODE roll: count successes on a pool of d6, with exploding 6s (LODE-1 … LODE-6).
 */
import type { Dice } from '../dice'
import { applyBlessing } from './blessing'
import { assertPoolInput, DEFAULT_WEB, netBlessing, poolSize, type PoolInput } from './input'
import { halfmagicLevel, isFumble, isSuccess, labelFor, type Label } from './reading'

export interface PoolResult {
  /** Dice rolled (0 or less: nothing rolled). */
  pool: number
  /** The original faces as rolled. */
  rolled: number[]
  /** The original faces after Blessing/Curse (LODE-4). */
  faces: number[]
  /** Faces of the extra dice from 6s, in the order they were rolled. */
  explosions: number[]
  successes: number
  fumble: boolean
  label: Label
  /** Halfmagic level (LODE-6); 0 when none. */
  halfmagic: number
}

/** LODE-2: every 6 adds one die, and each 6 among those adds another, for as long as 6s come. */
function explode(dice: Dice, sixes: number): number[] {
  const explosions: number[] = []
  for (let pending = sixes; pending > 0; pending--) {
    const face = dice.roll(6)
    explosions.push(face)
    if (face === 6) pending++
  }
  return explosions
}

/**
 * Rolls a LODE pool. Throws a RangeError naming every problem with the input.
 * @example rollPool(scriptedDice([6, 4, 1, 5]), { baseDice: -2, advantages: 5 }) // successes 3, label 'solid'
 */
export function rollPool(dice: Dice, input: PoolInput): PoolResult {
  assertPoolInput(input)
  const pool = poolSize(input)
  const web = input.web ?? DEFAULT_WEB
  const rolled: number[] = []
  // LODE-1: a pool of 0 or less cannot succeed, and nothing is rolled.
  for (let i = 0; i < pool; i++) rolled.push(dice.roll(6))
  const net = netBlessing(input)
  const faces = net === 0 ? rolled.slice() : applyBlessing(rolled, net)
  // One pass over the faces: the 6s that explode and the successes (LODE-2, LODE-5).
  let sixes = 0
  let successes = 0
  for (const f of faces) {
    if (f === 6) sixes++
    if (isSuccess(f)) successes++
  }
  const explosions = explode(dice, sixes)
  for (const f of explosions) if (isSuccess(f)) successes++
  return {
    pool,
    rolled,
    faces,
    explosions,
    successes,
    fumble: isFumble(faces),
    label: labelFor(successes),
    halfmagic: halfmagicLevel(successes, web),
  }
}
