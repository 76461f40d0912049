import type { PlayMethod } from '../../shared/api/play.names'
import type { MethodName } from '../../shared/methods'
import type { CallContext, Handlers, ModuleHandlers } from '../router'
import { AppError, type ServiceDeps } from '../services/core'
import { actionHistory, closeSession, redoLastUndone, startSession, tableLog, undoLastAction } from '../services/play'

/** `unrecorded` gives the handlers before actions are recorded: a redo records the call itself. */
export function playHandlers(deps: ServiceDeps, unrecorded: () => Handlers): ModuleHandlers<PlayMethod> {
  const gm: CallContext = { scope: 'gm' }
  const rerun = async (method: string, input: unknown) => {
    const handler = unrecorded()[method as MethodName] as ((i: unknown, c: CallContext) => unknown) | undefined
    if (!handler) throw new AppError('refused', 'This action was made by another version of Lantern and cannot be made again here. Nothing was redone.')
    return handler(input, gm)
  }
  return {
    'play.start': (i) => startSession(deps, i),
    'play.close': (i) => closeSession(deps, i),
    'play.undo': (i) => undoLastAction(deps, i.campaignId),
    'play.redo': (i) => redoLastUndone(deps, i.campaignId, rerun),
    'play.history': (i) => actionHistory(deps, i),
    'play.log': (i) => tableLog(deps, i),
  }
}
