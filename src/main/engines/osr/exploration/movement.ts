/**
 * Exploration turns and speed under load (OSR-7), and the fifth of it a combatant moves each
 * round (OSR-14).
 */
import { notOneOf, requireAmount } from '../validate'

/** OSR-7: exploration moves in 5-minute turns, 12 to the hour. */
export const TURN_MINUTES = 5
export const TURNS_PER_HOUR = 12

/** OSR-7, OSR-12: open wilderness, or a busy, enclosed or dark place. */
export type Place = 'open' | 'enclosed'

/** OSR-7: a humanoid's speed per turn, unloaded. */
export const NORMAL_SPEED_FT: Readonly<Record<Place, number>> = { open: 1000, enclosed: 100 }

/** OSR-7: each full 50 lbs carried costs a fifth (20 %) of normal speed. */
export const LOAD_STEP_LBS = 50
const FIFTHS = 5

export interface Speed {
  /** Full 50 lbs carried. */
  fullLoadSteps: number
  perTurnFt: number
  /** OSR-14: 20 % of the speed per turn. */
  perRoundFt: number
}

/**
 * Speed per turn and per round for a load (OSR-7, OSR-14). Never below 0 (Decision).
 * @example speed({ place: 'open', loadLbs: 145 }) // { fullLoadSteps: 2, perTurnFt: 600, perRoundFt: 120 }
 */
export function speed(input: { place: Place; loadLbs: number; normalFt?: number }): Speed {
  const placeSpeed: number | undefined = NORMAL_SPEED_FT[input.place]
  if (placeSpeed === undefined) throw notOneOf('a kind of place', input.place, Object.keys(NORMAL_SPEED_FT))
  const normal = input.normalFt ?? placeSpeed
  requireAmount('The normal speed', normal)
  requireAmount('The load', input.loadLbs)
  const fullLoadSteps = Math.floor(input.loadLbs / LOAD_STEP_LBS)
  const perTurnFt = Math.max(0, (normal * (FIFTHS - fullLoadSteps)) / FIFTHS)
  return { fullLoadSteps, perTurnFt, perRoundFt: perTurnFt / FIFTHS }
}
