/**
 * What the LODE, Ranks and Challenge growth forms call their fields (field-labels.ts): the keys
 * their methods add, and the labels that differ on their forms.
 */
export const GROWTH_RULING_FIELDS: Readonly<Record<string, string>> = {
  overSupply: 'Over the supply',
  xp: 'XP',
}

export const GROWTH_RULING_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'growth.lode.trait': { kind: 'Attribute or skill', name: 'Attribute or skill', dice: 'Dice (advantages +, disadvantages −)', reason: 'Why (your ruling)' },
  'growth.ranks.ability': { reason: 'Why (your ruling)' },
  'growth.challenge.ability': { reason: 'Why (your ruling)' },
  'growth.challenge.clear': { scope: 'Consequence', reason: 'How it was cleared' },
}
