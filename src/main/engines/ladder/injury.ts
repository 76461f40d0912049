/**
 * What injuries do to a character: where a Wound lands (LAD-17), how Wounds add up and what kills (LAD-18), and
 * why supers only ever subdue each other (LAD-31).
 */
import type { DamageLevel } from './damage'
import { requireDamageLevel } from './damage'

export type WoundLocation = 'head' | 'body' | 'arm' | 'leg'

export interface LocationEffect {
  location: WoundLocation
  effect: string
  /** A head wound knocks the victim out for this many combat rounds. */
  knockedOutRounds?: number
}

/**
 * The body location a Wound impairs, from the GM or the attack's first die face (LAD-17).
 * @example woundLocation(6) // { location: 'head', effect: 'knocked out for 3 combat rounds', knockedOutRounds: 3 }
 */
export function woundLocation(face: number): LocationEffect {
  if (!Number.isInteger(face) || face < 1 || face > 6) throw new RangeError(`A wound location comes from a d6 face, 1 to 6; got ${face}.`)
  if (face === 6) return { location: 'head', effect: 'knocked out for 3 combat rounds', knockedOutRounds: 3 }
  if (face === 5) return { location: 'body', effect: 'no actions needing strength: climbing, pushing, running' }
  if (face >= 3) return { location: 'arm', effect: 'drops anything held in that arm and struggles to use it' }
  return { location: 'leg', effect: 'moves at half speed' }
}

export interface InjuryStatus {
  subdued: boolean
  wounds: number
  /** Why the character is Incapacitated, if they are: a third Wound cannot be bought down with a Plot Point (LAD-22). */
  incapacitated: 'injury' | 'third wound' | null
  killed: boolean
}

export const UNHURT: InjuryStatus = { subdued: false, wounds: 0, incapacitated: null, killed: false }

export interface InjuryReport {
  taken: DamageLevel | 'none'
  /** What the character now suffers because of it. */
  outcome: DamageLevel | 'no effect'
  /** LAD-17: a Wound also costs the character their next attack. */
  losesNextAttack: boolean
}

/**
 * Damage between supers is subdual (LAD-31): any harm becomes Subdued.
 * @example damageBetween('killed', { supers: true }) // 'subdued'
 */
export function damageBetween<T extends DamageLevel | 'none'>(level: T, who: { supers: boolean }): T | 'subdued' {
  return who.supers && level !== 'none' ? 'subdued' : level
}

/**
 * Applies damage to a character (LAD-18): a third Wound Incapacitates; a Wound or Incapacitate on someone already
 * Incapacitated kills. Subdual never kills.
 * @example applyInjury({ ...UNHURT, wounds: 2 }, 'wounded').status.incapacitated // 'third wound'
 */
export function applyInjury(status: InjuryStatus, taken: DamageLevel | 'none'): { status: InjuryStatus; report: InjuryReport } {
  const noEffect = { status, report: { taken, outcome: 'no effect' as const, losesNextAttack: false } }
  if (taken === 'none' || status.killed) return noEffect
  const becomes = (next: Partial<InjuryStatus>, outcome: DamageLevel, losesNextAttack = false) => ({
    status: { ...status, ...next },
    report: { taken, outcome, losesNextAttack },
  })
  switch (requireDamageLevel(taken)) {
    case 'subdued':
      return becomes({ subdued: true }, 'subdued')
    case 'killed':
      return becomes({ killed: true }, 'killed')
    case 'incapacitated':
      return status.incapacitated ? becomes({ killed: true }, 'killed') : becomes({ incapacitated: 'injury' }, 'incapacitated')
    case 'wounded': {
      if (status.incapacitated) return becomes({ killed: true }, 'killed')
      const wounds = status.wounds + 1
      if (wounds >= 3) return becomes({ wounds, incapacitated: 'third wound' }, 'incapacitated')
      return becomes({ wounds }, 'wounded', true)
    }
  }
}
