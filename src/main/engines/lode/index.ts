/**
 * LODE (Lots Of Dice, Eh?): pools of d6 counting 4–6 as successes, exploding 6s, Blessing and
 * Curse, Halfmagic against the Web, and the Destiny and Energy points that feed rolls (RULES §3).
 */
export { checkPoolInput, poolSize, netBlessing, DEFAULT_WEB, LOWEST_WEB, type PoolInput } from './input'
export { applyBlessing } from './blessing'
export { LABELS, labelFor, halfmagicLevel, isFumble, isSuccess, type Label } from './reading'
export { rollPool, type PoolResult } from './roll'
export { rollFluke, flukeOdds, type FlukeInput } from './fluke'
export { poolOdds, MAX_ODDS_POOL, type PoolOdds } from './odds'
export { opposedRoll, opposedOdds, OPPOSED_BASE_DICE, type OpposedSide, type OpposedResult } from './opposed'
export {
  attemptPool,
  rerollWithDestiny,
  spendDestiny,
  type PoolAttempt,
  type PoolPoints,
  type PointsEntry,
} from './points'
export {
  startDeliberateHalfmagic,
  rerollDeliberate,
  stopDeliberate,
  DELIBERATE_BASE_DICE,
  type DeliberateHalfmagic,
} from './deliberate'
export { giveUpHalfmagic, newHalfmagicScene, type HalfmagicScene, type GiveUpInput } from './give-up'
export { BASE_DICE_TABLE, baseDiceRow, type BaseDiceRow } from './base-dice'
export type { Refusable, Checked } from './refusal'
