import type { SessionMethod } from '../../shared/api/sessions.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { createSession, deleteSession, listSessions, updateSession } from '../services/records'

export function sessionHandlers(deps: ServiceDeps): ModuleHandlers<SessionMethod> {
  return {
    'session.list': (i) => listSessions(deps.db, i.campaignId),
    'session.create': (i) => createSession(deps, i),
    'session.update': (i) => updateSession(deps, i),
    'session.delete': (i) => deleteSession(deps, i),
  }
}
