/** Building blocks every API module shares: ids, the rules systems, scopes, method and event shapes. */
import { z } from 'zod'
import { SYSTEM_IDS } from '../systems'
import { plainProblem } from './plain-problems'

// Every check without a message of its own refuses in the contracts' plain words, not Zod's.
z.config({ customError: plainProblem })

export type Scope = 'gm' | 'player'

export const SystemId = z.enum(['ladder', 'osr', 'lode', 'challenge', 'ranks'], {
  error: () => `must be one of: ${SYSTEM_IDS.join(', ')}`,
})
export type SystemId = z.infer<typeof SystemId>

/** A row id: a positive whole number. */
export const Id = z.number({ error: 'must be a number' }).int('must be a whole number').positive('must be 1 or more')

/** Input for a method that takes nothing. */
export const NoInput = z.object({}).strict()

export interface MethodDef {
  scope: Scope
  input: z.ZodType
  output: z.ZodType
  /** One line for the command palette and the docs. */
  summary: string
}

export interface EventDef {
  scope: Scope
  payload: z.ZodType
}

