/** Method names of the search module (no schemas: the preload imports this). */
export const SEARCH_METHODS = ['search.query', 'search.logAround'] as const
export type SearchMethod = (typeof SEARCH_METHODS)[number]
