/** The Lode system's growth between sessions: Energy against the supply (LODE-9), and traits the GM rules. */
import type { ModuleHandlers } from '../router'
import type { GrowthLodeMethod } from '../../shared/api/growth-lode.names'
import type { ServiceDeps } from '../services/core'
import { changeLodeTrait, lodeGrowth, topUpEnergy } from '../services/growth'

export function growthLodeHandlers(deps: ServiceDeps): ModuleHandlers<GrowthLodeMethod> {
  return {
    'growth.lode.view': (i) => lodeGrowth(deps.db, i.campaignId),
    'growth.lode.topUp': (i) => topUpEnergy(deps, i),
    'growth.lode.trait': (i) => changeLodeTrait(deps, i),
  }
}
