import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import { encounterDistanceOdds, encounterOdds } from '../../../src/main/engines/osr'
import {
  advanceClock,
  effectiveThreshold,
  gameTime,
  newClock,
  nextRound,
  setEncounterCheck,
  setMode,
  startCombat,
  type ClockEvent,
} from '../../../src/main/engines/clock'
import { allowed, goOnToTheEnd, quietTurns, refusal } from './helpers'

type Check = Extract<ClockEvent, { kind: 'encounter check' }>
const checks = (events: ClockEvent[]): Check[] => events.filter((e): e is Check => e.kind === 'encounter check')

describe('CLK-3: an encounter check at every turn boundary crossed in exploration', () => {
  it('CLK-3: 12 turns make 12 logged d20 checks, one per boundary, each with its face', () => {
    const hour = allowed(advanceClock(newClock({ time: gameTime(1, '09:00') }), { turns: 12 }, scriptedDice([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])))
    expect(checks(hour.events).map((c) => [c.at - gameTime(1, '09:00'), c.faces])).toEqual(
      Array.from({ length: 12 }, (_, k) => [(k + 1) * 300, [k + 1]]),
    )
  })

  it('CLK-3: a span in exploration stops at the turn of the first encounter, with the distance (OSR-12) and what is left; going on finds the next', () => {
    const clock = newClock({ time: 0, place: 'open' })
    const dice = scriptedDice([20, 4, 3, 20, 20])
    const first = allowed(advanceClock(clock, { turns: 3 }, dice))
    expect(checks(first.events).map((c) => [c.face, c.distance?.feet ?? null])).toEqual([[20, 200]])
    expect(first.stopped).toEqual({ kind: 'encounter', at: 300, left: 600 })
    expect(first.state.time).toBe(300)
    const rest = allowed(advanceClock(first.state, { seconds: first.stopped!.left }, dice))
    expect(checks(rest.events).map((c) => [c.face, c.distance?.feet ?? null])).toEqual([
      [3, null],
      [20, 1000],
    ])
    // The second encounter falls on the span's last turn: nothing of it is left.
    expect(rest.stopped).toEqual({ kind: 'encounter', at: 900, left: 0 })
  })

  it('CLK-3: whatever span the GM asks for — turns, hours, rest 8 hours, a day, an "until" that does not name encounters — the advance stops at the first one', () => {
    const asks = [
      [{ turns: 288 }, 288 * 300],
      [{ hours: 8 }, 8 * 3600],
      [{ days: 1 }, 86_400],
      [{ until: ['light out'], within: { days: 1 } }, 86_400],
    ] as const
    for (const [ask, seconds] of asks) {
      const found = allowed(advanceClock(newClock({ time: 0 }), ask, scriptedDice([...quietTurns(40), 20, 11])))
      expect(found.stopped).toEqual({ kind: 'encounter', at: 41 * 300, left: seconds - 41 * 300 })
      expect(found.state.time).toBe(41 * 300)
      expect(checks(found.events)).toHaveLength(41)
    }
  })

  it('CLK-3: a Ladder party in an enclosed place with encounters on 17–20 presses D: one encounter is logged, not a day of them', () => {
    const den = allowed(setEncounterCheck(newClock({ time: 0, place: 'enclosed' }), { threshold: 17 })).state
    const day = allowed(advanceClock(den, { days: 1 }, seededDice('a day at 17–20')))
    const found = checks(day.events).filter((c) => c.encounter)
    expect(found).toHaveLength(1)
    expect(day.events.at(-1)).toBe(found[0])
    expect(day.stopped).toEqual({ kind: 'encounter', at: found[0]!.at, left: 86_400 - found[0]!.at })
    // Going on to the end of the day, as the GM would, stops once at each encounter.
    const rest = goOnToTheEnd(day.state, day.stopped!.left, seededDice('the rest of the day'))
    expect(rest.stops.length).toBe(checks(rest.events).filter((c) => c.encounter).length)
    expect(rest.state.time).toBe(86_400)
  })

  it('CLK-3: "until" with nothing happening within the span runs it all and says it did not stop', () => {
    const span = allowed(advanceClock(newClock({ time: 0 }), { until: ['encounter'], within: { turns: 5 } }, scriptedDice(quietTurns(5))))
    expect([span.stopped, span.state.time]).toEqual([null, 1500])
    expect(refusal(advanceClock(newClock(), { until: [] }, scriptedDice([])))).toMatch(/^Say what to stop at/)
  })

  it('CLK-3: no checks in downtime or during combat rounds, though boundaries pass', () => {
    const downtime = allowed(setMode(newClock({ time: 0 }), 'downtime')).state
    expect(allowed(advanceClock(downtime, { hours: 5 }, scriptedDice([]))).events).toEqual([])
    let combat = allowed(startCombat(newClock({ time: 290 }))).state
    const roundEvents: ClockEvent[] = []
    for (let k = 0; k < 4; k++) {
      const round = allowed(nextRound(combat, scriptedDice([])))
      roundEvents.push(...round.events)
      combat = round.state
    }
    expect([combat.time, roundEvents]).toEqual([310, []])
  })

  it('CLK-3, OSR-9: the current threshold and modifiers apply: a busy market (19–20) and a singing party (+2) need 17', () => {
    const market = allowed(
      setEncounterCheck(newClock(), {
        threshold: 19,
        modifiers: [
          { reason: 'the party is singing', amount: 2 },
        ],
        place: 'open',
      }),
    ).state
    expect(effectiveThreshold(market.encounters)).toBe(17)
    const turns = allowed(advanceClock(market, { turns: 2 }, scriptedDice([16, 17, 1])))
    expect(checks(turns.events).map((c) => [c.face, c.threshold, c.encounter, c.distance])).toEqual([
      [16, 17, false, null],
      [17, 17, true, { place: 'open', feet: 50 }],
    ])
  })

  it('CLK-3: refuses settings whose face needed a d20 cannot show, and a kind of place that is not one', () => {
    expect(refusal(setEncounterCheck(newClock(), { threshold: 21 }))).toBe('The encounter threshold is a d20 face, 1 to 20; got 21.')
    expect(refusal(setEncounterCheck(newClock(), { modifiers: [{ reason: 'hush', amount: -1 }] }))).toBe(
      'With these modifiers the check would need a 21 on the d20, which it cannot show; keep the face needed within 1 to 20.',
    )
    expect(refusal(setEncounterCheck(newClock(), { place: 'sky' as 'open' }))).toBe('"sky" is not a kind of place; use open or enclosed.')
  })
})

