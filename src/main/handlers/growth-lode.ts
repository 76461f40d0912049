/** The Lode system's growth between sessions. */
import type { ModuleHandlers } from '../router'
import type { GrowthLodeMethod } from '../../shared/api/growth-lode.names'
import type { ServiceDeps } from '../services/core'

export function growthLodeHandlers(_deps: ServiceDeps): ModuleHandlers<GrowthLodeMethod> {
  return {}
}
