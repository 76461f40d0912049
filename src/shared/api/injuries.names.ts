/** Method names of the injuries module (no schemas: the preload imports this). */
export const INJURY_METHODS = ['injury.list', 'injury.record', 'injury.update', 'injury.stepDown', 'injury.delete'] as const
export type InjuryMethod = (typeof INJURY_METHODS)[number]
