/**
 * The campaign between sessions: how characters grow by the rules of each system (a level, an asset
 * bought, gear bought, a spell learnt, what a session earned). Every growth is an action, undone like
 * any other (sheet-change.ts), with its ledger entries in the same transaction.
 */
export { growthOverview } from './overview'
export { changeSheet, undoSheetChange, type SheetChange } from './sheet-change'
export { lodeGrowth, topUpEnergy, changeLodeTrait, energyAtSessionStart } from './lode'
export { undoGrowthTelling } from './ruling'
export { ranksGrowth, changeRanksAbility } from './ranks'
export { ladderGrowthState } from './ladder-state'
export { creditLadderStart, creditStart } from './ladder-start'
export { creditSurvived } from './ladder-survived'
export { developLadder } from './ladder-develop'
export { challengeGrowth, clearConsequences, changeChallengeRating } from './challenge'
export { osrGrowthParty } from './osr-party'
export { awardOsrExperience, gainOsrLevel } from './osr-experience'
export { buyOsrGear, osrPriceOdds, sellOsrGear } from './osr-gear'
export { learnOsrSpell } from './osr-spells'
export { undoOsrGrowthEntry } from './osr-undo'
