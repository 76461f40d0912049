/**
 * A horde of identical goons fought as one opponent (CH-9): one goon's rating, a group bonus,
 * extra reserves, and a member falling each time a share of those reserves is lost.
 */
import { halfOf, ratioHalfUp } from './rounding'
import type { Side } from './side'

/** How a horde is set up: the numbers of one member, and how many there are. */
export interface HordeSetup {
  members: number
}

/** A horde's standing during a challenge. */
export interface HordeState {
  members: number
  standing: number
  /** One member's own bonus and reserves. */
  memberBonus: number
  memberReserves: number
  /** The reserves the horde has beyond one member's (CH-9); each member beyond the first holds an equal share. */
  extraReserves: number
}

/**
 * The group bonus a horde adds to one member's (CH-9): a third of one member's rating, a half for
 * more than three members. A lone goon left standing is no longer a group and adds nothing (the
 * seed's last Death fights at his own 3 in its second round).
 * @example hordeGroupBonus(5, 7) // 3
 */
export function hordeGroupBonus(memberRating: number, standing: number): number {
  if (standing > 3) return halfOf(memberRating)
  if (standing > 1) return ratioHalfUp(memberRating, 3)
  return 0
}

/**
 * A horde's numbers as one opponent (CH-9): the rating of one; bonus plus the group bonus;
 * reserves plus a third of one member's reserves for each member beyond the first.
 * @example hordeNumbers({ rating: 5, reserves: 4 }, 7) // { rating: 5, bonus: 3, reserves: 12, resistance: 0 }
 */
export function hordeNumbers(member: Side, members: number): Required<Omit<Side, 'pool'>> & { extraReserves: number } {
  const memberReserves = member.reserves ?? 0
  // CH-9 Decision: a third of a member's reserves (not rating), times the members beyond the
  // first, rounded once at the end: 1/3 × 4 × 6 = 8.
  const extraReserves = ratioHalfUp(memberReserves * (members - 1), 3)
  return {
    rating: member.rating,
    bonus: (member.bonus ?? 0) + hordeGroupBonus(member.rating, members),
    reserves: memberReserves + extraReserves,
    resistance: member.resistance ?? 0,
    extraReserves,
  }
}

/**
 * How many members are still standing once `reservesLost` of the horde's own reserves are gone:
 * one falls for each share of the extra reserves, and the last stands until the pool is gone.
 * @example membersStanding({ members: 7, standing: 7, memberBonus: 0, memberReserves: 4, extraReserves: 8 }, 8) // 1
 */
export function membersStanding(horde: HordeState, reservesLost: number): number {
  if (horde.extraReserves <= 0) return horde.members
  const fallen = Math.floor((reservesLost * (horde.members - 1)) / horde.extraReserves)
  return horde.members - Math.min(horde.members - 1, fallen)
}

/**
 * Every problem with a horde's set-up.
 * @example hordeProblems({ members: 0 }, 'the Seven Deaths') // ['the Seven Deaths: a horde needs …']
 */
export function hordeProblems(horde: HordeSetup, name: string): string[] {
  return Number.isInteger(horde.members) && horde.members >= 1
    ? []
    : [`${name}: a horde needs a whole number of members, 1 or more; got ${String(horde.members)}.`]
}
