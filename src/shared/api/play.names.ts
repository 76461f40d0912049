/** Method names of the play module: sessions at the table (no schemas: the preload imports this). */
export const PLAY_METHODS = ['play.start', 'play.close', 'play.undo', 'play.redo', 'play.history', 'play.log'] as const
export type PlayMethod = (typeof PLAY_METHODS)[number]
