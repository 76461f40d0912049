/**
 * The old-school roll being set up: who rolls what, against whom, with which weapon, spell, light
 * and modifiers, and the chosen character's numbers (read fresh when they are picked); `roll` is
 * the roll as the API takes it, or null while it is not complete. A strike or shot starts from the
 * weapon the GM last chose for that character, else the best one they carry (weapon-choice.ts).
 */
import { computed, ref, shallowRef, watch } from 'vue'
import type { OsrFighter, OsrRoll } from '../../../../../shared/contract'
import type { OSR_AIDED_ACTIVITIES, OSR_LAUNCHERS, OsrRollKind } from '../../../../../shared/api/table-osr.names'
import { useConnection } from '../../../stores/connection'
import { onFirstOfParty } from '../../../composables/first-of-party'
import { defaultWeapon, useWeaponChoices, type WeaponDefault } from './weapon-choice'

/** Someone at the table who can roll or be aimed at. */
export interface Person {
  id: number
  name: string
  kind: 'pc' | 'npc'
}

export function useRollDraft(people: () => Person[]) {
  const api = useConnection().client()
  const what = ref<OsrRollKind>('check')
  const who = ref<number | null>(null)
  const target = ref<number | null>(null)
  const ability = ref<'B' | 'M' | 'S' | 'none'>('B')
  const activity = ref<(typeof OSR_AIDED_ACTIVITIES)[number] | ''>('')
  const checkTarget = ref(10)
  const saveTarget = ref<number | null>(null)
  const weaponId = ref<number | null>(null)
  const backstab = ref(false)
  const launcher = ref<(typeof OSR_LAUNCHERS)[number] | ''>('')
  const firearm = ref(1)
  const distanceFt = ref(30)
  const reloads = ref(false)
  const spellId = ref('')
  const light = ref<'clock' | 'lit' | 'dark'>('clock')
  const situational = ref(0)
  const fighter = shallowRef<OsrFighter | null>(null)

  const needsWho = computed(() => what.value === 'strike' || what.value === 'shot' || what.value === 'cast')
  const others = computed(() => people().filter((p) => p.id !== who.value))
  const meleeWeapons = computed(() => fighter.value?.weapons.filter((w) => !w.ranged) ?? [])
  const missileWeapons = computed(() => fighter.value?.weapons ?? [])

  const choices = useWeaponChoices()
  const weaponWhy = ref<WeaponDefault['why']>('none')
  /** The weapon a strike or shot starts from for the character picked. */
  function startWeapon(): void {
    const f = fighter.value
    if (!f || (what.value !== 'strike' && what.value !== 'shot')) return
    const start = defaultWeapon(what.value, f.weapons, choices.recall(f.id, what.value))
    weaponId.value = start.weaponId
    weaponWhy.value = start.why
  }
  /** The GM picked a weapon: it is the character's for this use until picked again. */
  function chooseWeapon(): void {
    if (who.value === null || (what.value !== 'strike' && what.value !== 'shot')) return
    choices.remember(who.value, what.value, weaponId.value)
    weaponWhy.value = 'chosen'
  }
  const weaponNote = computed(() => {
    const f = fighter.value
    if (!f || (what.value !== 'strike' && what.value !== 'shot') || weaponWhy.value === 'chosen') return null
    const w = f.weapons.find((x) => x.id === weaponId.value)
    if (w) return `${w.name}: the best ${what.value === 'strike' ? 'weapon' : 'ranged weapon'} ${f.name} carries (nothing marks which is in hand); pick another if they hold it.`
    return what.value === 'strike' ? `${f.name} carries no weapon to strike with: a natural limb.` : `${f.name} carries no ranged weapon: something thrown.`
  })
  watch(what, startWeapon)

  // The chosen character's numbers, read fresh; a new character starts from their own defaults.
  watch(who, async (id) => {
    fighter.value = id === null ? null : await api.call('osr.fighter', { characterId: id }).catch(() => null)
    weaponId.value = null
    startWeapon()
    spellId.value = fighter.value?.spells.find((s) => s.prepared)?.id ?? fighter.value?.spells[0]?.id ?? ''
    saveTarget.value = null
  })
  watch(weaponId, (id) => {
    const w = fighter.value?.weapons.find((x) => x.id === id)
    // OSR-18: a crossbow (a long ranged weapon) must be reloaded after each shot.
    reloads.value = Boolean(w?.ranged && w.weaponClass === 'long')
    launcher.value = ''
  })
  watch(
    () => people().map((p) => p.id).join(','),
    () => {
      if (who.value !== null && !people().some((p) => p.id === who.value)) who.value = null
      if (target.value !== null && !people().some((p) => p.id === target.value)) target.value = null
    },
  )

  const darkness = computed(() => (light.value === 'clock' ? undefined : light.value === 'dark'))
  const common = computed(() => ({ situational: situational.value, ...(darkness.value === undefined ? {} : { darkness: darkness.value }) }))

  const roll = computed<OsrRoll | null>(() => {
    switch (what.value) {
      case 'check':
        return { what: 'check', characterId: who.value, ability: who.value === null ? 'none' : ability.value, activity: activity.value || null, target: checkTarget.value, ...common.value }
      case 'save':
        return { what: 'save', characterId: who.value, ...(saveTarget.value !== null ? { target: saveTarget.value } : {}) }
      case 'is-it-so':
        return { what: 'is-it-so' }
      case 'strike':
        return who.value === null ? null : { what: 'strike', characterId: who.value, targetId: target.value, weaponId: weaponId.value, backstab: backstab.value, ...common.value }
      case 'shot':
        return who.value === null
          ? null
          : { what: 'shot', characterId: who.value, targetId: target.value, weaponId: weaponId.value, ...(launcher.value ? { launcher: launcher.value } : {}), firearm: firearm.value, distanceFt: Number(distanceFt.value) || 0, reloads: reloads.value, ...common.value }
      case 'cast':
        return who.value === null || !spellId.value ? null : { what: 'cast', characterId: who.value, spellId: spellId.value, ...common.value }
    }
    return null
  })

  // After the watch on `who`, so that the first one's numbers are read too.
  onFirstOfParty(
    () => people().find((p) => p.kind === 'pc')?.id,
    (id) => {
      if (who.value === null) who.value = id
    },
  )

  return { what, who, target, ability, activity, checkTarget, saveTarget, weaponId, chooseWeapon, weaponNote, backstab, launcher, firearm, distanceFt, reloads, spellId, light, situational, fighter, needsWho, others, meleeWeapons, missileWeapons, roll }
}
