/** Method names of growth between sessions, common to every system (no schemas: the preload imports this). */
export const GROWTH_METHODS = ['growth.overview'] as const
export type GrowthMethod = (typeof GROWTH_METHODS)[number]
