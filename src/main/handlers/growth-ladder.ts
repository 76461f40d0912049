/** The Ladder system's growth between sessions. */
import type { ModuleHandlers } from '../router'
import type { GrowthLadderMethod } from '../../shared/api/growth-ladder.names'
import type { ServiceDeps } from '../services/core'
import { creditStart, creditSurvived, developLadder, ladderGrowthState } from '../services/growth'

export function growthLadderHandlers(deps: ServiceDeps): ModuleHandlers<GrowthLadderMethod> {
  return {
    'growth.ladder.state': (i) => ladderGrowthState(deps, i.campaignId),
    'growth.ladder.creditStart': (i) => creditStart(deps, i),
    'growth.ladder.survived': (i) => creditSurvived(deps, i),
    'growth.ladder.develop': (i) => developLadder(deps, i),
  }
}
