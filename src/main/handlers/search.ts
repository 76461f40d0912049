import type { SearchMethod } from '../../shared/api/search.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { getCampaign } from '../services/campaigns'
import { logAround, searchCampaign } from '../services/search'

export function searchHandlers(deps: ServiceDeps): ModuleHandlers<SearchMethod> {
  return {
    'search.query': async (i) => {
      await getCampaign(deps.db, i.campaignId) // a clear "no campaign" rather than no hits
      return searchCampaign(deps.db, i)
    },
    'search.logAround': async (i) => {
      await getCampaign(deps.db, i.campaignId)
      return logAround(deps.db, i)
    },
  }
}
