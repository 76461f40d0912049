/**
 * The Challenge System between sessions: the consequences each character carries (CH-10) and how
 * each comes back, cleared when the GM says the story has restored it (treatment, the end of an
 * arc); and, since the text prices no growth (Akane raised her cooking "with a few tips from her
 * sister"), a rating changed when the GM rules it, with the XP they ask for, if any.
 */
import { z } from 'zod'
import { REDUCTION_SCOPES } from '../injuries'
import { Id, type MethodDef } from './common'
import type { GrowthChallengeMethod } from './growth-challenge.names'
import { text } from './records.contract'

const Numbers = z.object({ rating: z.number().int(), bonus: z.number().int(), reserves: z.number().int(), resistance: z.number().int() })
const Scope = z.enum(REDUCTION_SCOPES, { error: () => 'must be one ability, every ability, or incapacitated' })

export const ChallengeGrowthCharacter = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  xp: z.number().int(),
  /** CH-1: each ability as the sheet rates it, and as it stands after the reductions it carries (CH-10). */
  abilities: z.array(z.object({ name: z.string(), rated: Numbers, now: Numbers })),
  /** CH-10: open consequences, one line for each ability reduced, for every ability, or incapacitated. */
  consequences: z.array(
    z.object({
      scope: Scope,
      /** The ability reduced; empty for every ability and incapacitated. */
      ability: z.string(),
      /** Points of reduction recorded (0 for incapacitated), and how many records they come from. */
      points: z.number().int(),
      records: z.number().int(),
      /** "−2 Sorcery", "−1 to every ability", "Incapacitated". */
      label: z.string(),
      /** How it comes back, by the rules. */
      recovery: z.string(),
    }),
  ),
})
export type ChallengeGrowthCharacter = z.infer<typeof ChallengeGrowthCharacter>

export const ChallengeGrowth = z.object({ campaignId: Id, characters: z.array(ChallengeGrowthCharacter) })
export type ChallengeGrowth = z.infer<typeof ChallengeGrowth>

/** The panel after a growth, with the sentence the log tells of it. */
export const ChallengeGrowthDone = ChallengeGrowth.extend({ text: z.string() })
export type ChallengeGrowthDone = z.infer<typeof ChallengeGrowthDone>

const Xp = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1,000,000')
const AbilityName = z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters')

export const growthChallengeContract = {
  'growth.challenge.view': {
    scope: 'gm',
    summary: 'The Challenge System between sessions: each character’s abilities, XP and the consequences they carry (CH-10).',
    input: z.object({ campaignId: Id }).strict(),
    output: ChallengeGrowth,
  },
  'growth.challenge.clear': {
    scope: 'gm',
    summary: 'Clears a character’s consequences of one kind (an ability’s, every ability’s, incapacitated) when the story restores them (CH-10).',
    input: z
      .object({
        campaignId: Id,
        characterId: Id,
        scope: Scope,
        /** The ability, for a reduction of one ability. */
        ability: AbilityName.default(''),
        reason: text(300, 'the reason').min(1, 'say how it was restored'),
      })
      .strict(),
    output: ChallengeGrowthDone,
  },
  'growth.challenge.ability': {
    scope: 'gm',
    summary: 'An ability’s rating changed as the GM rules (the text prices none), with the XP they ask for (CH-1).',
    input: z
      .object({
        campaignId: Id,
        characterId: Id,
        ability: AbilityName.min(1, 'say which'),
        rating: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1000, 'must be at most 1,000'),
        xp: Xp.default(0),
        reason: text(300, 'the reason').min(1, 'say what brought it about'),
      })
      .strict(),
    output: ChallengeGrowthDone,
  },
} as const satisfies Record<GrowthChallengeMethod, MethodDef>
