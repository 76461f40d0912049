/** A side of a challenge as the set-up form holds it, and as the API takes it (CH-1, CH-5, CH-6, CH-9, CH-10). */
import type { ChallengeSideInput } from '../../../../../shared/api/table-challenge.contract'

export type Blank = number | ''
export type AssistForm = 'bonus' | 'reserves' | 'resistance'
export type Hazard = 'none' | 'slightly' | 'very'

export interface AssistDraft {
  abilities: { name: string; rating: Blank }[]
  as: AssistForm
}

export interface SideDraft {
  /** A key for the list only. */
  key: number
  characterId: number | null
  name: string
  ability: string
  rating: Blank
  bonus: Blank
  reserves: Blank
  resistance: Blank
  firstRoundBonus: Blank
  hazard: Hazard
  /** Goons in a horde (CH-9); '' when the side is one challenger. */
  horde: Blank
  help: AssistDraft
  hindrance: AssistDraft
}

let nextKey = 1

/** An empty side. */
export function blankSide(more: Partial<SideDraft> = {}): SideDraft {
  return {
    key: nextKey++,
    characterId: null,
    name: '',
    ability: '',
    rating: '',
    bonus: '',
    reserves: '',
    resistance: '',
    firstRoundBonus: '',
    hazard: 'none',
    horde: '',
    help: { abilities: [], as: 'bonus' },
    hindrance: { abilities: [], as: 'bonus' },
    ...more,
  }
}

const num = (v: Blank): number => (v === '' ? 0 : v)

function assist(a: AssistDraft): ChallengeSideInput['help'] {
  const abilities = a.abilities.filter((x) => x.rating !== '' || x.name.trim() !== '').map((x) => ({ name: x.name.trim(), rating: x.rating === '' ? Number.NaN : x.rating }))
  return abilities.length === 0 ? null : { abilities, as: a.as }
}

/**
 * The side as the API takes it; a blank rating stays missing so the API names it.
 * @example sideInput(blankSide({ name: 'the meal', rating: 8 })) // { name: 'the meal', rating: 8, … }
 */
export function sideInput(d: SideDraft): ChallengeSideInput {
  return {
    name: d.name.trim(),
    characterId: d.characterId,
    ability: d.ability.trim(),
    ...(d.rating === '' ? {} : { rating: d.rating }),
    bonus: num(d.bonus),
    reserves: num(d.reserves),
    resistance: num(d.resistance),
    firstRoundBonus: num(d.firstRoundBonus),
    hazard: d.hazard,
    horde: d.horde === '' ? null : d.horde,
    help: assist(d.help),
    hindrance: assist(d.hindrance),
  } as ChallengeSideInput
}
