/**
 * The combat scenes of LODE and Resolution and Ranks, following the clock's combat (CLK-2), with
 * foes met at an encounter or typed in place, and kept as NPCs on request.
 */
import { followCombat } from '../clock'
import { lodeSceneFollower, ranksSceneFollower } from './combat'

followCombat('lode', lodeSceneFollower)
followCombat('ranks', ranksSceneFollower)

export { beginSceneCombat, logCombatStarted, readSceneCombat, requireSceneCampaign, type MetSystem, type SceneSystem } from './combat'
export { addSceneFoe, saveChallengeFoe, saveLadderFoe, saveSceneFoe, undoSceneEntry } from './foes'
