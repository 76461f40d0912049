/** The Challenge system's growth between sessions. */
import type { ModuleHandlers } from '../router'
import type { GrowthChallengeMethod } from '../../shared/api/growth-challenge.names'
import type { ServiceDeps } from '../services/core'

export function growthChallengeHandlers(_deps: ServiceDeps): ModuleHandlers<GrowthChallengeMethod> {
  return {}
}
