/** Method names of the old-school core's growth between sessions (no schemas: the preload imports this). */
export const GROWTH_OSR_METHODS = [
  'growth.osr.party',
  'growth.osr.award',
  'growth.osr.levelUp',
  'growth.osr.priceOdds',
  'growth.osr.buy',
  'growth.osr.sell',
  'growth.osr.learn',
] as const
export type GrowthOsrMethod = (typeof GROWTH_OSR_METHODS)[number]

/** OSR-6: what becomes of the XP an award leaves over (the engine's REMAINDER_RULES). */
export const OSR_REMAINDERS = ['nobody', 'one', 'everyone'] as const
export type OsrRemainder = (typeof OSR_REMAINDERS)[number]

/** OSR-5: what is bought, priced as the seed says (the engine's PURCHASE_KINDS). */
export const OSR_PURCHASES = ['melee', 'ranged', 'projectiles', 'armour', 'basic', 'simple', 'rare'] as const
export type OsrPurchase = (typeof OSR_PURCHASES)[number]

/** What an item bought goes into the pack as, when it is not a weapon or armour. */
export const OSR_ITEM_PACK_KINDS = ['other', 'light', 'ration', 'water'] as const

/** OSR-21: where a spell is learnt from: a record found (and read), or a teacher (the seed's master). */
export const OSR_SPELL_SOURCES = ['record', 'teacher'] as const
