/**
 * The Ladder at the table: rolls with exact odds, the spends that apply right then, and
 * the trackers for conflicts and combat. One module per use case; this names the public surface.
 */
export { ladderRoster } from './who'
export { ladderOdds } from './odds'
export { buyResult, instantConflict, recordRuling, rollOnLadder, rollUntreatedHour, stepUpRoll } from './rolls'
export { arbitraryDamage } from './damage'
export { endConflict, listConflicts, neutraliseMember, startConflict } from './conflicts'
export { playExchange } from './exchanges'
export { combatRound } from './combat'
export { undoLadderEntry } from './undo'
export { currentOutcome } from './outcome'
export { castAtTable, keepRote, spellOdds } from './magic'
export { beginLadderCombat, metInCombat } from './combat-follow'
import { followCombat } from '../clock'
import { ladderCombatFollower } from './combat-follow'

// The combat tracker follows the clock's combat: started, played and ended in the clock's own steps.
followCombat('ladder', ladderCombatFollower)
