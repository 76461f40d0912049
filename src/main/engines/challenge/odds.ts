/**
 * The exact chance that each side wins a whole one-on-one challenge when dice are on (CH-11,
 * DICE-2): dynamic programming over the challenge's states, never sampling.
 */
import { decide } from './outcome'
import { challengeDiceOdds, RANDOM_PLACES, type RandomPlace } from './randomness'
import { lossTaken, spendLoss } from './round'
import { refuseProblems, sideProblems, startingNumbers, type Side } from './side'

/** Probabilities that sum to 1: a wins, b wins, a draw, or a stalemate that never ends. */
export interface WinOdds {
  a: number
  b: number
  draw: number
  stalemate: number
}

/** A number's possible values and their chances, as parallel arrays (the hot loops index them). */
interface Outcomes {
  values: Float64Array
  chances: Float64Array
}

type Four = [number, number, number, number]

/** acc += p × the four outcome chances stored at `at`. */
function addScaled(acc: Four, values: Float64Array, at: number, p: number): void {
  acc[0] += p * (values[at] as number)
  acc[1] += p * (values[at + 1] as number)
  acc[2] += p * (values[at + 2] as number)
  acc[3] += p * (values[at + 3] as number)
}

const certain = new Map<number, Outcomes>()
const rolled = new Map<number, Outcomes>()

/** A number's possible values: every total of that many challenge dice, or the number itself. */
function spread(n: number, random: boolean): Outcomes {
  const cache = random && n > 0 ? rolled : certain
  let out = cache.get(n)
  if (!out) {
    const odds = random && n > 0 ? challengeDiceOdds(n) : null
    out = odds
      ? { values: Float64Array.from(odds, (_, k) => k), chances: Float64Array.from(odds) }
      : { values: Float64Array.of(n), chances: Float64Array.of(1) }
    cache.set(n, out)
  }
  return out
}

function largest(o: Outcomes): number {
  return Math.max(0, ...o.values)
}

const DEFAULT_MAX_STATES = 1_000_000

/**
 * The exact probability that each side wins a one-on-one challenge from its starting numbers,
 * with dice at `place` (CH-11), or none (then the answer is the certain outcome of
 * `resolveChallenge`). Each state is (pool, reserves) for both sides; a round moves to states no
 * larger, so every state is solved once from the ones below it, and the chance of a round that
 * changes nothing is divided out exactly (no round limit; a state no round can ever change is a
 * stalemate).
 *
 * Limits: one against one only (no ganging up or hordes, CH-8/CH-9); bonus and resistance stay as
 * set up for the whole challenge (no CH-7 conversions, no CH-5 carried bonus); the sides make no
 * choices. Cost grows with the states reachable (at most pool × (reserves + 1) per side, pools and
 * reserves up to twice their size when they are rolled) times the outcomes of one round (up to
 * (2E + 1)² with dice at comparison): 10 v 10 takes a few milliseconds, 30 v 30 under a tenth
 * of a second, 60 v 60 under a second. The state table is refused above `maxStates` cells (default
 * 1,000,000); recursion depth is at most the sum of both pools and reserves.
 * @example winOdds({ rating: 1 }, { rating: 1 }, 'comparison') // { a: 9/35, b: 9/35, draw: 17/35, stalemate: 0 }
 */
