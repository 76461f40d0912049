/** Journeys on the clock: pace, daylight, the road and CLK-7 across travel (CLK-10 … CLK-16). */
import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import { gameTime, HOUR, newClock, setProvisions, type ClockEvent, type ClockState } from '../../../src/main/engines/clock'
import {
  DEFAULT_DAYLIGHT,
  daylit,
  fromFeet,
  isDaytime,
  journeyNumbers,
  legSeconds,
  nextFirstLight,
  nightSeconds,
  onWatch,
  onWatchInCamp,
  osrPartySpeed,
  pacedSpeed,
  position,
  setOut,
  sunTimes,
  toFeet,
  travel,
  underSky,
  walk,
  watches,
  type Leg,
  type Progress,
  type RoadEvent,
} from '../../../src/main/engines/journey'
import { allowed, refusal } from '../clock/helpers'

describe('OSR-7, CLK-10: the party’s speed under load', () => {
  it('the seed’s Glam with 145 lbs: two full 50s take 40 % — 600 ft a turn in the open, 60 ft enclosed', () => {
    const s = allowed(osrPartySpeed([{ name: 'Glam', loadLbs: 145 }]))
    expect([s.open, s.enclosed, s.slowest]).toEqual([600, 60, ['Glam']])
  })
  it('a party moves at its slowest member’s speed, and says who that is', () => {
    const s = allowed(osrPartySpeed([{ name: 'Mira', loadLbs: 40 }, { name: 'Glam', loadLbs: 145 }, { name: 'Tor', loadLbs: 149 }]))
    expect(s.open).toBe(600)
    expect(s.slowest).toEqual(['Glam', 'Tor'])
    expect(s.members.map((m) => m.open)).toEqual([1000, 600, 600])
  })
  it('speed never goes below 0: 250 lbs or more stops a member, and the party is refused by name', () => {
    expect(refusal(osrPartySpeed([{ name: 'Mira', loadLbs: 10 }, { name: 'Ox', loadLbs: 300 }]))).toMatch(/Ox \(300 lbs\)/)
  })
  it('CLK-11: outside the old-school core the campaign’s pace: 3 mph is 1,320 ft a turn open, a tenth enclosed', () => {
    const s = pacedSpeed(3)
    expect(s.open).toBeCloseTo(1320, 9)
    expect(s.enclosed).toBeCloseTo(132, 9)
  })
})

describe('CLK-10: distance and time per leg', () => {
  it('miles and kilometres in feet, back to a tenth', () => {
    expect(toFeet(2, 'miles')).toBe(10560)
    expect(fromFeet(22176, 'miles')).toBe(4.2)
    expect(fromFeet(toFeet(3, 'km'), 'km')).toBe(3)
  })
  it('a leg takes its length over the speed, in whole seconds: 2 miles at 600 ft a turn is 17.6 turns', () => {
    expect(legSeconds(10560, 600)).toBe(5280)
    expect(legSeconds(1000, 1000)).toBe(300)
  })
})

describe('CLK-12, CLK-13: daylight and the sky', () => {
  it('the sun is up from sunrise to sunset; a season shifts both by 90 minutes', () => {
    expect(isDaytime(gameTime(1, '06:00'), DEFAULT_DAYLIGHT)).toBe(true)
    expect(isDaytime(gameTime(1, '18:00'), DEFAULT_DAYLIGHT)).toBe(false)
    expect(sunTimes({ ...DEFAULT_DAYLIGHT, season: 'summer' })).toEqual({ sunrise: gameTime(1, '04:30'), sunset: gameTime(1, '19:30') })
    expect(sunTimes({ ...DEFAULT_DAYLIGHT, season: 'winter' })).toEqual({ sunrise: gameTime(1, '07:30'), sunset: gameTime(1, '16:30') })
  })
  it('first light is the next sunrise strictly after now', () => {
    expect(nextFirstLight(gameTime(1, '14:00'), DEFAULT_DAYLIGHT)).toBe(gameTime(2, '06:00'))
    expect(nextFirstLight(gameTime(1, '05:00'), DEFAULT_DAYLIGHT)).toBe(gameTime(1, '06:00'))
  })
  it('hours at night in a span', () => {
    expect(nightSeconds(gameTime(1, '16:00'), gameTime(2, '08:00'), DEFAULT_DAYLIGHT)).toBe(12 * HOUR)
  })
  it('a room inherits the sky of the place it is in; a top place that does not say is under the sky when open', () => {
    expect(underSky([{ underSky: null, kind: 'enclosed' }, { underSky: false, kind: 'enclosed' }])).toBe(false)
    expect(underSky([{ underSky: null, kind: 'enclosed' }])).toBe(false)
    expect(underSky([{ underSky: null, kind: 'open' }])).toBe(true)
    expect(underSky([{ underSky: true, kind: 'enclosed' }, { underSky: false, kind: 'enclosed' }])).toBe(true)
    expect(daylit(gameTime(1, '12:00'), DEFAULT_DAYLIGHT, true)).toBe(true)
    expect(daylit(gameTime(1, '12:00'), DEFAULT_DAYLIGHT, false)).toBe(false)
    expect(daylit(gameTime(1, '22:00'), DEFAULT_DAYLIGHT, true)).toBe(false)
  })
})

