import type { TableSceneMethod } from '../../shared/api/table-scene.names'
import type { ModuleHandlers } from '../router'
import { unitOfWork, type ServiceDeps } from '../services/core'
import { addSceneFoe, beginSceneCombat, readSceneCombat, requireSceneCampaign, saveChallengeFoe, saveLadderFoe, saveSceneFoe, type MetSystem } from '../services/table-scene'

export function tableSceneHandlers(deps: ServiceDeps): ModuleHandlers<TableSceneMethod> {
  const read = (system: MetSystem, campaignId: number) =>
    unitOfWork(deps, async (tx) => {
      await requireSceneCampaign(tx, campaignId, system)
      return readSceneCombat(tx, campaignId, system)
    })
  return {
    'lode.combat': (i) => read('lode', i.campaignId),
    'lode.combat.begin': (i) => beginSceneCombat(deps, 'lode', i),
    'lode.combat.foe': (i) => addSceneFoe(deps, 'lode', i),
    'lode.combat.foe.save': (i) => saveSceneFoe(deps, 'lode', i),
    'ranks.combat': (i) => read('ranks', i.campaignId),
    'ranks.combat.begin': (i) => beginSceneCombat(deps, 'ranks', i),
    'ranks.combat.foe': (i) => addSceneFoe(deps, 'ranks', i),
    'ranks.combat.foe.save': (i) => saveSceneFoe(deps, 'ranks', i),
    'challenge.combat': (i) => read('challenge', i.campaignId),
    'challenge.combat.begin': (i) => beginSceneCombat(deps, 'challenge', i),
    'ladder.combat.foe.save': (i) => saveLadderFoe(deps, i),
    'challenge.combat.foe.save': (i) => saveChallengeFoe(deps, i),
  }
}
