/** Method names of Resolution and Ranks at the table (no schemas: the preload imports this). */
export const RANKS_TABLE_METHODS = [
  'ranks.table',
  'ranks.person',
  'ranks.odds',
  'ranks.aspectOdds',
  'ranks.roll',
  'ranks.aspect',
  'ranks.borderline',
  'ranks.accept',
  'ranks.threat',
  'ranks.danger',
  'ranks.harm',
  'ranks.recover',
  'ranks.courage',
  'ranks.move',
  'ranks.newChapter',
  'ranks.experienceRule',
] as const
export type RanksTableMethod = (typeof RANKS_TABLE_METHODS)[number]
