import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  advanceClock,
  clearInjury,
  DAY,
  gameTime,
  ladderInjury,
  newClock,
  osrInjury,
  recordInjury,
  setMode,
  setResting,
  treatInjury,
  untimedInjury,
  type ClockEvent,
  type ClockState,
  type InjuryRecord,
} from '../../../src/main/engines/clock'
import { allowed, refusal } from './helpers'

const downtime = (time = gameTime(1, '12:00')): ClockState => allowed(setMode(newClock({ time }), 'downtime')).state
const recorded = (state: ClockState, ...records: InjuryRecord[]): ClockState => records.reduce((s, r) => allowed(recordInjury(s, r)).state, state)
const mending = (events: ClockEvent[]) => events.filter((e) => e.kind === 'injury' || e.kind === 'natural healing')

describe('CLK-8: injuries carry when they were taken and when they mend; the clock clears them as it passes', () => {
  it('CLK-8, LAD-20: a Wound taken at noon heals 7 days later, and the clock clears it then, not before', () => {
    const state = recorded(downtime(), ladderInjury({ id: 'w1', characterId: 'Tai', level: 'wounded', takenAt: gameTime(1, '12:00'), label: 'Wound (leg)' }))
    expect(state.injuries[0]).toMatchObject({ takenAt: gameTime(1, '12:00'), recovery: { kind: 'milestones', milestones: [{ event: 'heals', at: gameTime(8, '12:00') }] } })
    const sixDays = allowed(advanceClock(state, { days: 6 }, scriptedDice([])))
    expect(mending(sixDays.events)).toEqual([])
    const week = allowed(advanceClock(sixDays.state, { until: ['injury'], within: { days: 2 } }, scriptedDice([])))
    expect(week.events.at(-1)).toEqual({ kind: 'injury', at: gameTime(8, '12:00'), faces: [], injuryId: 'w1', characterId: 'Tai', label: 'Wound (leg)', milestone: 'heals', cleared: true })
    expect(week.state.injuries).toEqual([])
  })

  it('CLK-8, LAD-20: Incapacitated waits for treatment; treated, it is up and about 7 days later and fully recovered 30 days later', () => {
    const state = recorded(downtime(), ladderInjury({ id: 'i1', characterId: 'Tai', level: 'incapacitated', takenAt: gameTime(1, '12:00') }))
    expect(state.injuries[0]?.recovery).toEqual({ kind: 'until cleared', note: 'waits for medical treatment' })
    const untreated = allowed(advanceClock(state, { days: 40 }, scriptedDice([])))
    expect(mending(untreated.events)).toEqual([])
    const later = allowed(advanceClock(state, { hours: 2 }, scriptedDice([]))).state
    const treated = allowed(treatInjury(later, 'i1')).state
    const month = allowed(advanceClock(treated, { days: 31 }, scriptedDice([])))
    expect(mending(month.events).map((e) => [e.at - later.time, e.kind === 'injury' && e.milestone, e.kind === 'injury' && e.cleared])).toEqual([
      [7 * DAY, 'up and about', false],
      [30 * DAY, 'fully recovered', true],
    ])
    expect(refusal(treatInjury(treated, 'i1'))).toBe("Tai's Incapacitated was already treated at day 1, 14:00:00.")
  })

  it('CLK-8, LAD-20: Subdued clears at the end of the scene, and "heal between adventures" at the next session: the GM clears those', () => {
    const subdued = ladderInjury({ id: 's1', characterId: 'Tai', level: 'subdued', takenAt: gameTime(1, '12:00') })
    const between = ladderInjury({ id: 'w2', characterId: 'Tai', level: 'wounded', takenAt: gameTime(1, '11:00'), treatedAt: gameTime(1, '11:30'), healBetweenAdventures: true })
    expect([subdued.recovery, between.recovery]).toEqual([
      { kind: 'until cleared', note: 'clears at the end of scene' },
      { kind: 'until cleared', note: 'clears at the start of next session' },
    ])
    const state = recorded(downtime(), subdued, between)
    expect(allowed(advanceClock(state, { days: 60 }, scriptedDice([]))).state.injuries).toHaveLength(2)
    expect(allowed(clearInjury(state, 's1')).state.injuries.map((i) => i.id)).toEqual(['w2'])
  })

  it('CLK-8, OSR-20: 1d2 H (on a d6) per full day of rest marked by the GM; a day begun but not finished heals nothing', () => {
    const hurt = recorded(downtime(gameTime(1, '08:00')), osrInjury({ id: 'h1', characterId: 'Glam', takenAt: gameTime(1, '07:00'), h: 0, maxH: 4 }))
    expect(mending(allowed(advanceClock(hurt, { days: 3 }, scriptedDice([]))).events)).toEqual([])
    const resting = allowed(setResting(hurt, 'Glam', true)).state
    const days = allowed(advanceClock(resting, { hours: 60 }, scriptedDice([2, 5])))
    expect(mending(days.events)).toEqual([
      { kind: 'natural healing', at: gameTime(2, '08:00'), faces: [2], injuryId: 'h1', characterId: 'Glam', label: 'lost hardiness', healed: 1, h: 1, maxH: 4, cleared: false },
      { kind: 'natural healing', at: gameTime(3, '08:00'), faces: [5], injuryId: 'h1', characterId: 'Glam', label: 'lost hardiness', healed: 2, h: 3, maxH: 4, cleared: false },
    ])
    // 12 hours into the third day of rest; stopping loses them.
    const stopped = allowed(setResting(days.state, 'Glam', false)).state
    const restAgain = allowed(setResting(stopped, 'Glam', true)).state
    const next = allowed(advanceClock(restAgain, { hours: 24 }, scriptedDice([6])))
    expect(mending(next.events)).toEqual([
      expect.objectContaining({ at: gameTime(4, '20:00'), faces: [6], healed: 1, h: 4, cleared: true }),
    ])
    expect(next.state.injuries).toEqual([])
  })

  it('CLK-8, CH-10: a Challenge consequence has no time in the rules: the clock keeps it until the GM clears it', () => {
    const reduction = untimedInjury({ id: 'c1', characterId: 'Iridia', takenAt: gameTime(1, '12:00'), label: '−2 Sorcery (CH-10)', note: 'restored after the next challenge using Sorcery' })
    const state = recorded(downtime(), reduction)
    expect(allowed(advanceClock(state, { days: 365 }, scriptedDice([]))).state.injuries).toEqual([reduction])
  })

  it('CLK-8, RK-8: Harm boxes mend by the moves of RK-9, not by time: the clock never clears them', () => {
    const weary = untimedInjury({ id: 'r1', characterId: 'Mara', takenAt: gameTime(1, '12:00'), label: 'Weary', note: 'recovered by Concession, Sacrifice or Refresh (RK-9)' })
    const state = recorded(downtime(), weary)
    const year = allowed(advanceClock(state, { days: 365 }, scriptedDice([])))
    expect([mending(year.events), year.state.injuries]).toEqual([[], [weary]])
  })

  it('CLK-8: refuses an injury from the future, one already mended, a second H record, full H, and rest with nothing to heal', () => {
    const state = downtime()
    expect(refusal(recordInjury(state, ladderInjury({ id: 'f', characterId: 'Tai', level: 'wounded', takenAt: state.time + 1 })))).toMatch(/must be taken at a game time up to now/)
    const tenDaysOn = downtime(gameTime(10))
    expect(refusal(recordInjury(tenDaysOn, ladderInjury({ id: 'old', characterId: 'Tai', level: 'wounded', takenAt: 0 })))).toBe(
      'Tai\'s Wound would have reached "heals" at day 8, 00:00:00, before now: record what is left of it instead.',
    )
    const once = recorded(state, osrInjury({ id: 'h1', characterId: 'Glam', takenAt: 0, h: 2, maxH: 4 }))
    expect(refusal(recordInjury(once, osrInjury({ id: 'h2', characterId: 'Glam', takenAt: 0, h: 1, maxH: 4 })))).toMatch(/already has a hardiness record/)
    expect(refusal(recordInjury(state, osrInjury({ id: 'h3', characterId: 'Ada', takenAt: 0, h: 4, maxH: 4 })))).toMatch(/nothing to heal; got 4 of 4/)
    expect(refusal(setResting(state, 'Ada', true))).toBe('Ada has no lost H that rest would heal.')
    expect(refusal(treatInjury(once, 'h1'))).toMatch(/not a Ladder injury/)
  })
})
