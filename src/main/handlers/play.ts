import type { PlayMethod } from '../../shared/api/play.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/context'
import { closeSession, startSession } from '../services/play-session'
import { undoLastAction } from '../services/play-undo'

export function playHandlers(deps: ServiceDeps): ModuleHandlers<PlayMethod> {
  return {
    'play.start': (i) => startSession(deps, i),
    'play.close': (i) => closeSession(deps, i),
    'play.undo': (i) => undoLastAction(deps, i.campaignId),
  }
}
