/** Journeys on the clock (CLK-10 … CLK-16): planning a road in legs, its numbers, and travelling it as clock steps. */
export { planJourney, previewJourney, type JourneyPlan, type LegPlan } from './plan'
export { detour, forcedMarch, setOut, setWatch, setWeather, stopJourney, travelOn, turnBack } from './road'
export { getJourneys } from './view'
export { partySpeed } from './numbers'
