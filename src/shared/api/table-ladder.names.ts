/** Method names of The Ladder's share of the table (no schemas: the preload imports this). */
export const LADDER_TABLE_METHODS = [
  'ladder.roster',
  'ladder.odds',
  'ladder.roll',
  'ladder.buy',
  'ladder.stepUp',
  'ladder.outcome',
  'ladder.ruling',
  'ladder.instant',
  'ladder.damage',
  'ladder.untreated',
  'ladder.spellOdds',
  'ladder.cast',
  'ladder.keepRote',
  'ladder.conflict.list',
  'ladder.conflict.start',
  'ladder.conflict.exchange',
  'ladder.conflict.neutralise',
  'ladder.conflict.end',
  'ladder.combat.round',
  'ladder.combat.begin',
  'ladder.combat.met',
] as const
export type LadderTableMethod = (typeof LADDER_TABLE_METHODS)[number]

/** The trackers of The Ladder (LAD-7 … LAD-14, LAD-28, LAD-31). */
export const CONFLICT_KINDS = ['extended', 'team', 'race', 'duel', 'combat'] as const
export type ConflictKind = (typeof CONFLICT_KINDS)[number]
