/** Method names of the Challenge system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_CHALLENGE_METHODS = [] as const
export type GrowthChallengeMethod = (typeof GROWTH_CHALLENGE_METHODS)[number]
