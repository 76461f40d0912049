import type { PlayMethod } from '../../shared/api/play.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { closeSession, startSession, undoLastAction } from '../services/play'

export function playHandlers(deps: ServiceDeps): ModuleHandlers<PlayMethod> {
  return {
    'play.start': (i) => startSession(deps, i),
    'play.close': (i) => closeSession(deps, i),
    'play.undo': (i) => undoLastAction(deps, i.campaignId),
  }
}
