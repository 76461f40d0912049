/**
 * The clock (RULES.md §6, CLK-1 … CLK-8) as a pure engine: game time in seconds, exploration turns
 * with encounter checks, combat rounds, lights, rations and water, timers and injuries mending,
 * moved only by the GM. Plain serialisable state in; new state and every event out.
 */
export type { Refusable, Refused } from './refusal'
export { DAY, HOUR, MINUTE, OSR_ROUND_SECONDS, ROUNDS_PER_TURN, TURN_SECONDS, dayAndTime, gameTime, spanSeconds, type Span } from './time'
export * from './state'
export { SOMETHING_HAPPENS, STOP_KINDS, stopKindOf, type ClockEvent, type ClockEventKind, type Consumption, type StopKind } from './events'
export { checkClock } from './check'
export { readClock, setMode } from './mode'
export { setTime } from './jump'
export { clockRulesFor, type ClockRules, type ReactionRoll } from './systems'
export { advanceClock, UNTIL_LOOKS_AHEAD, type AdvanceRequest, type Advanced, type Stop } from './advance'
export { endCombat, nextRound, startCombat } from './combat'
export { effectiveThreshold, setEncounterCheck } from './encounters'
export { addLight, DEFAULT_LANTERN_PINTS, handOver, lightName, oilPints, refillLantern, removeLight, topUpLantern, WARNING_SECONDS, type LightNamer, type NewLight } from './lights'
export { darkness, douse, lightUp } from './burning'
export { DEFAULT_FOOD_PER_DAY, DEFAULT_WATER_PER_DAY, eatAndDrink, removeProvisions, RUNNING_LOW_DAYS, setProvisions } from './provisions'
export { addTimer, castWindowTimer, incapacitationTimers, knockOutTimer, removeTimer, type TimerInput } from './timers'
export { ladderInjury, osrInjury, untimedInjury } from './injury-records'
export { clearInjury, recordInjury, setResting, treatInjury } from './injuries'
