/**
 * The GM's actions on injury records (CLK-8): recording one, clearing it, treatment (LAD-20) and
 * rest (OSR-20). Building records is in `injury-records.ts`; the clock's part in `mending.ts`.
 */
import { checkClock } from './check'
import { ladderInjury } from './injury-records'
import { refuse, type Refusable } from './refusal'
import type { ClockState, InjuryRecord } from './state'
import { dayAndTime } from './time'

const when = (time: number): string => {
  const { day, timeOfDay } = dayAndTime(time)
  return `day ${day}, ${timeOfDay}`
}

/**
 * Puts an injury record on the clock (CLK-8). One taken in the future, one whose time to mend has
 * already passed, or H with nothing to heal is refused.
 * @example recordInjury(clock, ladderInjury({ id: 'w1', characterId: 'Tai', level: 'wounded', takenAt: clock.time }))
 */
export function recordInjury(state: ClockState, record: InjuryRecord): Refusable<{ state: ClockState }> {
  if (state.injuries.some((i) => i.id === record.id)) return refuse(`There is already an injury "${record.id}"; give the new one another id.`)
  if (!Number.isInteger(record.takenAt) || record.takenAt < 0 || record.takenAt > state.time) {
    return refuse(`${record.characterId}'s ${record.label} must be taken at a game time up to now (${when(state.time)}); got ${record.takenAt}.`)
  }
  const r = record.recovery
  const past = r.kind === 'milestones' ? r.milestones.find((m) => m.at <= state.time) : undefined
  if (past) return refuse(`${record.characterId}'s ${record.label} would have reached "${past.event}" at ${when(past.at)}, before now: record what is left of it instead.`)
  if (r.kind === 'rest') {
    if (state.injuries.some((i) => i.characterId === record.characterId && i.recovery.kind === 'rest')) {
      return refuse(`${record.characterId} already has a hardiness record; clear it and record the new H instead.`)
    }
    if (!(Number.isInteger(r.h) && Number.isInteger(r.maxH) && r.maxH >= 1 && r.h < r.maxH)) {
      return refuse(`${record.characterId}'s H must be whole numbers below a maximum of at least 1, or there is nothing to heal; got ${r.h} of ${r.maxH}.`)
    }
  }
  const next = { ...state, injuries: [...state.injuries, record] }
  const check = checkClock(next)
  return check.ok ? { ok: true, state: next } : refuse(check.problems.join(' '))
}

/**
 * The GM clears an injury (end of scene, treatment between adventures, CH-10's next challenge, RK-9).
 * @example clearInjury(clock, 'subdued-1')
 */
export function clearInjury(state: ClockState, id: string): Refusable<{ state: ClockState; cleared: InjuryRecord }> {
  const cleared = state.injuries.find((i) => i.id === id)
  if (cleared === undefined) return refuse(`There is no injury "${id}".`)
  return { ok: true, state: { ...state, injuries: state.injuries.filter((i) => i !== cleared) }, cleared }
}

/**
 * Medical treatment now for a Ladder injury (LAD-20): replans it from this moment.
 * @example treatInjury(clock, 'incap-1') // up and about in 7 days, fully recovered in 30
 */
export function treatInjury(state: ClockState, id: string): Refusable<{ state: ClockState }> {
  const index = state.injuries.findIndex((i) => i.id === id)
  const record = state.injuries[index]
  if (record === undefined) return refuse(`There is no injury "${id}".`)
  if (record.ladder === null) return refuse(`${record.characterId}'s ${record.label} is not a Ladder injury; treatment changes nothing on the clock.`)
  if (record.ladder.treatedAt !== null) return refuse(`${record.characterId}'s ${record.label} was already treated at ${when(record.ladder.treatedAt)}.`)
  const treated = ladderInjury({ ...record, ...record.ladder, treatedAt: state.time })
  const injuries = state.injuries.slice()
  injuries[index] = treated
  return { ok: true, state: { ...state, injuries } }
}

/**
 * The GM marks a character resting, or no longer resting (OSR-20): each full day of rest from now
 * heals 1d2 H; stopping loses the day in progress. Only full days count: a night's sleep is not one.
 * @example setResting(clock, 'Glam', true)
 */
export function setResting(state: ClockState, characterId: string, resting: boolean): Refusable<{ state: ClockState }> {
  let found = false
  const injuries = state.injuries.map((i) => {
    if (i.characterId !== characterId || i.recovery.kind !== 'rest') return i
    found = true
    // A rest already under way keeps its day in progress.
    const restDayStartedAt = resting ? (i.recovery.restDayStartedAt ?? state.time) : null
    return { ...i, recovery: { ...i.recovery, restDayStartedAt } }
  })
  if (!found) return refuse(`${characterId} has no lost H that rest would heal.`)
  return { ok: true, state: { ...state, injuries } }
}
