/** Method names of the old-school core at the table (no schemas: the preload imports this). */
export const OSR_TABLE_METHODS = [
  'osr.fighter',
  'osr.state',
  'osr.odds',
  'osr.initiativeOdds',
  'osr.roll',
  'osr.harm',
  'osr.prepare',
  'osr.combat.start',
  'osr.combat.join',
  'osr.combat.foe',
  'osr.combat.foe.edit',
  'osr.combat.foe.save',
  'osr.combat.leave',
  'osr.initiative',
  'osr.round',
  'osr.combat.act',
  'osr.reload',
  'osr.combat.end',
  'osr.undo',
] as const
export type OsrTableMethod = (typeof OSR_TABLE_METHODS)[number]

/** What a GM can roll from the old-school roll panel. */
export const OSR_ROLL_KINDS = ['check', 'save', 'is-it-so', 'strike', 'shot', 'cast'] as const
export type OsrRollKind = (typeof OSR_ROLL_KINDS)[number]

/** OSR-4 d, e: what deft touch or heightened awareness helps (the engine's AidedActivity). */
export const OSR_AIDED_ACTIVITIES = ['moving with care', 'moving in silence', 'moving unseen', 'working a mechanism', 'finding something hidden'] as const

/** OSR-18: how a missile is launched (the engine's Launcher). */
export const OSR_LAUNCHERS = ['thrown', 'low-powered', 'high-powered'] as const
