/** Method names of the Osr system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_OSR_METHODS = [] as const
export type GrowthOsrMethod = (typeof GROWTH_OSR_METHODS)[number]
