import type { ClockMethod } from '../../shared/api/clock.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import * as clock from '../services/clock'
import { reactionChances, rollEncounterReaction } from '../services/clock'

export function clockHandlers(deps: ServiceDeps): ModuleHandlers<ClockMethod> {
  return {
    'clock.get': (i) => clock.getClock(deps, i.campaignId),
    'clock.advance': (i) => clock.advance(deps, i),
    'clock.goOn': (i) => clock.goOn(deps, i.campaignId, i.drop),
    'clock.setTime': (i) => clock.setTime(deps, i),
    'clock.startCombat': (i) => clock.startCombat(deps, i.campaignId),
    'clock.nextRound': (i) => clock.nextRound(deps, i.campaignId),
    'clock.endCombat': (i) => clock.endCombat(deps, i.campaignId),
    'clock.setMode': (i) => clock.setMode(deps, i.campaignId, i.mode),
    'clock.setEncounter': (i) => clock.setEncounter(deps, i),
    'clock.undo': (i) => clock.undo(deps, i.campaignId),
    'light.light': (i) => clock.light(deps, i),
    'light.douse': (i) => clock.douse(deps, i),
    'light.refill': (i) => clock.refill(deps, i),
    'light.handOver': (i) => clock.handOver(deps, i),
    'timer.add': (i) => clock.addTimer(deps, i),
    'timer.remove': (i) => clock.removeTimer(deps, i),
    'clock.rest': (i) => clock.rest(deps, i),
    'encounter.reactionOdds': (i) => reactionChances(i.spirit),
    'encounter.reaction': (i) => rollEncounterReaction(deps, i),
  }
}
