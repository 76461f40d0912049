/**
 * Which weapon a strike or shot is made with, when the GM has not said (OSR-16): the one the GM
 * last chose for that character (kept on this screen), while they still carry it; else the best weapon they
 * carry for it — nothing in the inventory marks which weapon is in hand, so the best is taken and
 * the panel says so; else a natural limb (strike) or something thrown (shot).
 */
import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { OsrFighter } from '../../../../../shared/contract'

type Weapon = OsrFighter['weapons'][number]
export type WeaponUse = 'strike' | 'shot'

/** OSR-16: a longer weapon harms more; an advanced one rolls twice the dice. */
const CLASS_RANK: Record<Weapon['weaponClass'], number> = { limb: 0, short: 1, standard: 2, long: 3 }
const strength = (w: Weapon) => CLASS_RANK[w.weaponClass] * 2 + (w.advanced ? 1 : 0)

/** The weapons that may make it: any non-ranged weapon strikes; anything may be shot or thrown. */
export function weaponsFor(use: WeaponUse, weapons: readonly Weapon[]): Weapon[] {
  return use === 'strike' ? weapons.filter((w) => !w.ranged) : [...weapons]
}

/**
 * The best weapon carried for a strike (the most harm, OSR-16) or a shot (a ranged weapon; none,
 * and the shot is something thrown), the first in the inventory among equals; null for none.
 * @example bestWeapon('strike', [dagger, sword]) // sword
 */
export function bestWeapon(use: WeaponUse, weapons: readonly Weapon[]): Weapon | null {
  const candidates = use === 'strike' ? weaponsFor('strike', weapons) : weapons.filter((w) => w.ranged)
  let best: Weapon | null = null
  for (const w of candidates) if (!best || strength(w) > strength(best)) best = w
  return best
}

/** What the panel picks and why: the GM's earlier choice, the best weapon carried, or none. */
export interface WeaponDefault {
  weaponId: number | null
  why: 'chosen' | 'best' | 'none'
}

/**
 * The weapon to start from for a character: their remembered choice while it still applies, else
 * the best they carry.
 * @example defaultWeapon('strike', fighter.weapons, undefined) // { weaponId: 7, why: 'best' }
 */
export function defaultWeapon(use: WeaponUse, weapons: readonly Weapon[], remembered: number | null | undefined): WeaponDefault {
  if (remembered === null) return { weaponId: null, why: 'chosen' }
  if (remembered !== undefined && weaponsFor(use, weapons).some((w) => w.id === remembered)) return { weaponId: remembered, why: 'chosen' }
  const best = bestWeapon(use, weapons)
  return best ? { weaponId: best.id, why: 'best' } : { weaponId: null, why: 'none' }
}

const STORAGE_KEY = 'lantern.osr-weapon-choices'

/** The choices kept on this screen: a map of "character:use" to a weapon id (null: bare-handed/thrown). */
function stored(): Record<string, number | null> {
  try {
    const value = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown
    if (!value || typeof value !== 'object' || Array.isArray(value)) return {}
    return Object.fromEntries(Object.entries(value).filter(([, v]) => v === null || Number.isInteger(v))) as Record<string, number | null>
  } catch {
    return {}
  }
}

/**
 * The GM's weapon choices, by character and use, kept on this screen across restarts (a choice that
 * no longer applies, a weapon dropped or another library's, is passed over by `defaultWeapon`).
 */
export const useWeaponChoices = defineStore('osr-weapon-choices', () => {
  const chosen = ref<Record<string, number | null>>(stored())
  const key = (characterId: number, use: WeaponUse) => `${characterId}:${use}`
  return {
    recall: (characterId: number, use: WeaponUse): number | null | undefined => chosen.value[key(characterId, use)],
    remember: (characterId: number, use: WeaponUse, weaponId: number | null): void => {
      chosen.value = { ...chosen.value, [key(characterId, use)]: weaponId }
      localStorage.setItem(STORAGE_KEY, JSON.stringify(chosen.value))
    },
  }
})
