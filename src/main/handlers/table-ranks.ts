import type { RanksTableMethod } from '../../shared/api/table-ranks.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import * as ranks from '../services/table-ranks'

export function ranksTableHandlers(deps: ServiceDeps): ModuleHandlers<RanksTableMethod> {
  const table = (campaignId: number) => ranks.ranksTable(deps.db, campaignId)
  return {
    'ranks.table': (i) => table(i.campaignId),
    'ranks.person': (i) => ranks.ranksPerson(deps.db, i.characterId),
    'ranks.odds': (i) => ranks.rollOdds(i),
    'ranks.aspectOdds': (i) => ranks.oddsOfAspect(deps.db, i),
    'ranks.roll': (i) => ranks.rollAbility(deps, i),
    'ranks.aspect': (i) => ranks.invokeRollAspect(deps, i),
    'ranks.borderline': (i) => ranks.rollBorderlineAgain(deps, i),
    'ranks.accept': (i) => ranks.acceptRoll(deps, i),
    'ranks.threat': async (i) => (await ranks.giveSessionThreat(deps, i), table(i.campaignId)),
    'ranks.danger': (i) => ranks.placeDanger(deps, i),
    'ranks.harm': async (i) => ranks.ranksPerson(deps.db, await ranks.takeHarmNow(deps, i)),
    'ranks.recover': async (i) => (await ranks.recoverHarmNow(deps, i), ranks.ranksPerson(deps.db, i.characterId)),
    'ranks.courage': (i) => ranks.rollCourage(deps, i),
    'ranks.move': async (i) => ranks.ranksPerson(deps.db, await ranks.chapterMove(deps, i)),
    'ranks.newChapter': async (i) => (await ranks.startChapter(deps, i), table(i.campaignId)),
    'ranks.experienceRule': async (i) => (await ranks.chooseExperienceRule(deps, i), table(i.campaignId)),
  }
}
