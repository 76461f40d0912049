/**
 * Consequences (CH-10): the penalty a side pays for how deep its pool went, the base a reduction
 * is a fraction of, how the owner splits it among its sources, and when it is restored.
 */
import type { Refusal } from './refusal'
import { halfOf, ratioHalfUp } from './rounding'

export type Hazard = 'none' | 'slightly' | 'very'
/** The four depths a pool can reach, shallowest first (CH-10). */
export const THRESHOLDS = ['half', 'zero', 'minus-one', 'minus-half'] as const
export type Threshold = (typeof THRESHOLDS)[number]

/** A reduction of the ability used or of every ability, by a fraction of the base; or incapacitation. */
export type Penalty =
  | { kind: 'reduction'; scope: 'ability' | 'overall'; fraction: '1/4' | '1/2' }
  | { kind: 'incapacitated' }

const ability = (fraction: '1/4' | '1/2'): Penalty => ({ kind: 'reduction', scope: 'ability', fraction })
const overall = (fraction: '1/4' | '1/2'): Penalty => ({ kind: 'reduction', scope: 'overall', fraction })

/** CH-10 Decision: the seed's garbled table, read to match its Iridia example. */
const TABLE: Record<Exclude<Hazard, 'none'>, Record<Threshold, Penalty | null>> = {
  slightly: { half: null, zero: ability('1/4'), 'minus-one': ability('1/4'), 'minus-half': ability('1/2') },
  very: { half: ability('1/4'), zero: overall('1/4'), 'minus-one': overall('1/2'), 'minus-half': { kind: 'incapacitated' } },
}

/**
 * The deepest threshold a pool reached, measured against its starting pool (CH-10): ≤ half,
 * ≤ 0, ≤ −1, ≤ −half ("half" rounded, halves up); null when it stayed above half.
 * @example deepestThreshold(7, 1) // 'half'
 */
export function deepestThreshold(startingPool: number, lowestPool: number): Threshold | null {
  if (!Number.isInteger(startingPool) || startingPool < 1) {
    throw new RangeError(`Thresholds are measured against a starting pool of 1 or more; got ${String(startingPool)}.`)
  }
  const half = halfOf(startingPool)
  if (lowestPool <= -half) return 'minus-half'
  if (lowestPool <= -1) return 'minus-one'
  if (lowestPool <= 0) return 'zero'
  if (lowestPool <= half) return 'half'
  return null
}

/**
 * The penalty for a challenge (CH-10): only the deepest threshold reached applies, by the
 * challenge's hazard for this side. Winners pay too when their pool went deep (the seed's Iridia
 * wins and still loses a quarter of her ability).
 * @example consequence({ startingPool: 7, lowestPool: 1, hazard: 'very' }) // { threshold: 'half', penalty: ¼ ability }
 */
export function consequence(input: { startingPool: number; lowestPool: number; hazard: Hazard }): {
  threshold: Threshold | null
  penalty: Penalty | null
} {
  const threshold = deepestThreshold(input.startingPool, input.lowestPool)
  const penalty = threshold === null || input.hazard === 'none' ? null : TABLE[input.hazard][threshold]
  return { threshold, penalty }
}

/**
 * The base a reduction is a fraction of (CH-10): rating + bonus/2 + reserves/3 + 2 × resistance,
 * counting every source the ability drew on, rounded down.
 * @example reductionBase({ rating: 7, bonus: 3, reserves: 2 }) // 9: Iridia, 7 + 1½ + ⅔
 */
export function reductionBase(input: { rating: number; bonus?: number; reserves?: number; resistance?: number }): number {
  return Math.floor((6 * input.rating + 3 * (input.bonus ?? 0) + 2 * (input.reserves ?? 0) + 12 * (input.resistance ?? 0)) / 6)
}

/**
 * Points of reduction: the penalty's fraction of the base, rounded, halves up (CH-10).
 * @example reductionPoints(9, '1/4') // 2
 */
export function reductionPoints(base: number, fraction: '1/4' | '1/2'): number {
  return ratioHalfUp(base, fraction === '1/4' ? 4 : 2)
}

/** A quantity a point of reduction can come out of, and how much of it one point removes (CH-10). */
export const POINT_REMOVES = { rating: 1, bonus: 2, reserves: 3, resistance: 0.5 } as const
export type Quantity = keyof typeof POINT_REMOVES

/** Something that lent the ability its numbers: the owner, an ally, a piece of equipment, an enchantment. */
export interface ReductionSource {
  name: string
  /** The owner of the primary ability; exactly one source is. */
  owner?: boolean
  rating?: number
  bonus?: number
  reserves?: number
  resistance?: number
}

/** The owner's choice: this many points out of this quantity of this source. */
export interface ReductionShare {
  source: string
  from: Quantity
  points: number
}

export interface ReductionChange {
  source: string
  from: Quantity
  points: number
  before: number
  after: number
}