const road: Leg[] = [
  { name: 'road', lengthFt: toFeet(3, 'miles'), place: 'open', threshold: 20 },
  { name: 'forest', lengthFt: toFeet(1, 'miles'), place: 'enclosed', threshold: 19 },
  { name: 'marsh', lengthFt: toFeet(2, 'miles'), place: 'open', threshold: 18 },
]
const rules = { marchSeconds: 8 * HOUR, daylight: DEFAULT_DAYLIGHT }

describe('CLK-14, CLK-15: the road by marching days and camps', () => {
  it('marches the day’s hours, camps until first light, and arrives; no encounter when nothing is met', () => {
    const walked = walk(setOut({ open: 600, enclosed: 60 }, rules.marchSeconds), road, rules, gameTime(1, '06:00'), Infinity, () => null, false)
    // 3 miles at 600 ft a turn: 26.4 turns; 1 mile at 60 ft a turn: 88 turns; 2 miles: 17.6 turns.
    const kinds = walked.events.map((e: RoadEvent) => `${e.kind}@${e.at}`)
    expect(walked.stop).toBe('arrived')
    expect(kinds[0]).toBe(`leg done@${gameTime(1, '06:00') + legSeconds(toFeet(3, 'miles'), 600)}`)
    expect(kinds).toContain(`camp@${gameTime(1, '14:00')}`)
    expect(kinds).toContain(`set out@${gameTime(2, '06:00')}`)
    expect(walked.events.at(-1)?.kind).toBe('arrived')
  })
  it('where the party is: feet along the leg it is on', () => {
    const p: Progress = { ...setOut({ open: 600, enclosed: 60 }, rules.marchSeconds), leg: 1, secondsIntoLeg: 300 * 10 }
    expect(position(p, road)).toEqual({ leg: 1, feet: 600 })
  })
  it('the numbers before setting out: legs, days, camps, food and water against what is carried', () => {
    const n = journeyNumbers({
      legs: road,
      speed: { open: 600, enclosed: 60 },
      unit: 'miles',
      rules,
      time: gameTime(1, '06:00'),
      eaters: [{ name: 'Glam', foodDays: 1, waterPints: 4, foodPerDay: 1, waterPerDay: 1 }],
    })
    expect(n.legs.map((l) => l.turns)).toEqual([27, 88, 18])
    expect(n.marchingDays).toBe(2)
    expect(n.camps).toBe(1)
    expect(n.meals).toBe(1)
    expect(n.supplies[0]).toMatchObject({ foodNeeded: 1, foodShort: 0, waterNeeded: 1, waterShort: 0 })
    expect(n.darkMarchSeconds).toBe(0)
  })
  it('marching past sunset needs light: the hours in the dark are counted', () => {
    const long = [{ ...road[0]!, lengthFt: toFeet(10, 'miles') }, road[1]!, road[2]!]
    // 16.1 hours of marching from 06:00, 14 a day: 18:00 to 20:00 in the dark.
    const n = journeyNumbers({ legs: long, speed: { open: 600, enclosed: 60 }, unit: 'miles', rules: { ...rules, marchSeconds: 14 * HOUR }, time: gameTime(1, '06:00'), eaters: [] })
    expect(n.darkMarchSeconds).toBe(2 * HOUR)
  })
})

function clockWithFood(): ClockState {
  return allowed(setProvisions(newClock({ time: gameTime(1, '06:00'), place: 'open' }), { characterId: 'glam', foodDays: 5, waterPints: 5 })).state
}

const campEvery = { ...rules, campChecks: 'every turn' as const }

