/** Injuries in each system's terms: recorded, treated, healed, stepped down, and when they heal. */
export { deleteInjury, listInjuries, recordInjury } from './injuries'
export { detailsOf, healsBetweenAdventures, injuryById, injuryChanged, injuryOwner, insertInjury, ladderStatusFrom, openInjuries } from './store'
export { stepDownInjury, updateInjury } from './updates'
export { ladderInjuryTimers, ladderRoundSeconds, putOnClock, setLadderInjuryTimers, type LadderHurt } from './ladder-timers'