/**
 * Checks and applies the owner's split of a reduction (CH-10): a point removes 1 rating, 2 bonus,
 * 3 reserves or half a resistance point (so resistance takes points in pairs); no source other
 * than the owner takes more points than the owner. Returns every problem instead when the split
 * does not add up or a source cannot pay.
 * @example splitReduction(2, [{ name: 'Iridia', owner: true, rating: 7 }, { name: 'Joiry', rating: 4 }], [{ source: 'Iridia', from: 'rating', points: 1 }, { source: 'Joiry', from: 'rating', points: 1 }])
 */
export function splitReduction(
  points: number,
  sources: readonly ReductionSource[],
  shares: readonly ReductionShare[],
): { ok: true; changes: ReductionChange[] } | Refusal {
  const problems: string[] = []
  if (!Number.isInteger(points) || points < 0) problems.push(`A reduction is a whole number of points, 0 or more; got ${String(points)}.`)
  const owners = sources.filter((s) => s.owner)
  if (owners.length !== 1) problems.push(`Exactly one source must be the owner of the ability; ${owners.length} are.`)
  const total = shares.reduce((sum, s) => sum + s.points, 0)
  for (const share of shares) {
    if (!Number.isInteger(share.points) || share.points < 1) problems.push(`${share.source}: a share is a whole number of points, 1 or more; got ${String(share.points)}.`)
  }
  if (total !== points) problems.push(`The shares add up to ${total} points; the reduction is ${points}.`)
  const pointsOf = (name: string): number => shares.filter((s) => s.source === name).reduce((sum, s) => sum + s.points, 0)
  const ownerName = owners[0]?.name
  const ownerPoints = ownerName === undefined ? 0 : pointsOf(ownerName)
  const changes: ReductionChange[] = []
  const remaining = new Map(sources.map((s) => [s.name, { ...s }]))
  for (const share of shares) {
    const source = remaining.get(share.source)
    if (!source) {
      problems.push(`There is no source called ${share.source}.`)
      continue
    }
    if (share.from === 'resistance' && share.points % 2 !== 0) {
      problems.push(`${share.source}: a point removes half a resistance point, so resistance takes points in pairs; ${share.points} is odd.`)
      continue
    }
    const before = source[share.from] ?? 0
    const removed = share.points * POINT_REMOVES[share.from]
    if (removed > before) {
      problems.push(`${share.source} has ${share.from} ${before}; ${share.points} point(s) of reduction would take ${removed}.`)
      continue
    }
    source[share.from] = before - removed
    changes.push({ source: share.source, from: share.from, points: share.points, before, after: before - removed })
  }
  for (const source of sources) {
    if (source.owner) continue
    const taken = pointsOf(source.name)
    if (taken > ownerPoints) {
      problems.push(`${source.name} would take ${taken} points, more than the owner’s ${ownerPoints}; no other source takes more than the owner.`)
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, changes }
}

/** A consequence as an injury record (CH-10, CLK-8). */
export interface ChallengeInjury {
  /** The ability the challenge used. */
  ability: string
  scope: 'ability' | 'overall' | 'incapacitated'
  points: number
  changes: ReductionChange[]
  /** Game time it was taken (CLK-8), when the caller knows it. */
  takenAt?: number
  /** CH-10: an ability reduction is restored after the next challenge that uses the ability; the rest wait for the GM. */
  lasts: 'until-after-next-challenge-with-ability' | 'until-gm-clears'
}

/**
 * The injury record for a penalty and the owner's split of it (CH-10).
 * @example challengeInjury({ ability: 'Sorcery', penalty: { kind: 'reduction', scope: 'ability', fraction: '1/4' }, points: 2, changes })
 */
export function challengeInjury(input: { ability: string; penalty: Penalty; points: number; changes: ReductionChange[]; takenAt?: number }): ChallengeInjury {
  const scope = input.penalty.kind === 'incapacitated' ? 'incapacitated' : input.penalty.scope
  return {
    ability: input.ability,
    scope,
    points: input.points,
    changes: input.changes,
    ...(input.takenAt === undefined ? {} : { takenAt: input.takenAt }),
    lasts: scope === 'ability' ? 'until-after-next-challenge-with-ability' : 'until-gm-clears',
  }
}

/**
 * After a challenge that used `abilityUsed`, the reductions of that ability from earlier challenges
 * are restored (CH-10); overall reductions and incapacitation stay until the GM clears them.
 * Call it before recording the new challenge's own consequences.
 * @example restoreAfterChallenge(injuries, 'Sorcery') // { kept: [...], restored: [the Sorcery reduction] }
 */
export function restoreAfterChallenge(
  injuries: readonly ChallengeInjury[],
  abilityUsed: string,
): { kept: ChallengeInjury[]; restored: ChallengeInjury[] } {
  const restores = (i: ChallengeInjury): boolean => i.scope === 'ability' && i.ability === abilityUsed
  return { kept: injuries.filter((i) => !restores(i)), restored: injuries.filter(restores) }
}
