/** Method names of the Challenge System at the table (no schemas: the preload imports this). */
export const CHALLENGE_TABLE_METHODS = [
  'challenge.abilities',
  'challenge.odds',
  'challenge.preview',
  'challenge.current',
  'challenge.start',
  'challenge.round',
  'challenge.playOut',
  'challenge.change',
  'challenge.consequences',
  'challenge.close',
  'challenge.undo',
] as const
export type ChallengeTableMethod = (typeof CHALLENGE_TABLE_METHODS)[number]
