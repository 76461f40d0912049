/** Method names of the Ranks system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_RANKS_METHODS = ['growth.ranks.view', 'growth.ranks.ability'] as const
export type GrowthRanksMethod = (typeof GROWTH_RANKS_METHODS)[number]
