import type { RecapMethod } from '../../shared/api/recap.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { sessionRecap } from '../services/recap'

export function recapHandlers(deps: ServiceDeps): ModuleHandlers<RecapMethod> {
  return {
    'recap.session': (i) => sessionRecap(deps.db, i),
  }
}
