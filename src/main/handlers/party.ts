import type { PartyMethod } from '../../shared/api/party.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { partyAtTable } from '../services/party'

export function partyHandlers(deps: ServiceDeps): ModuleHandlers<PartyMethod> {
  return {
    'party.get': (i) => partyAtTable(deps, i.campaignId),
  }
}
