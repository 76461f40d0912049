/** Method and event names of the clock module (no schemas: the preload imports this). */
export const CLOCK_METHODS = [
  'clock.get',
  'clock.advance',
  'clock.goOn',
  'clock.setTime',
  'clock.startCombat',
  'clock.nextRound',
  'clock.endCombat',
  'clock.setMode',
  'clock.setEncounter',
  'clock.undo',
  'light.light',
  'light.douse',
  'light.refill',
  'light.handOver',
  'timer.add',
  'timer.remove',
  'clock.rest',
  'encounter.reactionOdds',
  'encounter.reaction',
] as const
export type ClockMethod = (typeof CLOCK_METHODS)[number]

export const CLOCK_EVENTS = ['clock.moved'] as const
export type ClockEventName = (typeof CLOCK_EVENTS)[number]

/** What "advance until something happens" may stop at (CLK-3; the clock engine's stop kinds). */
export const STOP_KINDS = ['encounter', 'light warning', 'light out', 'timer', 'new day', 'running low or out', 'injury'] as const
export type StopKindName = (typeof STOP_KINDS)[number]
