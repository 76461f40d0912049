/**
 * The odds the LODE table shows before a roll (DICE-2): the pool the GM asked for (the Fluke Die is
 * one die that only Blessing and Curse touch, LODE-8), on the campaign's Web (LODE-6), counting
 * only the Energy the roller can spend (LODE-9). Pure: the service gives it what it reads from the
 * database, the page what it has loaded, and both show the same numbers.
 */
import { DEFAULT_WEB, flukeOdds, MAX_ODDS_POOL, opposedOdds, poolOdds, poolSize, type PoolInput, type PoolOdds } from './index'

/** Why the odds of a request are not given, with the field at fault (the service makes it an API refusal). */
export class TableOddsRefusal extends Error {
  constructor(
    message: string,
    readonly field: string,
    readonly problem: string,
  ) {
    super(message)
  }
}

export interface TablePoolRequest {
  mode: 'pool' | 'fluke'
  baseDice: number
  advantages: number
  disadvantages: number
  blessing: number
  curse: number
  energy: number
}

export type TablePoolOdds = { pool: number; web: number; energyNote: string | null } & PoolOdds

/** Who rolls, as far as the odds care: their name and the Energy they have now (LODE-9); null for the GM or a nameless side. */
export interface OddsRoller {
  name: string
  energy: number
}

/**
 * The pool the GM asked for; a Fluke Die with advantages, disadvantages or Energy is refused (LODE-8).
 * @example poolInputOf({ mode: 'fluke', baseDice: 2, advantages: 0, disadvantages: 0, blessing: 1, curse: 0, energy: 0 }, 9) // { baseDice: 1, blessing: 1, curse: 0, web: 9 }
 */
export function poolInputOf(input: TablePoolRequest, web: number): PoolInput {
  if (input.mode === 'fluke') {
    const extra = input.advantages + input.disadvantages + input.energy
    if (extra > 0) {
      const problem = 'a Fluke Die is a single die: advantages, disadvantages and Energy do not apply (LODE-8)'
      throw new TableOddsRefusal(`${problem[0]!.toUpperCase()}${problem.slice(1)}. Set them to 0, or roll a pool.`, 'mode', problem)
    }
    return { baseDice: 1, blessing: input.blessing, curse: input.curse, web }
  }
  const { baseDice, advantages, disadvantages, blessing, curse, energy } = input
  return { baseDice, advantages, disadvantages, blessing, curse, energy, web }
}

/**
 * The engine's exact odds for a pool; refused in plain words past the size the odds are worked out for.
 * @example exactPoolOdds({ baseDice: 2, advantages: 1, web: 9 }) // { pool: 3, web: 9, successes: [0.125, …], fumble: …, halfmagic: … }
 */
export function exactPoolOdds(input: PoolInput, fluke = false, energyNote: string | null = null): TablePoolOdds {
  const pool = poolSize(input)
  if (pool > MAX_ODDS_POOL) {
    const problem = `odds are worked out for pools of up to ${MAX_ODDS_POOL} dice; this one has ${pool}`
    throw new TableOddsRefusal(`The ${problem[0]}${problem.slice(1)}.`, 'advantages', problem)
  }
  const odds = fluke ? flukeOdds(input) : poolOdds(input)
  return { pool, web: input.web ?? DEFAULT_WEB, ...odds, energyNote }
}

/**
 * LODE-9: the Energy dice that count, and what the odds say of those that do not.
 * @example spendableEnergy(2, { name: 'Brann', energy: 0 }) // { energy: 0, note: 'Brann has 0 Energy: the 2 Energy dice cannot be spent and are not counted (LODE-9).' }
 */
export function spendableEnergy(energy: number, roller: OddsRoller | null): { energy: number; note: string | null } {
  if (energy <= 0) return { energy: 0, note: null }
  /** "the Energy die cannot be spent and is", "1 of the 2 Energy dice cannot be spent and is". */
  const dice = (left: number): string => {
    const which = left === energy ? (energy === 1 ? 'the Energy die' : `the ${energy} Energy dice`) : `${left} of the ${energy} Energy dice`
    return `${which} cannot be spent and ${left === 1 ? 'is' : 'are'} not counted`
  }
  if (roller === null) return { energy: 0, note: `Energy is a character’s to spend (LODE-9): ${dice(energy)}. Pick who rolls.` }
  const have = Math.max(0, roller.energy)
  if (energy <= have) return { energy, note: null }
  return { energy: have, note: `${roller.name} has ${have} Energy: ${dice(energy - have)} (LODE-9).` }
}

/**
 * The odds of a roll before it is made, with the campaign's Web (LODE-6); only the Energy the
 * roller can spend counts (LODE-9), and the odds say so when some does not.
 * @example lodeTableOdds({ mode: 'pool', baseDice: 2, advantages: 3, disadvantages: 0, blessing: 0, curse: 0, energy: 1 }, 9, { name: 'Brann', energy: 2 })
 */
export function lodeTableOdds(input: TablePoolRequest, web: number, roller: OddsRoller | null): TablePoolOdds {
  const pool = poolInputOf(input, web)
  if (input.mode === 'fluke') return exactPoolOdds(pool, true)
  const spendable = spendableEnergy(input.energy, roller)
  return exactPoolOdds({ ...pool, energy: spendable.energy }, false, spendable.note)
}

/** One side of an opposed roll as the table asks for its odds (LODE-7). */
export type TableOpposedSide = Omit<TablePoolRequest, 'mode'>

/**
 * LODE-7: each side's own odds (only the Energy it can spend counting, LODE-9) and the chances the
 * first side wins, ties or loses. A side's refusal names its own field ("b.advantages").
 * @example lodeOpposedTableOdds({ a: { baseDice: 2, advantages: 3, … }, b: { baseDice: 2, advantages: 1, … } }, 9, [null, null]).win
 */
export function lodeOpposedTableOdds(
  input: { a: TableOpposedSide; b: TableOpposedSide },
  web: number,
  rollers: [OddsRoller | null, OddsRoller | null],
): { a: TablePoolOdds; b: TablePoolOdds; win: number; tie: number; lose: number } {
  const onSide = <T>(side: 'a' | 'b', work: () => T): T => {
    try {
      return work()
    } catch (e) {
      if (e instanceof TableOddsRefusal) throw new TableOddsRefusal(e.message, `${side}.${e.field}`, e.problem)
      throw e
    }
  }
  const energyA = spendableEnergy(input.a.energy, rollers[0])
  const energyB = spendableEnergy(input.b.energy, rollers[1])
  const pool = (s: TableOpposedSide, energy: number): PoolInput => ({ baseDice: s.baseDice, advantages: s.advantages, disadvantages: s.disadvantages, blessing: s.blessing, curse: s.curse, energy, web })
  const a = pool(input.a, energyA.energy)
  const b = pool(input.b, energyB.energy)
  // Each side's own odds also check the pool is one the odds are worked out for.
  const oddsA = onSide('a', () => exactPoolOdds(a, false, energyA.note))
  const oddsB = onSide('b', () => exactPoolOdds(b, false, energyB.note))
  return { a: oddsA, b: oddsB, ...opposedOdds(a, b) }
}
