/**
 * The random encounter check at each exploration turn boundary (CLK-3), with the OSR engine's d20
 * check (OSR-9) and, on an encounter, its distance roll (OSR-12), in every system.
 */
import type { Dice } from '../dice'
import { ENCOUNTER_DISTANCE, encounterCheck, encounterDistance, type Place } from '../osr'
import type { ClockEvent } from './events'
import { refuse, type Refusable } from './refusal'
import type { ClockState, EncounterModifier, EncounterSettings } from './state'

/**
 * The face a check needs: the threshold shifted down by the modifiers (OSR-9: a busy place or a
 * noisy party makes it 19–20 or 18–20).
 * @example effectiveThreshold({ threshold: 20, modifiers: [{ reason: 'busy market', amount: 1 }], place: 'open' }) // 19
 */
export function effectiveThreshold(settings: EncounterSettings): number {
  return settings.modifiers.reduce((threshold, m) => threshold - m.amount, settings.threshold)
}

/**
 * Changes the encounter check's threshold, modifiers or kind of place (CLK-3, OSR-9, OSR-12). The
 * face needed must stay a face of the d20.
 * @example setEncounterCheck(clock, { modifiers: [{ reason: 'the party is singing', amount: 2 }] }) // 18–20
 */
export function setEncounterCheck(
  state: ClockState,
  input: { threshold?: number; modifiers?: EncounterModifier[]; place?: Place },
): Refusable<{ state: ClockState }> {
  const encounters: EncounterSettings = { ...state.encounters, ...input }
  const problems = encounterProblems(encounters)
  return problems.length > 0 ? refuse(problems.join(' ')) : { ok: true, state: { ...state, encounters } }
}

/**
 * Every problem with encounter settings, in plain words.
 * @example encounterProblems({ threshold: 21, modifiers: [], place: 'open' }) // ['The encounter threshold is a d20 face, 1 to 20; got 21.']
 */
export function encounterProblems(settings: EncounterSettings): string[] {
  const problems: string[] = []
  if (!Number.isInteger(settings.threshold) || settings.threshold < 1 || settings.threshold > 20) {
    problems.push(`The encounter threshold is a d20 face, 1 to 20; got ${settings.threshold}.`)
  }
  const bad = settings.modifiers.filter((m) => !Number.isInteger(m.amount) || typeof m.reason !== 'string' || m.reason.trim() === '')
  if (bad.length > 0) problems.push('Each encounter modifier needs a reason and a whole amount.')
  const needed = effectiveThreshold(settings)
  if (problems.length === 0 && (needed < 1 || needed > 20)) {
    problems.push(`With these modifiers the check would need a ${needed} on the d20, which it cannot show; keep the face needed within 1 to 20.`)
  }
  if (!Object.hasOwn(ENCOUNTER_DISTANCE, settings.place)) problems.push(`"${String(settings.place)}" is not a kind of place; use ${Object.keys(ENCOUNTER_DISTANCE).join(' or ')}.`)
  return problems
}

/**
 * One turn boundary's check (CLK-3): the d20 (OSR-9) and, on an encounter, the distance (OSR-12).
 * @example turnCheck(scriptedDice([20, 7]), clock.encounters, 900) // encounter at 35 ft in an enclosed place
 */
export function turnCheck(dice: Dice, settings: EncounterSettings, at: number): ClockEvent {
  const check = encounterCheck(dice, { threshold: effectiveThreshold(settings) })
  if (!check.encounter) return { kind: 'encounter check', at, faces: check.faces, face: check.face, threshold: check.threshold, encounter: false, distance: null }
  const distance = encounterDistance(dice, { place: settings.place })
  return {
    kind: 'encounter check',
    at,
    faces: [...check.faces, ...distance.faces],
    face: check.face,
    threshold: check.threshold,
    encounter: true,
    distance: { place: settings.place, feet: distance.feet },
  }
}
