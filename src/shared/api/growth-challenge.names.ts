/** Method names of the Challenge system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_CHALLENGE_METHODS = ['growth.challenge.view', 'growth.challenge.clear', 'growth.challenge.ability'] as const
export type GrowthChallengeMethod = (typeof GROWTH_CHALLENGE_METHODS)[number]
