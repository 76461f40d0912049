/**
 * Resolution and Ranks at the table: rolls with exact odds, aspects, the borderline rule,
 * experience, Threat and Dangers, Harm and the chapter moves (RULES §5).
 */
export { ranksTable, ranksPerson } from './view'
export { rollOdds, oddsOfAspect } from './odds'
export { rollAbility, invokeRollAspect, rollBorderlineAgain, rollCourage } from './rolling'
export { acceptRoll } from './accept'
export { giveSessionThreat, placeDanger } from './dangers'
export { takeHarmNow, recoverHarmNow } from './harm-actions'
export { chapterMove, startChapter, chooseExperienceRule } from './moves'
export { undoRanksStep } from './undo'
