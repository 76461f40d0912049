/**
 * What an injury can be in each rules system, in the words the screens use. The rules behind each
 * (how they heal) live in the engines; these lists only name the choices. A test checks that the
 * lists match the engines' own.
 */
import type { SystemKey } from './systems'

/** LAD-15: damage levels, low to high. */
export const LADDER_DAMAGE_LEVELS = ['subdued', 'wounded', 'incapacitated', 'killed'] as const
/** LAD-17: where a Wound lands. */
export const WOUND_LOCATIONS = ['head', 'body', 'arm', 'leg'] as const
/** OSR-19: half the maximum in one blow breaks a limb or damages an organ; the whole maximum severs or destroys one. */
export const LIMB_HARMS = ['broken', 'severed'] as const
/** RK-8: the Harm track. */
export const HARM_BOXES = ['weary', 'hurt', 'doomed'] as const
/** CH-10: a consequence reduces the ability used, every ability, or incapacitates. */
export const REDUCTION_SCOPES = ['ability', 'overall', 'incapacitated'] as const

export const INJURY_KINDS = ['ladder.damage', 'osr.limb', 'osr.max-h', 'ranks.harm', 'challenge.reduction', 'other'] as const
export type InjuryKind = (typeof INJURY_KINDS)[number]

/** The injuries each system records; every system may also note one in its own words. */
export const SYSTEM_INJURY_KINDS: Record<SystemKey, readonly InjuryKind[]> = {
  ladder: ['ladder.damage', 'other'],
  osr: ['osr.limb', 'osr.max-h', 'other'],
  // LODE's seed has no injury rules: the GM notes them in words.
  lode: ['other'],
  challenge: ['challenge.reduction', 'other'],
  ranks: ['ranks.harm', 'other'],
}

export const INJURY_KIND_LABELS: Record<InjuryKind, string> = {
  'ladder.damage': 'Damage',
  'osr.limb': 'Broken or severed limb',
  'osr.max-h': 'Maximum H lost',
  'ranks.harm': 'Harm',
  'challenge.reduction': 'Consequence',
  other: 'Other injury',
}

/** "wounded" → "Wounded". */
export function capitalised(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}
