/**
 * The strike (OSR-15) with every modifier, harm for each hit (OSR-16), and monstrous form's extra
 * rolls (OSR-17).
 */
import type { Dice } from '../../dice'
import { checkOdds, CHECK_TARGET, resolveCheck, type CheckResult } from '../check'
import { sumOfDraws, withChance, type Distribution } from '../distribution'
import { requireWhole } from '../validate'
import { checkedHarmDice, harmOdds, rollHarm, type HarmInput, type HarmResult } from './harm'

/** OSR-15: a strike reaches a target within this many feet. */
export const STRIKE_REACH_FT = 5
/** OSR-16: a stab in the back adds this to each roll of the strike. */
export const BACKSTAB_BONUS = 5

/**
 * +1 to strikes per three full levels (OSR-15).
 * @example strikeBonus(3) // 1
 */
export function strikeBonus(level: number): number {
  requireWhole('The level', level, { min: 1 })
  return Math.floor(level / 3)
}

/**
 * The modifier a strike adds to the d20 (OSR-15): attacker B − defender M − defender armour
 * + ⌊attacker level / 3⌋.
 * @example strikeModifier({ attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3 }) // -5
 */
export function strikeModifier(input: { attackerB: number; attackerLevel: number; defenderM: number; defenderArmour: number }): number {
  requireWhole("The attacker's B", input.attackerB)
  requireWhole("The defender's M", input.defenderM)
  requireWhole("The defender's armour modifier", input.defenderArmour, { min: 0 })
  return input.attackerB - input.defenderM - input.defenderArmour + strikeBonus(input.attackerLevel)
}

export interface StrikeInput extends HarmInput {
  attackerLevel: number
  defenderM: number
  defenderArmour: number
  /** Times the attacker took monstrous form (OSR-17): one extra roll each. */
  monstrousForm?: number
  /** The GM's situational modifiers (darkness −5, a sprained arm −1 …). */
  situational?: number
}

export interface StrikeRoll extends CheckResult {
  /** The harm of this roll, when it hit. */
  harm: HarmResult | null
}

export interface StrikeResult {
  /** Everything added to each d20. */
  modifier: number
  /** One per roll of the strike, in the order rolled. */
  rolls: StrikeRoll[]
  hits: number
  /** H the defender loses from all hits together. */
  totalHarm: number
  /** Every face, in order: all the strike's d20s, then each hit's harm dice (DICE-3). */
  faces: number[]
}

function strikeSetup(input: StrikeInput): { modifier: number; rolls: number } {
  const monstrousForm = input.monstrousForm ?? 0
  const situational = input.situational ?? 0
  requireWhole('The number of times monstrous form was taken', monstrousForm, { min: 0, max: 2 })
  requireWhole('The situational modifier', situational)
  checkedHarmDice(input)
  const modifier = strikeModifier(input) + situational + (input.backstab ? BACKSTAB_BONUS : 0)
  return { modifier, rolls: 1 + monstrousForm }
}

/**
 * Rolls a strike (OSR-15 … OSR-17): all of its d20s together, each modified the same way, then
 * harm for each hit.
 * @example rollStrike(scriptedDice([16, 5]), { attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3, weapon: 'short' })
 * // Glam hits the brigand chief (16 − 5 = 11) and his dagger's 3 does 2 harm
 */
export function rollStrike(dice: Dice, input: StrikeInput): StrikeResult {
  const { modifier, rolls: count } = strikeSetup(input)
  // OSR-17: the rolls of one strike are made together, before any harm is rolled.
  const checks: CheckResult[] = []
  for (let i = 0; i < count; i++) checks.push(resolveCheck(dice.roll(20), { modifier, target: CHECK_TARGET }))
  const rolls = checks.map((check): StrikeRoll => ({ ...check, harm: check.success ? rollHarm(dice, input) : null }))
  const faces = [...checks.map((c) => c.natural), ...rolls.flatMap((r) => r.harm?.faces ?? [])]
  const totalHarm = rolls.reduce((sum, r) => sum + (r.harm?.harm ?? 0), 0)
  return { modifier, rolls, hits: rolls.filter((r) => r.success).length, totalHarm, faces }
}

export interface StrikeOdds {
  /** That one roll of the strike hits. */
  hit: number
  spectacularSuccess: number
  spectacularFailure: number
  /** Number of hits among the strike's rolls. */
  hits: Distribution
  /** Total H the defender loses (0 when every roll misses). */
  totalHarm: Distribution
}

/**
 * Exact odds of a strike (DICE-2): per roll, hits, and total harm.
 * @example strikeOdds({ attackerB: -1, attackerLevel: 1, defenderM: 1, defenderArmour: 3, weapon: 'short' }).hit // 6/20
 */
export function strikeOdds(input: StrikeInput): StrikeOdds {
  const { modifier, rolls } = strikeSetup(input)
  const check = checkOdds({ modifier, target: CHECK_TARGET })
  const hit = check.success
  return {
    hit,
    spectacularSuccess: check.spectacularSuccess,
    spectacularFailure: check.spectacularFailure,
    hits: sumOfDraws({ 0: 1 - hit, 1: hit }, rolls),
    totalHarm: sumOfDraws(withChance(hit, harmOdds(input), 0), rolls),
  }
}
