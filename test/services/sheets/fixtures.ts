/** Complete sheets for each system, as a GM would fill them in; tests break them one rule at a time. */
import type { ChallengeSheet, LadderSheet, LodeSheet, OsrSheet, RanksSheet } from '../../../src/shared/api/sheets'

/** Tai Givar, the seed's pilot (LAD-24): 2 expert + 4 good assets, 3 flaws, 3 features. */
export const taiGivar: LadderSheet = {
  super: false,
  developed: false,
  concept: 'Hard-bitten freighter pilot',
  assets: [
    { name: 'Piloting', rating: 'expert', school: null },
    { name: 'Eyesight', rating: 'expert', school: null },
    { name: 'Driving', rating: 'good', school: null },
    { name: 'Brawling', rating: 'good', school: null },
    { name: 'Haggling', rating: 'good', school: null },
    { name: 'Blue magic', rating: 'good', school: 'blue' },
  ],
  flaws: [
    { name: 'Owes money to the wrong people', vulnerability: false },
    { name: 'Cannot resist a bet', vulnerability: false },
    { name: 'Poor at hiding', vulnerability: false },
  ],
  features: ['Scar over one eye', 'Battered flight jacket', 'Whistles when nervous'],
  heroicFeatures: [],
  allies: [{ name: 'Moss', concept: 'Dock mechanic', howMet: 'Fixed her ship for free once' }],
  location: 'Port Calder',
  equipment: ['Flight jacket', 'Old pistol'],
  episodes: ['Smuggled medicine through the blockade', 'Lost her first ship at cards'],
  overrides: [],
  rotes: [{ effect: 'Calm the storm-sick crew', assets: ['Blue magic'], rung: 'good' }],
}

/** A super (LAD-29): 2 superb, 2 expert, 3 good, 4 flaws with one Vulnerability, 3 + 3 features. */
export const nightOwl: LadderSheet = {
  ...taiGivar,
  super: true,
  concept: 'Masked vigilante of the docks',
  assets: [
    { name: 'Gliding', rating: 'superb', school: null },
    { name: 'Night vision', rating: 'superb', school: null },
    { name: 'Acrobatics', rating: 'expert', school: null },
    { name: 'Detective work', rating: 'expert', school: null },
    { name: 'Gadgets', rating: 'good', school: null },
    { name: 'Fisticuffs', rating: 'good', school: null },
    { name: 'Contacts', rating: 'good', school: null },
  ],
  flaws: [
    { name: 'Blinded by bright light', vulnerability: true },
    { name: 'Obsessive', vulnerability: false },
    { name: 'Secret identity', vulnerability: false },
    { name: 'Distrusts police', vulnerability: false },
  ],
  heroicFeatures: [
    { text: 'Grey feathered cloak and owl mask', costume: true },
    { text: 'Hoots before striking', costume: false },
    { text: 'Lands without a sound', costume: false },
  ],
  rotes: [],
}

/** Glam (OSR-1 … OSR-4): L1, B −1, M 0, S +1, 4 H, deft touch and high tolerance. */
export const glam: OsrSheet = {
  level: 1,
  B: -1,
  M: 0,
  S: 1,
  h: 4,
  maxH: 4,
  optionsAllowed: 2,
  options: ['deft touch', 'high tolerance'],
  patron: '',
  spells: [],
  prepared: [],
}

export const mage: OsrSheet = {
  ...glam,
  level: 2,
  maxH: 9,
  h: 7,
  options: ['arcane knowledge'],
  spells: [
    { id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 },
    { id: 'vanish', name: 'Vanish', art: 'arcane', level: 2 },
  ],
  prepared: ['smite-foe'],
}

export const bryn: LodeSheet = {
  attributes: [
    { name: 'Strength', dice: 2, note: '' },
    { name: 'Presence', dice: -1, note: 'stammers' },
  ],
  skills: [
    { name: 'Swordfighting', dice: 3, note: 'Expert' },
    { name: 'Persuasion', dice: 1, note: '' },
  ],
  energySupply: 5,
}

export const iridia: ChallengeSheet = {
  abilities: [
    { name: 'Sorcery', rating: 7, bonus: 3, reserves: 2, resistance: 0 },
    { name: 'Cooking', rating: 2, bonus: 0, reserves: 0, resistance: 0 },
  ],
  reductions: [{ scope: 'ability', ability: 'Sorcery', from: 'rating', points: 2, note: 'the demon' }],
}

/** Inigo, with the seed's three abilities (RK-1). */
export const inigo: RanksSheet = {
  abilities: [
    { name: 'Courage', rank: 'great' },
    { name: 'Daring', rank: 'good' },
    { name: 'Ferocity', rank: 'superb' },
  ],
  aspects: [
    { name: 'You killed my father', used: false },
    { name: 'Fencing master', used: true },
  ],
  harm: { weary: true, hurt: false, doomed: false },
  chapterMoves: ['refresh'],
}
