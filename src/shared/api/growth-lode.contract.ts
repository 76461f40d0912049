/** The Lode system's growth between sessions: what a character may gain, buy or learn, by the rules. */
import type { MethodDef } from './common'
import type { GrowthLodeMethod } from './growth-lode.names'

export const growthLodeContract = {} as const satisfies Record<GrowthLodeMethod, MethodDef>
