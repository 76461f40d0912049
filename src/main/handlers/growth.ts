/** Growth between sessions, common to every system: the overview its screen opens on. */
import type { ModuleHandlers } from '../router'
import type { GrowthMethod } from '../../shared/api/growth.names'
import type { ServiceDeps } from '../services/core'
import { growthOverview } from '../services/growth'

export function growthHandlers(deps: ServiceDeps): ModuleHandlers<GrowthMethod> {
  return {
    'growth.overview': (i) => growthOverview(deps, i.campaignId),
  }
}
