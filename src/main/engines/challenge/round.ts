/**
 * One round (CH-2), computed simultaneously: who loses how much, resistance, then reserves before
 * pool. One side may face several opponents at once (CH-8); one-on-one is one opponent.
 */
import { halfOf } from './rounding'
import { refuseProblems, sideStateProblems, type SideState } from './side'

/** What a number is used for in a round, so that CH-11 can replace exactly one kind by dice. */
export type RoundNumber = 'bonus' | 'resistance' | 'effective' | 'loss'
/** Supplies the number actually used at each step: the number itself, or a dice total (CH-11). */
export type Vary = (kind: RoundNumber, who: string, n: number) => number
/** No randomness: every number is used as it is. */
export const asIs: Vary = (_kind, _who, n) => n

/**
 * A side's effective pool (CH-2): pool plus bonus.
 * @example effectivePool({ pool: 6, bonus: 2, reserves: 0, resistance: 0 }) // 8
 */
export function effectivePool(side: SideState): number {
  return side.pool + side.bonus
}

/**
 * The loss CH-2 gives a side with effective pool `own` against `other`: all of the other's if
 * outmatched, half of it (rounded, halves up) if equal or higher.
 * @example lossTaken(2, 8) // 8
 * @example lossTaken(8, 7) // 4
 */
export function lossTaken(own: number, other: number): number {
  return Math.max(0, own < other ? other : halfOf(other))
}

/** What a loss did to a side: reserves go first, then the pool (CH-2). */
export interface Spent {
  pool: number
  reserves: number
  fromReserves: number
  fromPool: number
}

/**
 * Takes `amount` (already past resistance) out of reserves first, then the pool (CH-2).
 * @example spendLoss(7, 6, 8) // { pool: 5, reserves: 0, fromReserves: 6, fromPool: 2 }
 */
export function spendLoss(pool: number, reserves: number, amount: number): Spent {
  const fromReserves = Math.min(reserves, amount)
  const fromPool = amount - fromReserves
  return { pool: pool - fromPool, reserves: reserves - fromReserves, fromReserves, fromPool }
}

/** One side's loss to one opponent in a round, step by step. */
export interface Blow {
  /** Index of the side that inflicts it, and of the side that takes it. */
  from: number
  to: number
  /** The loss CH-2 gives (the effective pools as compared). */
  loss: number
  /** True when that loss was half of an odd number, so rounding changed it. */
  rounded: boolean
  /** The loss after CH-11 dice at "losses" (equal to `loss` otherwise). */
  inflicted: number
  /** How much the taker's resistance stopped, and what got through. */
  resisted: number
  through: number
}

/** Everything a round did, for the log. */
export interface Exchange {
  after: SideState[]
  /** Bonus, effective pool and resistance each side actually used (after any CH-11 dice). */
  bonusUsed: number[]
  effective: number[]
  resistanceUsed: number[]
  blows: Blow[]
  /** Per side: the total that got through, and where it came from. */
  taken: { through: number; fromReserves: number; fromPool: number }[]
}

/**
 * A round between side 0 and every other side still in (CH-2, CH-8): side 0 inflicts its full
 * loss on each opponent and takes the sum of theirs, each loss reduced by resistance separately;
 * losses are applied together at the end. `inPlay[i]` false leaves side i out of the round.
 * @example exchange([{ pool: 3, bonus: 0, reserves: 0, resistance: 0 }, { pool: 3, bonus: 0, reserves: 0, resistance: 0 }], ['a', 'b'], [true, true], asIs).after // pools 1 and 1
 */
export function exchange(sides: readonly SideState[], names: readonly string[], inPlay: readonly boolean[], vary: Vary): Exchange {
  const name = (i: number): string => names[i] ?? `side ${i + 1}`
  const playing = sides.map((_, i) => inPlay[i] === true)
  // CH-11 order of dice: every bonus, then every resistance, then every effective pool, then losses.
  const bonusUsed = sides.map((s, i) => (playing[i] ? vary('bonus', name(i), s.bonus) : s.bonus))
  const resistanceUsed = sides.map((s, i) => (playing[i] ? vary('resistance', name(i), s.resistance) : s.resistance))
  const effective = sides.map((s, i) => (playing[i] ? vary('effective', name(i), s.pool + (bonusUsed[i] ?? 0)) : s.pool + s.bonus))
  const blows: Blow[] = []
  const strike = (from: number, to: number): void => {
    const own = effective[to] ?? 0
    const other = effective[from] ?? 0
    const loss = lossTaken(own, other)
    const inflicted = vary('loss', `${name(from)} on ${name(to)}`, loss)
    const through = Math.max(0, inflicted - (resistanceUsed[to] ?? 0))
    blows.push({ from, to, loss, rounded: own >= other && other % 2 !== 0, inflicted, resisted: inflicted - through, through })
  }
  for (let i = 1; i < sides.length; i++) {
    if (!playing[0] || !playing[i]) continue
    strike(0, i)
    strike(i, 0)
  }
  const taken = sides.map(() => ({ through: 0, fromReserves: 0, fromPool: 0 }))
  const after = sides.map((s, i) => {
    const through = blows.filter((b) => b.to === i).reduce((sum, b) => sum + b.through, 0)
    const spent = spendLoss(s.pool, s.reserves, through)
    taken[i] = { through, fromReserves: spent.fromReserves, fromPool: spent.fromPool }
    return { ...s, pool: spent.pool, reserves: spent.reserves }
  })
  return { after, bonusUsed, effective, resistanceUsed, blows, taken }
}

/**
 * One simultaneous round between two sides (CH-2). `lossA` and `lossB` are the losses CH-2 gives
 * each side, before resistance; the returned states show what got through. Throws when a side is
 * already out (pool 0 or less, CH-3) or a number is not one the rules can use.
 * @example challengeRound({ pool: 6, bonus: 2, reserves: 0, resistance: 0 }, { pool: 7, bonus: 0, reserves: 0, resistance: 0 })
 * // { a: { pool: 2, … }, b: { pool: -1, … }, lossA: 4, lossB: 8 }
 */
export function challengeRound(a: SideState, b: SideState): { a: SideState; b: SideState; lossA: number; lossB: number } {
  refuseProblems([...sideStateProblems(a, 'a'), ...sideStateProblems(b, 'b')])
  const out = [a, b].flatMap((s, i) => (s.pool <= 0 ? [`${i === 0 ? 'a' : 'b'} has pool ${s.pool} and is already out of the challenge (CH-3); no round can be played.`] : []))
  refuseProblems(out)
  const round = exchange([a, b], ['a', 'b'], [true, true], asIs)
  const [afterA, afterB] = round.after as [SideState, SideState]
  const lossOf = (to: number): number => round.blows.find((blow) => blow.to === to)?.loss ?? 0
  return { a: afterA, b: afterB, lossA: lossOf(0), lossB: lossOf(1) }
}
