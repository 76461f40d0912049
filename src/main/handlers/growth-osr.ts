/** The old-school core's growth between sessions: XP shared and levels taken (OSR-6), gear bought and sold (OSR-5), spells learnt (OSR-21). */
import type { ModuleHandlers } from '../router'
import type { GrowthOsrMethod } from '../../shared/api/growth-osr.names'
import type { ServiceDeps } from '../services/core'
import { awardOsrExperience, buyOsrGear, gainOsrLevel, learnOsrSpell, osrGrowthParty, osrPriceOdds, sellOsrGear } from '../services/growth'

export function growthOsrHandlers(deps: ServiceDeps): ModuleHandlers<GrowthOsrMethod> {
  return {
    'growth.osr.party': (i) => osrGrowthParty(deps.db, i.campaignId),
    'growth.osr.award': (i) => awardOsrExperience(deps, i),
    'growth.osr.levelUp': (i) => gainOsrLevel(deps, i),
    'growth.osr.priceOdds': (i) => osrPriceOdds(i),
    'growth.osr.buy': (i) => buyOsrGear(deps, i),
    'growth.osr.sell': (i) => sellOsrGear(deps, i),
    'growth.osr.learn': (i) => learnOsrSpell(deps, i),
  }
}
