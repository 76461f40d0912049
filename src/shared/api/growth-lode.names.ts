/** Method names of the Lode system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_LODE_METHODS = ['growth.lode.view', 'growth.lode.topUp', 'growth.lode.trait'] as const
export type GrowthLodeMethod = (typeof GROWTH_LODE_METHODS)[number]
