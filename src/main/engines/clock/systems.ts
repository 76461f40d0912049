/**
 * What the clock's old-school numbers mean in each rules system (CLK-4's Decision). The clock runs
 * in every system, but OSR-8's −5 in darkness, OSR-7's speed per turn and OSR-13's reaction
 * modifier by the closest member's S are the `osr` campaign's. Elsewhere darkness is a condition
 * with no number (the GM applies it in the system's own terms), an encounter's distance is still
 * rolled as OSR-12, and the reaction is a plain d6 read with OSR-13's bands.
 */
import { DARKNESS_PENALTY } from '../osr'

/** How the reaction of a threat met on an encounter is rolled: OSR-13 with S, or a plain d6 in its bands. */
export type ReactionRoll = 'd6 + S' | 'd6'

export interface ClockRules {
  /** OSR-8's modifier to actions in darkness, or null where darkness has no number. */
  darknessModifier: number | null
  reaction: ReactionRoll
  /** Whether OSR-7's speed per turn applies. */
  speedPerTurn: boolean
}

/**
 * The clock's rules for a campaign's system (CLK-4).
 * @example clockRulesFor('osr') // { darknessModifier: -5, reaction: 'd6 + S', speedPerTurn: true }
 * @example clockRulesFor('ladder') // { darknessModifier: null, reaction: 'd6', speedPerTurn: false }
 */
export function clockRulesFor(system: string): ClockRules {
  return system === 'osr'
    ? { darknessModifier: DARKNESS_PENALTY, reaction: 'd6 + S', speedPerTurn: true }
    : { darknessModifier: null, reaction: 'd6', speedPerTurn: false }
}
