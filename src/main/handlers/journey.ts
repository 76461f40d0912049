import type { JourneyMethod } from '../../shared/api/journey.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import * as journey from '../services/journey'

export function journeyHandlers(deps: ServiceDeps): ModuleHandlers<JourneyMethod> {
  return {
    'journey.get': (i) => journey.getJourneys(deps, i.campaignId),
    'journey.preview': (i) => journey.previewJourney(deps, i),
    'journey.plan': (i) => journey.planJourney(deps, i),
    'journey.setOut': (i) => journey.setOut(deps, i),
    'journey.travel': (i) => journey.travelOn(deps, i),
    'journey.detour': (i) => journey.detour(deps, i),
    'journey.forcedMarch': (i) => journey.forcedMarch(deps, i),
    'journey.turnBack': (i) => journey.turnBack(deps, i.campaignId),
    'journey.stop': (i) => journey.stopJourney(deps, i.campaignId),
    'journey.weather': (i) => journey.setWeather(deps, i),
    'journey.watch': (i) => journey.setWatch(deps, i),
  }
}
