/**
 * The journey's numbers before it sets out (CLK-14): each leg's speed, turns and hours, the days
 * on the road with the campaign's marching day, the hours marched in the dark, and the food and
 * water each member needs against what they carry (CLK-5), all from the road as the clock would
 * walk it if nothing were met on the way.
 */
import { DAY, HOUR, TURN_SECONDS } from '../clock/time'
import { nightSeconds } from './daylight'
import { perTurn, speedOn, type DistanceUnit, type TurnSpeed } from './pace'
import { legTime, setOut, walk, type Leg, type RoadRules } from './road'

export interface LegNumbers {
  name: string
  place: Leg['place']
  /** Feet per turn on this leg's ground. */
  feetPerTurn: number
  /** The campaign's unit per turn, unrounded. */
  perTurn: number
  turns: number
  hours: number
  seconds: number
}

export interface SupplyNeed {
  name: string
  foodNeeded: number
  foodCarried: number
  waterNeeded: number
  waterCarried: number
  /** Days' rations and pints of water short (0 when they carry enough). */
  foodShort: number
  waterShort: number
}

export interface JourneyNumbers {
  legs: LegNumbers[]
  /** Seconds of marching the whole road takes. */
  marchingSeconds: number
  /** Marching days: the road over the marching day, a part day counted whole. */
  marchingDays: number
  /** When the party arrives if nothing is met on the way. */
  arrivesAt: number
  /** Calendar days the journey touches, the day it sets out included. */
  daysOnRoad: number
  /** Nights in camp on the way. */
  camps: number
  /** Day boundaries crossed: each is a day's food and water for everyone (CLK-5). */
  meals: number
  /** Seconds of marching done while the sun is down: light is needed then (CLK-13). */
  darkMarchSeconds: number
  supplies: SupplyNeed[]
}

/**
 * Everything the GM sees before setting out, for a party at a speed leaving at `time`.
 * @example journeyNumbers({ legs, speed: { open: 600, enclosed: 60 }, unit: 'miles', rules, time, eaters })
 */
export function journeyNumbers(input: {
  legs: readonly Leg[]
  speed: TurnSpeed
  unit: DistanceUnit
  rules: RoadRules
  time: number
  eaters: readonly { name: string; foodDays: number; waterPints: number; foodPerDay: number; waterPerDay: number }[]
}): JourneyNumbers {
  const legs = input.legs.map((leg): LegNumbers => {
    const feetPerTurn = speedOn(leg.place, input.speed)
    const seconds = legTime(leg, input.speed)
    return { name: leg.name, place: leg.place, feetPerTurn, perTurn: perTurn(feetPerTurn, input.unit), turns: Math.ceil(seconds / TURN_SECONDS), hours: seconds / HOUR, seconds }
  })
  let dark = 0
  const walked = walk(setOut(input.speed, input.rules.marchSeconds), input.legs, input.rules, input.time, Number.POSITIVE_INFINITY, (s) => {
    if (s.kind === 'march') dark += nightSeconds(s.from, s.to, input.rules.daylight)
    return null
  }, false)
  const camps = walked.events.filter((e) => e.kind === 'camp').length
  const marchingSeconds = legs.reduce((sum, l) => sum + l.seconds, 0)
  const meals = Math.floor(walked.time / DAY) - Math.floor(input.time / DAY)
  return {
    legs,
    marchingSeconds,
    marchingDays: Math.ceil(marchingSeconds / input.rules.marchSeconds),
    arrivesAt: walked.time,
    daysOnRoad: meals + 1,
    camps,
    meals,
    darkMarchSeconds: dark,
    supplies: input.eaters.map((e) => {
      const foodNeeded = meals * e.foodPerDay
      const waterNeeded = meals * e.waterPerDay
      return {
        name: e.name,
        foodNeeded,
        foodCarried: e.foodDays,
        waterNeeded,
        waterCarried: e.waterPints,
        foodShort: Math.max(0, foodNeeded - e.foodDays),
        waterShort: Math.max(0, waterNeeded - e.waterPints),
      }
    }),
  }
}
