/** Method names of the party at a glance (no schemas: the preload imports this). */
export const PARTY_METHODS = ['party.get'] as const
export type PartyMethod = (typeof PARTY_METHODS)[number]
