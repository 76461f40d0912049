/** Method names of the recap module (no schemas: the preload imports this). */
export const RECAP_METHODS = ['recap.session'] as const
export type RecapMethod = (typeof RECAP_METHODS)[number]
