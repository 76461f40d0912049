/** Method names of the journeys module (no schemas: the preload imports this). */
export const JOURNEY_METHODS = [
  'journey.get',
  'journey.preview',
  'journey.plan',
  'journey.setOut',
  'journey.travel',
  'journey.detour',
  'journey.forcedMarch',
  'journey.turnBack',
  'journey.stop',
  'journey.weather',
  'journey.watch',
] as const
export type JourneyMethod = (typeof JOURNEY_METHODS)[number]
