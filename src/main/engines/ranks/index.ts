/**
 * Resolution and Ranks: ability rank + 1d6 − 1d6 on a nine-rank ladder, aspects, Harm, Threat and
 * Dangers, and the once-per-chapter moves (RULES §5).
 */
export {
  RANKS,
  ABILITY_RANKS,
  isRank,
  rankIndex,
  assertAbility,
  colourOf,
  bandOf,
  isFailure,
  type Rank,
  type Colour,
  type Band,
} from './ranks'
export { rollRank, addAspect, readRank, resultBeforeAspect, type RankResult } from './roll'
export { rankOdds, aspectOdds, rankOddsWithAspect } from './odds'
export { invokeAspect, refreshAspect, legendaryRefresh, type Aspect } from './aspects'
export { borderlineChooser, rollBorderline, type BorderlineInput } from './borderline'
export { experienceFor, EXPERIENCE_RULES, type ExperienceRule } from './experience'
export {
  startThreat,
  createDanger,
  dangerFacing,
  checkAction,
  dangerOutcome,
  dealWithDanger,
  closeAdventure,
  THREAT_PER_CHARACTER,
  type Danger,
  type ThreatState,
} from './threat'
export {
  HARM_BOXES,
  unharmed,
  takeHarm,
  recoverHarm,
  beyondDoomed,
  beyondDoomedOutcome,
  type HarmBox,
  type HarmTrack,
  type BeyondDoomedOutcome,
} from './harm'
export {
  CHAPTER_MOVES,
  newChapter,
  concede,
  sacrifice,
  refresh,
  compel,
  type ChapterMove,
  type ChapterMoves,
  type ConcessionInput,
} from './chapter-moves'
export type { Refusable } from './refusal'
