/** The Challenge system's growth between sessions: what a character may gain, buy or learn, by the rules. */
import type { MethodDef } from './common'
import type { GrowthChallengeMethod } from './growth-challenge.names'

export const growthChallengeContract = {} as const satisfies Record<GrowthChallengeMethod, MethodDef>
