/**
 * RK-7: the GM's Threat and the Dangers it buys. A character faces at most one Danger at a time and
 * must deal with it before its own Action; anyone may deal with a Danger; an adventure cannot close
 * while Threat remains. RK-8 says what dealing with a Danger does.
 */
import { bandOf, colourOf, isFailure, isRank, type Rank } from './ranks'
import type { Refusable } from './refusal'

export const THREAT_PER_CHARACTER = { min: 3, max: 15 } as const

export interface Danger {
  id: number
  /** The character this Danger stands in front of. */
  facing: string
  description: string
  /** Threat spent on it. */
  threat: number
}

export interface ThreatState {
  /** Threat the GM has left to spend. */
  threat: number
  dangers: Danger[]
  nextDangerId: number
}

/**
 * The GM's Threat for a session: 3 to 15 per player character.
 * @example startThreat({ characters: 3, perCharacter: 3 }) // { ok: true, state: { threat: 9, dangers: [], … } }
 */
export function startThreat(input: { characters: number; perCharacter: number }): Refusable<{ state: ThreatState }> {
  const { characters, perCharacter } = input
  if (!(Number.isInteger(characters) && characters >= 1)) {
    return { ok: false, reason: `Threat is set per player character, so there must be at least one; got ${String(characters)}.` }
  }
  const { min, max } = THREAT_PER_CHARACTER
  if (!(Number.isInteger(perCharacter) && perCharacter >= min && perCharacter <= max)) {
    return { ok: false, reason: `Threat per player character is a whole number from ${min} to ${max}; got ${String(perCharacter)}.` }
  }
  return { ok: true, state: { threat: characters * perCharacter, dangers: [], nextDangerId: 1 } }
}

/**
 * The Danger a character faces, if any.
 * @example dangerFacing(state, 'Georgia')?.description // 'the cultist’s minions'
 */
export function dangerFacing(state: ThreatState, character: string): Danger | undefined {
  return state.dangers.find((d) => d.facing === character)
}

/**
 * Spends Threat on a Danger in front of a character who faces none yet.
 * @example createDanger(state, { facing: 'Alexis', description: 'minions' }) // costs 1 Threat
 */
export function createDanger(
  state: ThreatState,
  input: { facing: string; description: string; threat?: number },
): Refusable<{ state: ThreatState; danger: Danger }> {
  const cost = input.threat ?? 1
  if (input.facing.trim() === '') return { ok: false, reason: 'Say which character the Danger is in front of.' }
  if (!(Number.isInteger(cost) && cost >= 1)) {
    return { ok: false, reason: `A Danger costs a whole number of Threat, 1 or more; got ${String(cost)}.` }
  }
  if (cost > state.threat) return { ok: false, reason: `This Danger costs ${cost} Threat, but only ${state.threat} is left.` }
  const already = dangerFacing(state, input.facing)
  if (already) {
    return {
      ok: false,
      reason: `${input.facing} already faces a Danger (${already.description}); a character never faces two at once.`,
    }
  }
  const danger: Danger = { id: state.nextDangerId, facing: input.facing, description: input.description, threat: cost }
  return {
    ok: true,
    danger,
    state: { threat: state.threat - cost, dangers: [...state.dangers, danger], nextDangerId: state.nextDangerId + 1 },
  }
}

/**
 * RK-7: a character facing a Danger cannot take its own Action until the Danger is dealt with.
 * @example checkAction(state, 'Alexis') // { ok: false, reason: 'Alexis faces a Danger (minions) …' }
 */
export function checkAction(state: ThreatState, character: string): Refusable<object> {
  const danger = dangerFacing(state, character)
  if (danger) return { ok: false, reason: `${character} faces a Danger (${danger.description}) and must deal with it before their own Action.` }
  return { ok: true }
}

/**
 * RK-8: facing a Danger. A red result: Harm, and the Danger stays. Fair (yellow): the Danger is
 * removed, with Harm. Green or better: removed, no Harm.
 * @example dangerOutcome('fair') // { removed: true, harm: true }
 */
export function dangerOutcome(result: Rank): { removed: boolean; harm: boolean } {
  if (isFailure(result)) return { removed: false, harm: true }
  if (bandOf(result) === 'complicated') return { removed: true, harm: true }
  return { removed: true, harm: false }
}

/**
 * A character rolls against a Danger: their own, or another's once they face none themselves.
 * The one who rolled takes any Harm (judgement call: the seed does not say for another's Danger).
 * @example dealWithDanger(state, { dangerId: 1, by: 'Alexis', result: 'good' }) // removed, no Harm
 */
export function dealWithDanger(
  state: ThreatState,
  input: { dangerId: number; by: string; result: Rank },
): Refusable<{ state: ThreatState; removed: boolean; harmTo: string | null; report: string }> {
  const danger = state.dangers.find((d) => d.id === input.dangerId)
  if (!danger) return { ok: false, reason: `There is no Danger number ${input.dangerId} in play.` }
  if (!isRank(input.result)) return { ok: false, reason: `'${String(input.result)}' is not a rank.` }
  const own = dangerFacing(state, input.by)
  if (own && own.id !== danger.id) {
    return {
      ok: false,
      reason: `${input.by} faces a Danger of their own (${own.description}) and must deal with it before anyone else's.`,
    }
  }
  const { removed, harm } = dangerOutcome(input.result)
  const dangers = removed ? state.dangers.filter((d) => d.id !== danger.id) : state.dangers
  const report =
    `${input.by} rolled ${input.result} (${colourOf(input.result)}) against ${danger.description}: ` +
    `${removed ? 'the Danger is removed' : 'the Danger stays'}${harm ? `, and ${input.by} takes Harm` : ', with no Harm'}.`
  return { ok: true, state: { ...state, dangers }, removed, harmTo: harm ? input.by : null, report }
}

/**
 * RK-7: an adventure cannot close while the GM has Threat left.
 * @example closeAdventure({ threat: 2, dangers: [], nextDangerId: 1 }) // { ok: false, reason: '2 Threat remains …' }
 */
export function closeAdventure(state: ThreatState): Refusable<object> {
  if (state.threat > 0) {
    return { ok: false, reason: `${state.threat} Threat remains: the GM must spend it on Dangers before the adventure can close.` }
  }
  return { ok: true }
}
