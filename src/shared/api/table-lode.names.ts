/** Method names of LODE at the table (no schemas: the preload imports this). */
export const TABLE_LODE_METHODS = [
  'lode.table',
  'lode.odds',
  'lode.opposedOdds',
  'lode.roll',
  'lode.reroll',
  'lode.giveUpHalfmagic',
  'lode.opposed',
  'lode.deliberate',
  'lode.deliberateReroll',
  'lode.deliberateStop',
  'lode.newScene',
] as const
export type TableLodeMethod = (typeof TABLE_LODE_METHODS)[number]
