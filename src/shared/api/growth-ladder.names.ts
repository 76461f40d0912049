/** Method names of the Ladder system's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_LADDER_METHODS = ['growth.ladder.state', 'growth.ladder.creditStart', 'growth.ladder.survived', 'growth.ladder.develop'] as const
export type GrowthLadderMethod = (typeof GROWTH_LADDER_METHODS)[number]
