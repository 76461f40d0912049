/** Method names of the Ladder system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_LADDER_METHODS = [] as const
export type GrowthLadderMethod = (typeof GROWTH_LADDER_METHODS)[number]
