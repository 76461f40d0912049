/** The Osr system's growth between sessions: what a character may gain, buy or learn, by the rules. */
import type { MethodDef } from './common'
import type { GrowthOsrMethod } from './growth-osr.names'

export const growthOsrContract = {} as const satisfies Record<GrowthOsrMethod, MethodDef>
