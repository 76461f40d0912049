/**
 * One side of a LODE roll as the GM sets it up: who, which attribute and skill from their sheet,
 * the Base Dice, extra advantages and disadvantages, Blessing, Curse and Energy (LODE-1, LODE-4,
 * LODE-9); and the request the API takes from it.
 */
import type { Ref } from 'vue'
import type { LodeCharacter, LodeRoster } from './use-lode-roster'
import { onFirstOfParty } from '../../../composables/first-of-party'
import { signed } from './lode-words'

export interface SideDraft {
  characterId: number | null
  /** A name for a side no character stands behind. */
  name: string
  attribute: string
  skill: string
  baseDice: number
  extraAdvantages: number
  extraDisadvantages: number
  blessing: number
  curse: number
  energy: number
}

export function blankSide(baseDice = 2): SideDraft {
  return { characterId: null, name: '', attribute: '', skill: '', baseDice, extraAdvantages: 0, extraDisadvantages: 0, blessing: 0, curse: 0, energy: 0 }
}

export interface SideRequest {
  characterId: number | null
  name: string
  what: string
  baseDice: number
  advantages: number
  disadvantages: number
  blessing: number
  curse: number
  energy: number
}

const whole = (n: number): number => (Number.isFinite(n) ? Math.trunc(n) : 0)

/**
 * LODE-1: the sheet's traits count as advantages (+) or disadvantages (−), with any the GM adds.
 * @example sideRequest({ …, attribute: 'Strength', skill: 'Swords', extraAdvantages: 1 }, brann) // advantages 4, what 'Strength +1, Swords +2, +1 adv.'
 */
export function sideRequest(draft: SideDraft, character: LodeCharacter | null): SideRequest {
  const traits = character
    ? [character.attributes.find((t) => t.name === draft.attribute), character.skills.find((t) => t.name === draft.skill)].filter((t) => t !== undefined)
    : []
  const plus = traits.filter((t) => t.dice > 0).reduce((s, t) => s + t.dice, 0)
  const minus = traits.filter((t) => t.dice < 0).reduce((s, t) => s - t.dice, 0)
  const extras = [
    draft.extraAdvantages > 0 ? `+${whole(draft.extraAdvantages)} adv.` : '',
    draft.extraDisadvantages > 0 ? `−${whole(draft.extraDisadvantages)} disadv.` : '',
  ].filter(Boolean)
  return {
    // The character stands even before their sheet has loaded; their traits count once it has.
    characterId: draft.characterId,
    name: draft.characterId === null ? draft.name.trim() : '',
    what: [...traits.map((t) => `${t.name} ${signed(t.dice)}`), ...extras].join(', '),
    baseDice: whole(draft.baseDice),
    advantages: plus + whole(draft.extraAdvantages),
    disadvantages: minus + whole(draft.extraDisadvantages),
    blessing: whole(draft.blessing),
    curse: whole(draft.curse),
    energy: whole(draft.energy),
  }
}

/** A side starts on the first of the party once the party is in, unless the GM has already chosen someone (first-of-party.ts). */
export function startOnFirstOfParty(roster: LodeRoster, side: Ref<SideDraft>): void {
  onFirstOfParty(
    () => roster.pcs.value[0]?.id,
    (id) => {
      if (side.value.characterId !== null || side.value.name !== '') return
      side.value = { ...side.value, characterId: id }
      roster.load(id)
    },
  )
}
