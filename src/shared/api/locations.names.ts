/** Method names of the locations module (no schemas: the preload imports this). */
export const LOCATION_METHODS = ['location.list', 'location.create', 'location.update', 'location.delete'] as const
export type LocationMethod = (typeof LOCATION_METHODS)[number]
