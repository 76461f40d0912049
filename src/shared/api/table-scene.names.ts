/** Method names of the LODE and Ranks combat scenes (no schemas: the preload imports this). */
export const TABLE_SCENE_METHODS = [
  'lode.combat',
  'lode.combat.begin',
  'lode.combat.foe',
  'lode.combat.foe.save',
  'ranks.combat',
  'ranks.combat.begin',
  'ranks.combat.foe',
  'ranks.combat.foe.save',
  'challenge.combat',
  'challenge.combat.begin',
  'ladder.combat.foe.save',
  'challenge.combat.foe.save',
] as const
export type TableSceneMethod = (typeof TABLE_SCENE_METHODS)[number]
