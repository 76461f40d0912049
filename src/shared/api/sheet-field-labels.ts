/**
 * What the sheet editors call each field of a character sheet (api/sheets), for the sheet checks'
 * messages: "Maximum H: must be at least 0.", "Rating (asset 2): must be one of …". Keys every
 * form shares (name, level, rating …) are in FIELD_LABELS.
 */
export const SHEET_FIELD_LABELS: Readonly<Record<string, string>> = {
  allies: 'Allies',
  art: 'Art',
  aspects: 'Aspects',
  assets: 'Assets',
  attributes: 'Attributes',
  chapterMoves: 'Used this chapter',
  concept: 'Concept',
  costume: 'Costume',
  developed: 'Developed in play',
  doomed: 'Doomed',
  energySupply: 'Energy supply',
  episodes: 'Episodes',
  equipment: 'Equipment',
  features: 'Features',
  flaws: 'Flaws',
  heroicFeatures: 'Heroic features',
  howMet: 'How they met',
  hurt: 'Hurt',
  id: 'Spell id',
  optionsAllowed: 'Allowed by the GM',
  overrides: 'Limits the GM overrode',
  prepared: 'Prepared spells',
  reductions: 'Reductions',
  rotes: 'Rotes',
  school: 'Magic',
  scope: 'Scope',
  skills: 'Skills',
  spells: 'Spells',
  used: 'Used',
  weary: 'Weary',
}
