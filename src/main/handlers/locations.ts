import type { LocationMethod } from '../../shared/api/locations.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { createLocation, deleteLocation, listLocations, updateLocation } from '../services/records'

export function locationHandlers(deps: ServiceDeps): ModuleHandlers<LocationMethod> {
  return {
    'location.list': (i) => listLocations(deps.db, i.campaignId),
    'location.create': (i) => createLocation(deps, i),
    'location.update': (i) => updateLocation(deps, i),
    'location.delete': (i) => deleteLocation(deps, i),
  }
}