export function winOdds(a: Side, b: Side, place: RandomPlace | null = null, limits: { maxStates?: number } = {}): WinOdds {
  refuseProblems([...sideProblems(a, 'a'), ...sideProblems(b, 'b')])
  if (place !== null && !(RANDOM_PLACES as readonly string[]).includes(place)) {
    throw new RangeError(`Dice can go at one of ${RANDOM_PLACES.join(', ')} (CH-11); got ${String(place)}.`)
  }
  const [startA, startB] = [startingNumbers(a), startingNumbers(b)]
  const atComparison = place === 'comparison'
  const atLosses = place === 'losses'
  const atModifiers = place === 'modifiers'
  // CH-11: pools are rolled once when formed, reserves once at the start; bonus and resistance every round.
  const poolsA = spread(startA.pool, place === 'pools')
  const poolsB = spread(startB.pool, place === 'pools')
  const reservesA = spread(startA.reserves, atModifiers)
  const reservesB = spread(startB.reserves, atModifiers)
  const bonusA = spread(startA.bonus, atModifiers)
  const bonusB = spread(startB.bonus, atModifiers)
  const resistance = [spread(startA.resistance, atModifiers), spread(startB.resistance, atModifiers)] as const

  const PA = largest(poolsA)
  const PB = largest(poolsB)
  const RA = largest(reservesA)
  const RB = largest(reservesB)
  const cellCount = PA * (RA + 1) * PB * (RB + 1)
  const maxStates = limits.maxStates ?? DEFAULT_MAX_STATES
  if (cellCount > maxStates) {
    throw new RangeError(
      `These pools and reserves need ${cellCount} states, more than the limit of ${maxStates}; pass a higher maxStates if the time and memory are acceptable.`,
    )
  }

  // What gets through resistance from a raw loss, per side: loss dice ("losses"), resistance dice ("modifiers").
  const throughCache = [new Map<number, Outcomes>(), new Map<number, Outcomes>()] as const
  const through = (side: 0 | 1, raw: number): Outcomes => {
    let out = throughCache[side].get(raw)
    if (!out) {
      const dist = new Map<number, number>()
      const losses = spread(raw, atLosses)
      const res = resistance[side]
      for (let i = 0; i < losses.values.length; i++) {
        for (let j = 0; j < res.values.length; j++) {
          const t = Math.max(0, (losses.values[i] as number) - (res.values[j] as number))
          dist.set(t, (dist.get(t) ?? 0) + (losses.chances[i] as number) * (res.chances[j] as number))
        }
      }
      out = { values: Float64Array.from(dist.keys()), chances: Float64Array.from(dist.values()) }
      throughCache[side].set(raw, out)
    }
    return out
  }

  // How a round that puts a side out ends (CH-3), by both pools after it.
  const endings = new Map<number, 0 | 1 | 2>()
  const ending = (pa: number, pb: number): 0 | 1 | 2 => {
    const key = pa * 1_048_576 + pb
    let end = endings.get(key)
    if (end === undefined) {
      const winner = decide([1, 1], [pa, pb])
      end = winner === 'single' ? 0 : winner === 'opponents' ? 1 : 2
      endings.set(key, end)
    }
    return end
  }

  // values[4·i + k]: k = 0 a wins, 1 b wins, 2 draw, 3 stalemate; NaN until solved.
  const values = new Float64Array(4 * cellCount).fill(Number.NaN)
  const indexOf = (pa: number, ra: number, pb: number, rb: number): number => (((pa - 1) * (RA + 1) + ra) * PB + (pb - 1)) * (RB + 1) + rb
  // A raw loss is at most the other side's effective pool: pool plus bonus, doubled at most by dice.
  const width = 2 * (Math.max(PA, PB) + Math.max(largest(bonusA), largest(bonusB))) + 1
  const grid = new Float64Array(width * width)

  const solve = (pa: number, ra: number, pb: number, rb: number): number => {
    const at = 4 * indexOf(pa, ra, pb, rb)
    if (!Number.isNaN(values[at] as number)) return at
    // Raw losses (a's, b's) of one round and their chances, from bonus and comparison dice,
    // gathered in the shared grid and copied out before the recursion below reuses it.
    const touched: number[] = []
    for (let i = 0; i < bonusA.values.length; i++) {
      for (let j = 0; j < bonusB.values.length; j++) {
        const ea = spread(pa + (bonusA.values[i] as number), atComparison)
        const eb = spread(pb + (bonusB.values[j] as number), atComparison)
        const bonusChance = (bonusA.chances[i] as number) * (bonusB.chances[j] as number)
        for (let x = 0; x < ea.values.length; x++) {
          const u = ea.values[x] as number
          const wu = bonusChance * (ea.chances[x] as number)
          for (let y = 0; y < eb.values.length; y++) {
            const v = eb.values[y] as number
            const cell = lossTaken(u, v) * width + lossTaken(v, u)
            if (grid[cell] === 0) touched.push(cell)
            grid[cell] = (grid[cell] as number) + wu * (eb.chances[y] as number)
          }
        }
      }
    }
    const cells = Int32Array.from(touched)
    const weights = new Float64Array(cells.length)
    for (let i = 0; i < cells.length; i++) {
      weights[i] = grid[cells[i] as number] as number
      grid[cells[i] as number] = 0
    }
    const acc: Four = [0, 0, 0, 0]
    let moves = 0
    for (let i = 0; i < cells.length; i++) {
      const cell = cells[i] as number
      const ta = through(0, Math.floor(cell / width))
      const tb = through(1, cell % width)
      for (let x = 0; x < ta.values.length; x++) {
        for (let y = 0; y < tb.values.length; y++) {
          const lossA = ta.values[x] as number
          const lossB = tb.values[y] as number
          // A round where nothing gets through leaves the state as it was: divided out below.
          if (lossA === 0 && lossB === 0) continue
          const p = (weights[i] as number) * (ta.chances[x] as number) * (tb.chances[y] as number)
          moves += p
          const sa = spendLoss(pa, ra, lossA)
          const sb = spendLoss(pb, rb, lossB)
          if (sa.pool <= 0 || sb.pool <= 0) acc[ending(sa.pool, sb.pool)] += p
          else addScaled(acc, values, solve(sa.pool, sa.reserves, sb.pool, sb.reserves), p)
        }
      }
    }
    // No round can ever change this state: a stalemate.
    values.set(moves > 0 ? acc.map((x) => x / moves) : [0, 0, 0, 1], at)
    return at
  }

  const total: Four = [0, 0, 0, 0]
  for (let i = 0; i < poolsA.values.length; i++) {
    for (let j = 0; j < poolsB.values.length; j++) {
      for (let k = 0; k < reservesA.values.length; k++) {
        for (let l = 0; l < reservesB.values.length; l++) {
          const pa = poolsA.values[i] as number
          const pb = poolsB.values[j] as number
          const w =
            (poolsA.chances[i] as number) * (poolsB.chances[j] as number) * (reservesA.chances[k] as number) * (reservesB.chances[l] as number)
          if (pa <= 0 || pb <= 0) total[ending(pa, pb)] += w
          else addScaled(total, values, solve(pa, reservesA.values[k] as number, pb, reservesB.values[l] as number), w)
        }
      }
    }
  }
  return { a: total[0], b: total[1], draw: total[2], stalemate: total[3] }
}
