/**
 * The clock's per-turn rolls: the random encounter check (OSR-9), the distance a threat is met at
 * (OSR-12) and its reaction when its intent is unknown (OSR-13).
 */
import type { Dice } from '../../dice'
import { diceExpressionOdds, parseDiceExpression, rollDiceExpression } from '../dice-expression'
import { classify, dieDistribution, mapDistribution, type Distribution } from '../distribution'
import { notOneOf, requireWhole } from '../validate'
import type { Place } from './movement'

/** OSR-9: an encounter on a d20 of 20, unless the GM shifts the threshold. */
export const ENCOUNTER_THRESHOLD = 20

export interface EncounterCheck {
  face: number
  threshold: number
  encounter: boolean
  faces: number[]
}

function checkedThreshold(input: { threshold?: number }): number {
  const threshold = input.threshold ?? ENCOUNTER_THRESHOLD
  requireWhole('The encounter threshold', threshold, { min: 1, max: 20 })
  return threshold
}

/**
 * One turn's random encounter check (OSR-9): d20 ≥ threshold (20; 19 or 18 for a busy place or a
 * party drawing attention).
 * @example encounterCheck(scriptedDice([19]), { threshold: 19 }).encounter // true
 */
export function encounterCheck(dice: Dice, input: { threshold?: number } = {}): EncounterCheck {
  const threshold = checkedThreshold(input)
  const face = dice.roll(20)
  return { face, threshold, encounter: face >= threshold, faces: [face] }
}

/**
 * Exact odds of one check (OSR-9): (21 − threshold) / 20.
 * @example encounterOdds({ threshold: 18 }).encounter // 3/20
 */
export function encounterOdds(input: { threshold?: number } = {}): { encounter: number; none: number } {
  const encounter = (21 - checkedThreshold(input)) / 20
  return { encounter, none: 1 - encounter }
}

/**
 * Exact odds of at least one encounter over several turns of checks (OSR-9).
 * @example encounterWithinOdds({ turns: 12 }) // 1 − (19/20)^12 ≈ 0.46: within the hour
 */
export function encounterWithinOdds(input: { turns: number; threshold?: number }): number {
  requireWhole('The number of turns', input.turns, { min: 0 })
  return 1 - encounterOdds(input).none ** input.turns
}

/** OSR-12: 1d20 × 50 ft in open wilderness, 1d20 × 5 ft in a busy, enclosed or dark place. */
export const ENCOUNTER_DISTANCE: Readonly<Record<Place, string>> = { open: '1d20x50', enclosed: '1d20x5' }

function distanceExpression(place: Place): ReturnType<typeof parseDiceExpression> {
  const text = ENCOUNTER_DISTANCE[place]
  if (text === undefined) throw notOneOf('a kind of place', place, Object.keys(ENCOUNTER_DISTANCE))
  return parseDiceExpression(text)
}

/**
 * The distance at which a threat is met (OSR-12).
 * @example encounterDistance(scriptedDice([7]), { place: 'enclosed' }).feet // 35
 */
export function encounterDistance(dice: Dice, input: { place: Place }): { feet: number; faces: number[] } {
  const { value, faces } = rollDiceExpression(dice, distanceExpression(input.place))
  return { feet: value, faces }
}

/**
 * Exact odds of each distance (OSR-12): 1/20 each.
 * @example encounterDistanceOdds({ place: 'open' })[1000] // 1/20
 */
export function encounterDistanceOdds(input: { place: Place }): Distribution {
  return diceExpressionOdds(distanceExpression(input.place))
}

/** OSR-13: how a met entity of unknown intent first takes the party. */
export const REACTIONS = ['hostile', 'uncertain', 'friendly'] as const
export type Reaction = (typeof REACTIONS)[number]

/**
 * The reaction a total gives (OSR-13): up to 2 hostile, 3–4 uncertain, 5 or more friendly.
 * @example reactionForTotal(5) // 'friendly'
 */
export function reactionForTotal(total: number): Reaction {
  return total <= 2 ? 'hostile' : total <= 4 ? 'uncertain' : 'friendly'
}

/**
 * Rolls a reaction: d6 + S of the party member closest to the entity (OSR-13).
 * @example rollReaction(scriptedDice([1]), { spirit: 1 }).reaction // 'hostile'
 */
export function rollReaction(dice: Dice, input: { spirit: number }): { face: number; total: number; reaction: Reaction; faces: number[] } {
  requireWhole('The spirit modifier', input.spirit)
  const face = dice.roll(6)
  const total = face + input.spirit
  return { face, total, reaction: reactionForTotal(total), faces: [face] }
}

/**
 * Exact odds of each reaction (OSR-13).
 * @example reactionOdds({ spirit: 1 }) // { hostile: 1/6, uncertain: 2/6, friendly: 3/6 }
 */
export function reactionOdds(input: { spirit: number }): Record<Reaction, number> {
  requireWhole('The spirit modifier', input.spirit)
  const totals = mapDistribution(dieDistribution(6), (face) => face + input.spirit)
  return classify(totals, reactionForTotal, REACTIONS)
}
