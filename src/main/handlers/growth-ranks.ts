/** The Ranks system's growth between sessions: XP this chapter with why (RK-6), moves left (RK-9), ranks the GM rules. */
import type { ModuleHandlers } from '../router'
import type { GrowthRanksMethod } from '../../shared/api/growth-ranks.names'
import type { ServiceDeps } from '../services/core'
import { changeRanksAbility, ranksGrowth } from '../services/growth'

export function growthRanksHandlers(deps: ServiceDeps): ModuleHandlers<GrowthRanksMethod> {
  return {
    'growth.ranks.view': (i) => ranksGrowth(deps.db, i.campaignId),
    'growth.ranks.ability': (i) => changeRanksAbility(deps, i),
  }
}
