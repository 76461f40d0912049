import type { LadderTableMethod } from '../../shared/api/table-ladder.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import {
  arbitraryDamage,
  beginLadderCombat,
  metInCombat,
  buyResult,
  castAtTable,
  combatRound,
  currentOutcome,
  endConflict,
  instantConflict,
  keepRote,
  ladderOdds,
  ladderRoster,
  listConflicts,
  neutraliseMember,
  playExchange,
  recordRuling,
  rollOnLadder,
  rollUntreatedHour,
  spellOdds,
  startConflict,
  stepUpRoll,
} from '../services/table-ladder'

export function ladderTableHandlers(deps: ServiceDeps): ModuleHandlers<LadderTableMethod> {
  return {
    'ladder.roster': (i) => ladderRoster(deps.db, i.campaignId),
    'ladder.odds': async (i) => ladderOdds(i),
    'ladder.roll': (i) => rollOnLadder(deps, i),
    'ladder.buy': (i) => buyResult(deps, i),
    'ladder.stepUp': (i) => stepUpRoll(deps, i),
    'ladder.outcome': (i) => currentOutcome(deps.db, i),
    'ladder.ruling': (i) => recordRuling(deps, i),
    'ladder.instant': (i) => instantConflict(deps, i),
    'ladder.damage': (i) => arbitraryDamage(deps, i),
    'ladder.untreated': (i) => rollUntreatedHour(deps, i),
    'ladder.spellOdds': (i) => spellOdds(deps.db, i),
    'ladder.cast': (i) => castAtTable(deps, i),
    'ladder.keepRote': (i) => keepRote(deps, i),
    'ladder.conflict.list': (i) => listConflicts(deps.db, i),
    'ladder.conflict.start': (i) => startConflict(deps, i),
    'ladder.conflict.exchange': (i) => playExchange(deps, i),
    'ladder.conflict.neutralise': (i) => neutraliseMember(deps, i),
    'ladder.conflict.end': (i) => endConflict(deps, i),
    'ladder.combat.begin': (i) => beginLadderCombat(deps, i),
    'ladder.combat.met': (i) => metInCombat(deps, i.campaignId),
    'ladder.combat.round': (i) => combatRound(deps, i),
  }
}
