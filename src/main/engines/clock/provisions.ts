/**
 * Rations and water (CLK-5): each character eats a day's ration and drinks a pint of water at every
 * day boundary the clock crosses (defaults, editable); running low and running out are reported.
 */
import type { Consumption } from './events'
import { refuse, type Refusable } from './refusal'
import type { ClockState, Provisions } from './state'

/** CLK-5 default: one day's ration a day. */
export const DEFAULT_FOOD_PER_DAY = 1
/** CLK-5 default: one pint of water a day. */
export const DEFAULT_WATER_PER_DAY = 1
/** A supply is running low when no more than this many days' worth is left. */
export const RUNNING_LOW_DAYS = 1

const AMOUNTS = ['foodDays', 'waterPints', 'foodPerDay', 'waterPerDay'] as const

/**
 * Sets a character's food and water (CLK-5), adding them if new; what is not given keeps its value
 * (or the default: no food, no water, 1 ration and 1 pint a day).
 * @example setProvisions(clock, { characterId: 'Glam', foodDays: 4, waterPints: 1 })
 */
export function setProvisions(state: ClockState, input: Partial<Provisions> & { characterId: string }): Refusable<{ state: ClockState }> {
  if (typeof input.characterId !== 'string' || input.characterId.trim() === '') return refuse('Provisions belong to a named character.')
  const index = state.provisions.findIndex((p) => p.characterId === input.characterId)
  const before: Provisions = state.provisions[index] ?? {
    characterId: input.characterId,
    foodDays: 0,
    waterPints: 0,
    foodPerDay: DEFAULT_FOOD_PER_DAY,
    waterPerDay: DEFAULT_WATER_PER_DAY,
  }
  const after: Provisions = { ...before }
  for (const key of AMOUNTS) if (input[key] !== undefined) after[key] = input[key]
  const wrong = AMOUNTS.filter((key) => !(Number.isFinite(after[key]) && after[key] >= 0))
  if (wrong.length > 0) return refuse(`${wrong.map((key) => `${key} (${after[key]})`).join(', ')}: amounts of food and water are numbers, 0 or more.`)
  const provisions = state.provisions.slice()
  if (index < 0) provisions.push(after)
  else provisions[index] = after
  return { ok: true, state: { ...state, provisions } }
}

/**
 * Stops tracking a character's food and water.
 * @example removeProvisions(clock, 'Glam')
 */
export function removeProvisions(state: ClockState, characterId: string): Refusable<{ state: ClockState }> {
  if (!state.provisions.some((p) => p.characterId === characterId)) return refuse(`No food and water are tracked for ${characterId}.`)
  return { ok: true, state: { ...state, provisions: state.provisions.filter((p) => p.characterId !== characterId) } }
}

function consume(have: number, needed: number): Consumption {
  const consumed = Math.min(have, needed)
  const left = have - consumed
  const status = needed === 0 ? 'enough' : left === 0 ? 'ran out' : left <= needed * RUNNING_LOW_DAYS ? 'running low' : 'enough'
  return { needed, consumed, short: needed - consumed, left, status }
}

/**
 * One day boundary's eating and drinking for a character (CLK-5).
 * @example eatAndDrink({ characterId: 'Glam', foodDays: 2, waterPints: 1, foodPerDay: 1, waterPerDay: 1 }).water.status // 'ran out'
 */
export function eatAndDrink(provisions: Provisions): { provisions: Provisions; food: Consumption; water: Consumption } {
  const food = consume(provisions.foodDays, provisions.foodPerDay)
  const water = consume(provisions.waterPints, provisions.waterPerDay)
  return { provisions: { ...provisions, foodDays: food.left, waterPints: water.left }, food, water }
}
