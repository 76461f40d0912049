/**
 * The players' rules for a journey (CLK-14 … CLK-16): they read the road as they know it — the
 * legs by their ground and length, where they are, the camps, the days, the weather line, what
 * was met and where — never the legs' encounter thresholds or tables, nor the checks' dice.
 */
import { eachOf, type KindRule, without } from './rule'

/** A clock step of the journey, without the checks' dice and thresholds (CLK-3). */
const journeyStep: KindRule = (p) => without(p, 'checks')

/** The plan: each leg's ground and length; its threshold and table are the GM's. */
const planned: KindRule = (p) => eachOf(without(p, 'checks'), 'legs', (leg) => without(leg, 'threshold', 'tableId'))

/** What the road tells (a leg done, a camp, first light, arrival, where something was met): the players' as written. */
const roadEvent: KindRule = 'all'

export const JOURNEY_RULES: Record<string, KindRule> = {
  'clock.journey-planned': planned,
  'clock.journey-set-out': journeyStep,
  'clock.journey-travelled': journeyStep,
  'clock.journey-detour': journeyStep,
  'clock.journey-forced-march': journeyStep,
  'clock.journey-turned-back': journeyStep,
  'clock.journey-stopped': journeyStep,
  'clock.journey-weather': journeyStep,
  'clock.journey-watch': journeyStep,
  'clock.event.journey-leg-done': roadEvent,
  'clock.event.journey-camp': roadEvent,
  'clock.event.journey-set-out': roadEvent,
  'clock.event.journey-arrived': roadEvent,
  'clock.event.journey-met': roadEvent,
}
