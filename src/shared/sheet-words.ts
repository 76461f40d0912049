/**
 * The words the sheets and the inventory are made of, free of any schema library so the screens
 * can use them (the schemas in api/sheets and api/inventory.contract build on these lists). Tests
 * keep each list equal to its engine's.
 */
import type { SystemKey } from './systems'

/** LAD-1: every rung, low to high (the Ladder engine's RUNGS). */
export const LADDER_RUNGS = ['terrible', 'poor', 'good', 'expert', 'superb', 'unprecedented', 'improbable'] as const
/** LAD-1: each rung as the seed writes it (the Ladder engine's RUNG_LABELS). */
export const LADDER_RUNG_WORDS: Readonly<Record<(typeof LADDER_RUNGS)[number], string>> = {
  terrible: 'Terrible!',
  poor: 'Poor/Fail',
  good: 'Good',
  expert: 'Expert',
  superb: 'Superb!',
  unprecedented: 'Unprecedented!',
  improbable: 'Improbable!',
}
/** LAD-1: what an asset can be rated at all; superb and unprecedented only on the extended ladder. */
export const ASSET_RUNGS = ['poor', 'good', 'expert', 'superb', 'unprecedented'] as const
/** LAD-26: the ten colour schools, hedge magic, or a school of the GM's own. */
export const MAGIC_SCHOOLS = ['red', 'orange', 'yellow', 'green', 'blue', 'indigo', 'purple', 'brown', 'black', 'white', 'hedge', 'other'] as const

/** OSR-4 a) … g) (the old-school engine's OPTIONS). */
export const OSR_OPTIONS = [
  'great vigour',
  'arcane knowledge',
  'divine audience',
  'deft touch',
  'heightened awareness',
  'high tolerance',
  'monstrous form',
] as const
export type OsrOption = (typeof OSR_OPTIONS)[number]
/** OSR-4: a), d), f) and g) may be taken twice. */
export const OSR_OPTIONS_TWICE: readonly OsrOption[] = ['great vigour', 'deft touch', 'high tolerance', 'monstrous form']

/** CH-10: the quantities a point of reduction can come out of (the Challenge engine's POINT_REMOVES keys). */
export const REDUCTION_QUANTITIES = ['rating', 'bonus', 'reserves', 'resistance'] as const

/** RK-1: the nine ranks, low to high (the Ranks engine's RANKS). */
export const RANK_NAMES = ['terrible', 'poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular', 'legendary'] as const
/** RK-1: an ability is rated Poor to Spectacular (ABILITY_RANKS). */
export const ABILITY_RANK_NAMES = ['poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular'] as const
/** RK-8 (HARM_BOXES). */
export const HARM_BOX_NAMES = ['weary', 'hurt', 'doomed'] as const
/** RK-9 (CHAPTER_MOVES). */
export const CHAPTER_MOVE_NAMES = ['concession', 'sacrifice', 'refresh', 'compel'] as const

export const ITEM_KINDS = ['light', 'ration', 'water', 'weapon', 'armour', 'coins', 'other'] as const
/** OSR-8: the light sources a character can carry. */
export const LIGHT_TYPES = ['candle', 'torch', 'lantern', 'electric lamp'] as const
/** OSR-16 (the old-school engine's WEAPON_CLASSES). */
export const WEAPON_CLASS_NAMES = ['limb', 'short', 'standard', 'long'] as const

/** A new, empty sheet for each system: every field at its default (a test keeps these equal to the schemas' defaults). */
export const BLANK_SHEETS = {
  ladder: {
    super: false,
    developed: false,
    concept: '',
    assets: [],
    flaws: [],
    features: [],
    heroicFeatures: [],
    allies: [],
    location: '',
    equipment: [],
    episodes: [],
    overrides: [],
    rotes: [],
  },
  osr: { level: 1, B: 0, M: 0, S: 0, h: 0, maxH: 0, optionsAllowed: 3, options: [], patron: '', spells: [], prepared: [] },
  lode: { attributes: [], skills: [], energySupply: 0 },
  challenge: { abilities: [], reductions: [] },
  ranks: { abilities: [], aspects: [], harm: { weary: false, hurt: false, doomed: false }, chapterMoves: [] },
} as const satisfies Record<SystemKey, object>