describe('CLK-3: the checks of a long advance follow the exact odds (OSR-9, OSR-12)', () => {
  const n = 200_000
  const clock = allowed(setEncounterCheck(newClock({ time: 0 }), { threshold: 19, modifiers: [{ reason: 'busy place', amount: 1 }] })).state
  // CLK-3: each encounter stops the advance; the GM goes on until all n turns are played.
  const all = checks(goOnToTheEnd(clock, n * 300, seededDice('clock encounters')).events)
  const within4se = (count: number, total: number, p: number) => expect(Math.abs(count / total - p)).toBeLessThanOrEqual(4 * Math.sqrt((p * (1 - p)) / total))

  it('CLK-3: 200,000 checks at 18–20 meet an encounter 3/20 of the time', () => {
    expect(all).toHaveLength(n)
    const p = encounterOdds({ threshold: 18 }).encounter
    within4se(all.filter((c) => c.encounter).length, n, p)
  })

  it('CLK-3, OSR-12: the distances of those encounters (1d20 × 5 ft, enclosed) are each 1/20', () => {
    const met = all.filter((c) => c.encounter)
    for (const [feet, p] of Object.entries(encounterDistanceOdds({ place: 'enclosed' }))) {
      within4se(met.filter((c) => c.distance?.feet === Number(feet)).length, met.length, p)
    }
  })
})
