/** Method names of the characters module (no schemas: the preload imports this). */
export const CHARACTER_METHODS = [
  'character.list',
  'character.get',
  'character.create',
  'character.update',
  'character.delete',
  'character.check',
  'character.generate',
] as const
export type CharacterMethod = (typeof CHARACTER_METHODS)[number]
