/** The Ladder system's growth between sessions. */
import type { ModuleHandlers } from '../router'
import type { GrowthLadderMethod } from '../../shared/api/growth-ladder.names'
import type { ServiceDeps } from '../services/core'

export function growthLadderHandlers(_deps: ServiceDeps): ModuleHandlers<GrowthLadderMethod> {
  return {}
}
