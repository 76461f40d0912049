/** The Ranks system's growth between sessions. */
import type { ModuleHandlers } from '../router'
import type { GrowthRanksMethod } from '../../shared/api/growth-ranks.names'
import type { ServiceDeps } from '../services/core'

export function growthRanksHandlers(_deps: ServiceDeps): ModuleHandlers<GrowthRanksMethod> {
  return {}
}
