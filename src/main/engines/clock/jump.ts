/**
 * Setting the clock to a later time (CLK-1): the GM says what time it is now, and the clock jumps
 * there without living through the time between.
 *
 * Decision: a jump rolls no dice and uses nothing up: no encounter checks (CLK-3), no light burns
 * (CLK-4: burning is by time the clock lives through), no day's rations or water (CLK-5), and no
 * day of rest heals (OSR-20 needs full days of rest marked; a resting character's day of rest
 * starts again at the new time). What is fixed to a game time still comes to pass, because its
 * time has come: each timer passed fires once at its own time (a repeating one is set for its
 * next time after the jump), and injuries pass the milestones they reach (CLK-6, CLK-8). The clock
 * only jumps forward; a step taken by mistake is undone instead.
 */
import { checkClock } from './check'
import type { ClockEvent } from './events'
import { refuse, type Refusable } from './refusal'
import type { ClockState, InjuryRecord, Timer } from './state'
import { dayAndTime } from './time'

const words = (time: number): string => {
  const { day, timeOfDay } = dayAndTime(time)
  return `Day ${day} · ${timeOfDay.slice(0, 5)}`
}

/** A timer passed by the jump: its firing, and the timer as it stands after (a repeating one set again). */
function passTimer(timer: Timer, to: number): { event: ClockEvent; timer: Timer | null } {
  const every = timer.repeatEverySeconds
  const nextAt = every === null ? null : timer.firesAt + (Math.floor((to - timer.firesAt) / every) + 1) * every
  return {
    event: { kind: 'timer', at: timer.firesAt, faces: [], timerId: timer.id, label: timer.label, hiddenFromPlayers: timer.hiddenFromPlayers, nextAt },
    timer: nextAt === null ? null : { ...timer, firesAt: nextAt },
  }
}

/** An injury record after the jump: milestones reached are passed; a day of rest in progress starts again. */
function passInjury(record: InjuryRecord, to: number, events: ClockEvent[]): InjuryRecord | null {
  const r = record.recovery
  if (r.kind === 'rest') return r.restDayStartedAt === null ? record : { ...record, recovery: { ...r, restDayStartedAt: to } }
  if (r.kind !== 'milestones') return record
  const reached = r.milestones.filter((m) => m.at <= to)
  const rest = r.milestones.filter((m) => m.at > to)
  reached.forEach((m, k) => {
    const cleared = rest.length === 0 && k === reached.length - 1
    events.push({ kind: 'injury', at: m.at, faces: [], injuryId: record.id, characterId: record.characterId, label: record.label, milestone: m.event, cleared })
  })
  return rest.length === 0 ? null : { ...record, recovery: { kind: 'milestones', milestones: rest } }
}

/**
 * Sets the clock to a later game time (CLK-1) with no dice and nothing used up; timers and injury
 * milestones passed on the way happen at their own times, in game-time order.
 * @example setTime(clock, gameTime(3, '08:00')) // { ok: true, state: { time: 201600, … }, events: [] }
 */
export function setTime(state: ClockState, time: number): Refusable<{ state: ClockState; events: ClockEvent[] }> {
  if (state.combat !== null) return refuse('End the combat first: a combat moves a round at a time (CLK-2).')
  if (!Number.isInteger(time) || time < 0) return refuse(`A game time is whole seconds from the campaign's start; got ${time}.`)
  if (time <= state.time) {
    return refuse(`${words(time)} is not later than the clock's ${words(state.time)}: the clock only moves forward (CLK-1). Undo a step to take it back.`)
  }
  const problems = checkClock(state)
  if (!problems.ok) throw new RangeError(`The clock's state cannot be set:\n- ${problems.problems.join('\n- ')}`)
  const events: ClockEvent[] = []
  const timers = state.timers.flatMap((timer) => {
    if (timer.firesAt > time) return [timer]
    const passed = passTimer(timer, time)
    events.push(passed.event)
    return passed.timer ? [passed.timer] : []
  })
  const injuries = state.injuries.flatMap((record) => {
    const after = passInjury(record, time, events)
    return after ? [after] : []
  })
  // Stable: what is due at one moment keeps the order of timers before injuries, as an advance has it.
  events.sort((a, b) => a.at - b.at)
  return { ok: true, state: { ...state, time, timers, injuries }, events }
}
