/**
 * The campaign between sessions: who is in it and what each holds, and the session just played.
 * Each system's own growth (what a character may gain, buy or learn, by its rules) is in its own
 * module (growth-<system>.contract.ts).
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { Balance } from './ledger.contract'
import type { GrowthMethod } from './growth.names'

export const GrowthCharacter = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  /** Their meta-currencies in the campaign's system, as the ledger sums them. */
  balances: z.array(Balance),
  /** They played in the last session closed. */
  playedLast: z.boolean(),
})
export type GrowthCharacter = z.infer<typeof GrowthCharacter>

export const GrowthOverview = z.object({
  /** The last session closed, the one whose earnings are spent now; null before any. */
  lastSession: z.object({ id: Id, number: z.number().int(), title: z.string() }).nullable(),
  /** A session is being played (growth between sessions may still be made; it belongs to no session). */
  sessionOpen: z.boolean(),
  /** The campaign's active player characters, then its active NPCs, by name. */
  characters: z.array(GrowthCharacter),
})
export type GrowthOverview = z.infer<typeof GrowthOverview>

export const growthContract = {
  'growth.overview': {
    scope: 'gm',
    summary: 'The campaign between sessions: its characters with what they hold, and the last session played.',
    input: z.object({ campaignId: Id }).strict(),
    output: GrowthOverview,
  },
} as const satisfies Record<GrowthMethod, MethodDef>