describe('CLK-7, CLK-14: travelling at once or a turn at a time gives the same events', () => {
  function story(events: ClockEvent[]): string[] {
    return events.map((e) => `${e.at}:${e.kind}:${e.faces.join(',')}`)
  }
  it('the same dice, the whole way at once (going on after each encounter) and turn by turn', () => {
    const all = (ask: (c: ClockState) => { seconds: number } | { until: 'arrival' }) => {
      const dice = seededDice('journey')
      let clock = clockWithFood()
      let progress = setOut({ open: 600, enclosed: 60 }, rules.marchSeconds)
      const events: ClockEvent[] = []
      const road: RoadEvent[] = []
      for (let guard = 0; guard < 5000 && !progress.arrived; guard++) {
        const t = allowed(travel(clock, progress, roadLegs, campEvery, ask(clock), dice))
        events.push(...t.events)
        road.push(...t.road)
        clock = t.state
        progress = t.progress
      }
      return { events: story(events), road: road.map((e) => `${e.kind}@${e.at}`), time: clock.time }
    }
    const roadLegs = road
    const atOnce = all(() => ({ until: 'arrival' }))
    const byTurn = all(() => ({ seconds: 300 }))
    expect(atOnce.events.length).toBeGreaterThan(100)
    expect(byTurn).toEqual(atOnce)
    expect(atOnce.road).toContain(`arrived@${atOnce.time}`)
  })
  it('an encounter stops the road where it was met: the leg and the feet along it, and OSR-12’s distance', () => {
    // 9 quiet turns, then a 20 and a distance d20 of 4: met at 200 ft in the open.
    const dice = scriptedDice([7, 7, 7, 7, 7, 7, 7, 7, 7, 20, 4])
    const t = allowed(travel(clockWithFood(), setOut({ open: 600, enclosed: 60 }, rules.marchSeconds), road, campEvery, { until: 'arrival' }, dice))
    expect(t.stop).toBe('encounter')
    expect(t.met).toEqual({ at: gameTime(1, '06:50'), leg: 0, feet: 6000, camp: false })
    expect(t.events.at(-1)).toMatchObject({ kind: 'encounter check', encounter: true, distance: { place: 'open', feet: 200 } })
  })
  it('a span that ends as a leg begins leaves the clock checking on that leg: its threshold and ground', () => {
    // The road's 3 miles at 600 ft a turn take 26.4 turns: 7,920 s; nothing met on the way.
    const t = allowed(travel(clockWithFood(), setOut({ open: 600, enclosed: 60 }, rules.marchSeconds), road, campEvery, { seconds: legSeconds(toFeet(3, 'miles'), 600) }, scriptedDice(Array(40).fill(7))))
    expect(position(t.progress, road)).toEqual({ leg: 1, feet: 0 })
    expect(t.state.encounters).toMatchObject({ threshold: 19, place: 'enclosed' })
  })
  it('CLK-15: the night from camp to first light is shared evenly among the watch, in order', () => {
    const from = gameTime(1, '14:00')
    const until = gameTime(2, '06:00')
    expect(watches(['Glam', 'Bram', 'Tai'], from, until).map((w) => [w.who, w.from, w.to])).toEqual([
      ['Glam', from, gameTime(1, '19:20')],
      ['Bram', gameTime(1, '19:20'), gameTime(2, '00:40')],
      ['Tai', gameTime(2, '00:40'), until],
    ])
    expect(onWatch(['Glam', 'Bram', 'Tai'], from, until, gameTime(1, '19:19'))).toBe('Glam')
    expect(onWatch(['Glam', 'Bram', 'Tai'], from, until, gameTime(1, '19:20'))).toBe('Bram')
    expect(onWatch(['Glam', 'Bram', 'Tai'], from, until, until)).toBeNull()
    expect(onWatch([], from, until, gameTime(1, '20:00'))).toBeNull()
  })
  it('CLK-15: who is on watch is asked of the camp the party is in; on the march, or in a camp stored before watches, no one', () => {
    const from = gameTime(1, '14:00')
    const until = gameTime(2, '06:00')
    const at = gameTime(1, '20:00')
    expect(onWatchInCamp(['Glam', 'Bram'], { phase: 'camp', campFrom: from, campUntil: until }, at)).toBe('Glam')
    expect(onWatchInCamp(['Glam', 'Bram'], { phase: 'camp', campFrom: from, campUntil: until }, gameTime(2, '05:59'))).toBe('Bram')
    expect(onWatchInCamp(['Glam', 'Bram'], { phase: 'marching', campFrom: null, campUntil: null }, at)).toBeNull()
    expect(onWatchInCamp(['Glam', 'Bram'], { phase: 'camp', campUntil: until }, at)).toBeNull()
  })
  it('CLK-15: camp records when it was made, for the watches; setting out again forgets it', () => {
    const walked = walk(setOut({ open: 600, enclosed: 60 }, rules.marchSeconds), road, rules, gameTime(1, '06:00'), gameTime(1, '20:00'), () => null, false)
    expect(walked.progress).toMatchObject({ phase: 'camp', campFrom: gameTime(1, '14:00'), campUntil: gameTime(2, '06:00') })
    const next = walk(walked.progress, road, rules, walked.time, gameTime(2, '07:00'), () => null, false)
    expect(next.progress).toMatchObject({ phase: 'marching', campFrom: null, campUntil: null })
  })
  it('in combat the road waits', () => {
    const clock = { ...clockWithFood(), mode: 'combat' as const, combat: { startedAt: 0, round: 0, roundSeconds: 5, resumes: 'exploration' as const } }
    expect(refusal(travel(clock, setOut({ open: 600, enclosed: 60 }, rules.marchSeconds), road, campEvery, { until: 'arrival' }, seededDice(1)))).toMatch(/combat/)
  })
})
