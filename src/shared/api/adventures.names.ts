/** Method names of the adventures module (no schemas: the preload imports this). */
export const ADVENTURE_METHODS = ['adventure.list', 'adventure.create', 'adventure.update', 'adventure.move', 'adventure.delete'] as const
export type AdventureMethod = (typeof ADVENTURE_METHODS)[number]
