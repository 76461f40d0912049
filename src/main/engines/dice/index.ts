/**
 * Dice: the one port through which every engine gets randomness (ENGINES.md, DICE-1..3).
 * Engines know this interface only; the PRNG behind `seededDice` is an implementation detail.
 */
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus'
import { uniformInt } from 'pure-rand/distribution/uniformInt'

/** A source of die faces. */
export interface Dice {
  /** One fair roll of a die with `sides` faces: an integer in 1..sides. */
  roll(sides: number): number
}

function assertSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < 1) {
    throw new RangeError(`A die needs a whole number of sides, 1 or more; got ${sides}.`)
  }
}

/**
 * 32-bit FNV-1a of a string, so any text (a campaign's seed, "seed#42") picks a generator.
 * Numbers are used as they are (truncated to 32 bits).
 */
export function seedToInt(seed: string | number): number {
  if (typeof seed === 'number') return seed | 0
  let h = 0x811c9dc5
  for (let i = 0; i < seed.length; i++) {
    h ^= seed.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h | 0
}

/**
 * Deterministic dice from a seed (xoroshiro128+ from pure-rand): same seed, same faces.
 * @example seededDice('campaign-1').roll(6) // always the same face for this seed
 */
export function seededDice(seed: string | number): Dice {
  const rng = xoroshiro128plus(seedToInt(seed))
  return {
    roll(sides: number): number {
      assertSides(sides)
      return uniformInt(rng, 1, sides)
    },
  }
}

/**
 * Yields the given faces in order. Throws a clear Error when exhausted, or when a face is not in
 * 1..sides for the roll asked. For tests and for replaying a logged roll (DICE-3).
 * @example scriptedDice([6, 6, 3]).roll(6) // 6
 */
export function scriptedDice(faces: readonly number[]): Dice & { readonly remaining: number } {
  let next = 0
  return {
    roll(sides: number): number {
      assertSides(sides)
      if (next >= faces.length) {
        throw new Error(
          `Scripted dice ran out: roll ${next + 1} (a d${sides}) was asked for, but only ${faces.length} face(s) were given.`,
        )
      }
      const face = faces[next] as number
      if (!Number.isInteger(face) || face < 1 || face > sides) {
        throw new Error(`Scripted face ${face} at position ${next + 1} is not a face of a d${sides} (1..${sides}).`)
      }
      next++
      return face
    },
    get remaining() {
      return faces.length - next
    },
  }
}

/** A roll as the log keeps it: the die's size and the face it showed (DICE-3). */
export interface RolledFace {
  sides: number
  face: number
}

/**
 * Wraps dice so every face they give is recorded in order, for the log (DICE-3).
 * @example const rec = recordingDice(seededDice(1)); rec.roll(20); rec.faces // [{ sides: 20, face: … }]
 */
export function recordingDice(inner: Dice): Dice & { readonly faces: RolledFace[] } {
  const faces: RolledFace[] = []
  return {
    roll(sides: number): number {
      const face = inner.roll(sides)
      faces.push({ sides, face })
      return face
    },
    faces,
  }
}

/** 1d3 rolled on a d6: ⌈d6 / 2⌉ (DICE-1). */
export function rollD3(dice: Dice): number {
  return Math.ceil(dice.roll(6) / 2)
}

/** 1d2 rolled on a d6: ⌈d6 / 3⌉ (DICE-1). */
export function rollD2(dice: Dice): number {
  return Math.ceil(dice.roll(6) / 3)
}

/** Sum of `count` d6 (DICE-1). */
export function rollD6s(dice: Dice, count: number): { total: number; faces: number[] } {
  const faces: number[] = []
  for (let i = 0; i < count; i++) faces.push(dice.roll(6))
  return { total: faces.reduce((a, b) => a + b, 0), faces }
}
