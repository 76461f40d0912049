/** The Osr system's growth between sessions. */
import type { ModuleHandlers } from '../router'
import type { GrowthOsrMethod } from '../../shared/api/growth-osr.names'
import type { ServiceDeps } from '../services/core'

export function growthOsrHandlers(_deps: ServiceDeps): ModuleHandlers<GrowthOsrMethod> {
  return {}
}
