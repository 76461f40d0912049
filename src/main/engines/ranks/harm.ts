/**
 * RK-8: the Harm track, Weary, Hurt, Doomed. Each Harm marks the lowest free box; Harm beyond
 * Doomed takes the character out of the scene to roll Courage.
 */
import type { Dice } from '../dice'
import { isFailure, type Rank } from './ranks'
import type { Refusable } from './refusal'
import { rollRank, type RankResult } from './roll'
import { capitalised } from './words'

export const HARM_BOXES = ['weary', 'hurt', 'doomed'] as const
export type HarmBox = (typeof HARM_BOXES)[number]
export type HarmTrack = Record<HarmBox, boolean>

/**
 * A track with no Harm marked.
 * @example unharmed() // { weary: false, hurt: false, doomed: false }
 */
export function unharmed(): HarmTrack {
  return { weary: false, hurt: false, doomed: false }
}

/**
 * Marks the lowest free box. With every box marked, the Harm goes beyond Doomed: the track stays
 * as it is and `beyondDoomed` says the character is out of the scene and must roll Courage.
 * @example takeHarm(unharmed()) // { track: { weary: true, … }, marked: 'weary', beyondDoomed: false }
 */
export function takeHarm(track: HarmTrack): { track: HarmTrack; marked: HarmBox | null; beyondDoomed: boolean } {
  const free = HARM_BOXES.find((box) => !track[box])
  if (free === undefined) return { track, marked: null, beyondDoomed: true }
  return { track: { ...track, [free]: true }, marked: free, beyondDoomed: false }
}

/**
 * Clears one marked box: the one named, or else the highest marked (the latest taken).
 * @example recoverHarm({ weary: true, hurt: true, doomed: false }) // clears 'hurt'
 */
export function recoverHarm(track: HarmTrack, box?: HarmBox): Refusable<{ track: HarmTrack; recovered: HarmBox }> {
  const target = box ?? [...HARM_BOXES].reverse().find((b) => track[b])
  if (target === undefined) return { ok: false, reason: 'No Harm is marked, so there is none to recover.' }
  if (!HARM_BOXES.includes(target)) return { ok: false, reason: `'${String(target)}' is not a Harm box; they are ${HARM_BOXES.join(', ')}.` }
  if (!track[target]) return { ok: false, reason: `${capitalised(target)} is not marked, so it cannot be recovered.` }
  return { ok: true, track: { ...track, [target]: false }, recovered: target }
}

export type BeyondDoomedOutcome = 'recovering' | 'removed' | 'manifestation'

/**
 * RK-8: the Courage roll's reading. A failure (a red result) means the character dies or leaves the
 * campaign, unless the player takes a Manifestation; a success means found recovering, still Doomed.
 * @example beyondDoomedOutcome(fairRoll) // 'recovering'
 */
export function beyondDoomedOutcome(courageRoll: RankResult): Exclude<BeyondDoomedOutcome, 'manifestation'> {
  return isFailure(courageRoll.result) ? 'removed' : 'recovering'
}

/**
 * RK-8: after Harm beyond Doomed, roll Courage; or take a Manifestation and skip the roll entirely.
 * @example beyondDoomed(scriptedDice([4, 2]), { courage: 'fair' }) // outcome 'recovering'
 */
export function beyondDoomed(
  dice: Dice,
  input: { courage: Rank; manifestation?: boolean },
): { outcome: BeyondDoomedOutcome; roll?: RankResult } {
  if (input.manifestation) return { outcome: 'manifestation' }
  const roll = rollRank(dice, { ability: input.courage })
  return { outcome: beyondDoomedOutcome(roll), roll }
}
