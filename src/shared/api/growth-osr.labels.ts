/** What the old-school growth forms call the fields of their methods (field-labels.ts's METHOD_LABELS). */
export const GROWTH_OSR_LABELS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'growth.osr.award': { amount: 'XP', reason: 'For', attendance: 'Who shares', giveToId: 'Left over to' },
  'growth.osr.priceOdds': { modifier: 'Armour modifier' },
  'growth.osr.buy': { modifier: 'Armour modifier', kind: 'In the pack as', type: 'Light', weightLbs: 'Weight (lbs)' },
  'growth.osr.sell': { amount: 'Price (GP)' },
  'growth.osr.learn': { from: 'Learnt from', name: 'Spell', level: 'Spell level' },
}
