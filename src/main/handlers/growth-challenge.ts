/** The Challenge system's growth between sessions: consequences cleared (CH-10), ratings the GM rules. */
import type { ModuleHandlers } from '../router'
import type { GrowthChallengeMethod } from '../../shared/api/growth-challenge.names'
import type { ServiceDeps } from '../services/core'
import { challengeGrowth, changeChallengeRating, clearConsequences } from '../services/growth'

export function growthChallengeHandlers(deps: ServiceDeps): ModuleHandlers<GrowthChallengeMethod> {
  return {
    'growth.challenge.view': (i) => challengeGrowth(deps.db, i.campaignId),
    'growth.challenge.clear': (i) => clearConsequences(deps, i),
    'growth.challenge.ability': (i) => changeChallengeRating(deps, i),
  }
}
