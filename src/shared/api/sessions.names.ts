/** Method names of the sessions module (no schemas: the preload imports this). */
export const SESSION_METHODS = ['session.list', 'session.create', 'session.update', 'session.delete'] as const
export type SessionMethod = (typeof SESSION_METHODS)[number]
