/** The Ranks system's growth between sessions: what a character may gain, buy or learn, by the rules. */
import type { MethodDef } from './common'
import type { GrowthRanksMethod } from './growth-ranks.names'

export const growthRanksContract = {} as const satisfies Record<GrowthRanksMethod, MethodDef>
