import type { TableLodeMethod } from '../../shared/api/table-lode.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import {
  giveUpHalfmagicAt,
  lodeOdds,
  lodeOpposedOdds,
  lodeTable,
  newScene,
  rerollDeliberateAttempt,
  rerollLode,
  rollLode,
  rollOpposed,
  startDeliberate,
  stopDeliberateAttempt,
} from '../services/table-lode'

export function tableLodeHandlers(deps: ServiceDeps): ModuleHandlers<TableLodeMethod> {
  return {
    'lode.table': (i) => lodeTable(deps.db, i),
    'lode.odds': (i) => lodeOdds(deps, i),
    'lode.opposedOdds': (i) => lodeOpposedOdds(deps, i),
    'lode.roll': (i) => rollLode(deps, i),
    'lode.reroll': (i) => rerollLode(deps, i),
    'lode.giveUpHalfmagic': (i) => giveUpHalfmagicAt(deps, i),
    'lode.opposed': (i) => rollOpposed(deps, i),
    'lode.deliberate': (i) => startDeliberate(deps, i),
    'lode.deliberateReroll': (i) => rerollDeliberateAttempt(deps, i),
    'lode.deliberateStop': (i) => stopDeliberateAttempt(deps, i),
    'lode.newScene': (i) => newScene(deps, i),
  }
}
