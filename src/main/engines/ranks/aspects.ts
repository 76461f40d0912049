/**
 * RK-4: a character's aspects. Invoking one after a roll adds +1d6 ranks; an invoked aspect stays
 * used until refreshed (by a Legendary result, RK-3, or a Compel, RK-9).
 */
import type { Dice } from '../dice'
import { isFailure } from './ranks'
import type { Refusable } from './refusal'
import { addAspect, type RankResult } from './roll'

export interface Aspect {
  name: string
  used: boolean
}

function find(aspects: readonly Aspect[], name: string): Aspect | undefined {
  return aspects.find((a) => a.name === name)
}

function unknown(aspects: readonly Aspect[], name: string): string {
  const names = aspects.map((a) => a.name)
  return `There is no aspect called '${name}'${names.length ? `; the aspects are ${names.join(', ')}` : ''}.`
}

function setUsed(aspects: readonly Aspect[], name: string, used: boolean): Aspect[] {
  return aspects.map((a) => (a.name === name ? { ...a, used } : a))
}

/**
 * RK-4: after the result is seen, invoke one unused aspect on the roll: +1d6 ranks, and the aspect
 * is used. If the result is still a failure, the character may leave the scene.
 * @example invokeAspect(dice, { roll, aspects: [{ name: 'Fencing master', used: false }], name: 'Fencing master' })
 */
export function invokeAspect(
  dice: Dice,
  input: { roll: RankResult; aspects: readonly Aspect[]; name: string },
): Refusable<{ roll: RankResult; aspects: Aspect[]; mayLeaveScene: boolean }> {
  const { roll, aspects, name } = input
  if (roll.aspect !== undefined) {
    return { ok: false, reason: `An aspect was already spent on this roll (+${roll.aspect}): only one aspect per task.` }
  }
  const aspect = find(aspects, name)
  if (!aspect) return { ok: false, reason: unknown(aspects, name) }
  if (aspect.used) return { ok: false, reason: `'${name}' was already invoked and stays used until it is refreshed.` }
  const boosted = addAspect(dice, roll)
  return { ok: true, roll: boosted, aspects: setUsed(aspects, name, true), mayLeaveScene: isFailure(boosted.result) }
}

/**
 * Makes a used aspect available again.
 * @example refreshAspect([{ name: 'Stubborn', used: true }], 'Stubborn') // { ok: true, aspects: [{ name: 'Stubborn', used: false }] }
 */
export function refreshAspect(aspects: readonly Aspect[], name: string): Refusable<{ aspects: Aspect[] }> {
  const aspect = find(aspects, name)
  if (!aspect) return { ok: false, reason: unknown(aspects, name) }
  if (!aspect.used) return { ok: false, reason: `'${name}' is not used, so there is nothing to refresh.` }
  return { ok: true, aspects: setUsed(aspects, name, false) }
}

/**
 * RK-3: a Legendary result brings a bonus; when none is agreed, the character refreshes one aspect.
 * @example legendaryRefresh(roll, aspects, 'Stubborn') // refused unless roll.result is 'legendary'
 */
export function legendaryRefresh(roll: RankResult, aspects: readonly Aspect[], name: string): Refusable<{ aspects: Aspect[] }> {
  if (roll.result !== 'legendary') {
    return { ok: false, reason: `Only a Legendary result refreshes an aspect as its bonus; this one is ${roll.result}.` }
  }
  return refreshAspect(aspects, name)
}
