import type { AdventureMethod } from '../../shared/api/adventures.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { createAdventure, deleteAdventure, listAdventures, moveAdventure, updateAdventure } from '../services/records'

export function adventureHandlers(deps: ServiceDeps): ModuleHandlers<AdventureMethod> {
  return {
    'adventure.list': (i) => listAdventures(deps.db, i.campaignId),
    'adventure.create': (i) => createAdventure(deps, i),
    'adventure.update': (i) => updateAdventure(deps, i),
    'adventure.move': (i) => moveAdventure(deps, i),
    'adventure.delete': (i) => deleteAdventure(deps, i),
  }
}
