/** What the GM calls the fields of a journey's plan and its changes on the road (CLK-14, CLK-16). */
const LEG = { terrain: 'Ground', length: 'Length', place: 'Open or enclosed', tableId: 'Encounter table', threshold: 'Encounter on' }
const PLAN = { name: 'Journey', fromLocationId: 'From', toLocationId: 'To', toName: 'To (a place typed)', legs: 'Legs', ...LEG }

export const JOURNEY_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'journey.plan': PLAN,
  'journey.preview': PLAN,
  'journey.detour': LEG,
  'journey.forcedMarch': { hours: 'Hours more today', cost: 'The cost' },
  'journey.weather': { weather: 'Weather' },
  'journey.watch': { characterIds: 'Watch order' },
}

/** One entry of a journey's list of legs: `legs.1` is "leg 2". */
export const JOURNEY_ITEMS: Readonly<Record<string, string>> = { legs: 'leg', characterIds: 'watcher' }

/** The journey's keys wherever a method does not name them otherwise (a location's "under the sky" too). */
export const JOURNEY_FIELDS: Readonly<Record<string, string>> = {
  ...PLAN,
  name: 'Name',
  cost: 'The cost',
  journeyId: 'Journey',
  leg: 'Leg',
  underSky: 'Under the sky',
  weather: 'Weather',
  characterIds: 'Watch order',
}
