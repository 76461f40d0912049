import type { InjuryMethod } from '../../shared/api/injuries.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { deleteInjury, listInjuries, recordInjury, stepDownInjury, updateInjury } from '../services/injuries'

export function injuryHandlers(deps: ServiceDeps): ModuleHandlers<InjuryMethod> {
  return {
    'injury.list': (i) => listInjuries(deps.db, i),
    'injury.record': (i) => recordInjury(deps, i),
    'injury.update': (i) => updateInjury(deps, i),
    'injury.stepDown': (i) => stepDownInjury(deps, i),
    'injury.delete': (i) => deleteInjury(deps, i),
  }
}
