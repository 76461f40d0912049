/**
 * The Challenge System at the table (CH-1 … CH-11): set-up and exact odds, a challenge run
 * round by round, changes of ability, consequences written to the injury records, and taking a
 * step back.
 */
export { characterAbilities } from './abilities'
export { setupOdds, roundOdds } from './odds'
export { currentChallenge, startTableChallenge, playTableRound, playTableOut, changeTableAbilities } from './play'
export { writeTableConsequences, closeTableChallenge, undoTableChallenge, undoChallengeStepIn } from './finish'
export { undoLastChallengeStep, undoChallengeStepRow } from './steps'
import { followCombat } from '../clock'
import { challengeCombatFollower } from './combat-follow'

// A challenge's rounds follow the clock's combat rounds, in the clock's own steps.
followCombat('challenge', challengeCombatFollower)
