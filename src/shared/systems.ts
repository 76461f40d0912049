/** The five rules systems: the id used in code, the name a GM knows, and a line to choose by. */
export const SYSTEMS = {
  ladder: { name: 'The Ladder', blurb: 'Rungs from Terrible to Superb, Plot Points, magic and superheroes.' },
  osr: { name: 'Old-school core', blurb: 'd20 checks against 10, d6 harm, hardiness, torches and turns.' },
  lode: { name: 'LODE', blurb: 'Pools of d6: 4+ succeeds, 6s explode, Destiny and Halfmagic.' },
  challenge: { name: 'The Challenge System', blurb: 'Pools wear each other down round by round, no dice needed.' },
  ranks: { name: 'Resolution and Ranks', blurb: 'Rank plus d6 minus d6, aspects, Threat and Dangers.' },
} as const
export type SystemKey = keyof typeof SYSTEMS
export const SYSTEM_IDS = Object.keys(SYSTEMS) as SystemKey[]
