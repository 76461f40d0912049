/**
 * The Challenge System (seed 003, RULES.md §4, CH-1 … CH-11): pool attrition between two sides, or
 * one against several, with bonus, reserves and resistance, conversions, changes of ability,
 * complementary abilities, hordes, consequences, and dice at one place with exact odds.
 */
export type { Side, SideState } from './side'
export { sideProblems, startingNumbers } from './side'
export { roundHalfUp, ratioHalfUp, halfOf, atMostHalf } from './rounding'
export { challengeRound, effectivePool, lossTaken, spendLoss, exchange, asIs } from './round'
export type { Blow, Exchange, RoundNumber, Vary, Spent } from './round'
export { decide } from './outcome'
export type { ChallengeWinner } from './outcome'
export type { Refusal } from './refusal'
export { createChallenger, challengerProblems } from './challenger'
export type { Challenger, ChallengerSetup, Conversions } from './challenger'
export { startChallenge, playRound, playOut } from './play'
export type { ChallengeState, RoundReport } from './play'
export { resolveChallenge, gangUp, playChallenge } from './resolve'
export type { PlayedChallenge } from './resolve'
export { breakOffBonus, carriedOver, changeAbilities } from './change'
export type { AbilityChange } from './change'
export { complementaryBonus, twoComplementaryBonus, bonusAs, assistance, withAssistance } from './complementary'
export type { Assistance, AssistanceForm, ComplementaryMode } from './complementary'
export { CONVERSION_RATES, conversionLimit, conversionProblems, revertConversions, startOfRoundConversion } from './conversion'
export type { ConversionChoice, ConversionReport } from './conversion'
export { hordeGroupBonus, hordeNumbers, membersStanding } from './horde'
export type { HordeSetup, HordeState } from './horde'
export {
  THRESHOLDS,
  POINT_REMOVES,
  deepestThreshold,
  consequence,
  reductionBase,
  reductionPoints,
  splitReduction,
  challengeInjury,
  restoreAfterChallenge,
} from './consequences'
export type { Hazard, Threshold, Penalty, Quantity, ReductionSource, ReductionShare, ReductionChange, ChallengeInjury } from './consequences'
export { RANDOM_PLACES, challengeDieValue, rollChallengeDice, challengeDiceOdds } from './randomness'
export type { RandomPlace, Randomness, ChallengeDiceRoll } from './randomness'
export { winOdds } from './odds'
export type { WinOdds } from './odds'
