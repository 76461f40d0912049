/** The Ladder system's growth between sessions: what a character may gain, buy or learn, by the rules. */
import type { MethodDef } from './common'
import type { GrowthLadderMethod } from './growth-ladder.names'

export const growthLadderContract = {} as const satisfies Record<GrowthLadderMethod, MethodDef>
