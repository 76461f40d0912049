/**
 * The Challenge System at the table (CH-1 … CH-11): a challenge set up from the characters'
 * abilities (complementary and hindering ones, hordes, several opponents), its exact odds, then
 * run round by round with each side's conversions, changes of ability, and the consequences
 * written to the injury records.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { text } from './records.contract'
import type { ChallengeTableMethod } from './table-challenge.names'
import { whole, Points, CHALLENGE_REDUCTION_FROM, SetupFields, ChallengeSetup, ChallengeChoice, ChallengeOdds, ChallengeView, ChallengeAbilityView } from './table-challenge.schemas'

export * from './table-challenge.schemas'

const Choices = z.array(ChallengeChoice).max(13).default([])

const Act = { id: Id, gmOnly: z.boolean().optional() }


export const challengeTableContract = {
  'challenge.abilities': {
    scope: 'gm',
    summary: "A character's abilities as they stand, reductions taken off (CH-1, CH-10).",
    input: z.object({ characterId: Id }).strict(),
    output: z.object({ characterId: Id, name: z.string(), abilities: z.array(ChallengeAbilityView) }),
  },
  'challenge.odds': {
    scope: 'gm',
    summary: 'The exact chance each side wins a challenge as set up (CH-11, DICE-2), or its certain end without dice.',
    input: z.object({ ...SetupFields, title: text(200).optional(), gmOnly: z.boolean().optional() }).strict(),
    output: ChallengeOdds,
  },
  'challenge.preview': {
    scope: 'gm',
    summary: "The next round's odds with the sides' conversions, and any problem with those conversions (CH-7).",
    input: z.object({ id: Id, choices: Choices }).strict(),
    output: ChallengeOdds,
  },
  'challenge.current': {
    scope: 'gm',
    summary: 'The challenge on the table: the running or last decided one not yet put away.',
    input: z.object({ campaignId: Id }).strict(),
    output: ChallengeView.nullable(),
  },
  'challenge.start': {
    scope: 'gm',
    summary: 'Starts a challenge (CH-1): pools formed, dice rolled where they go (CH-11), logged.',
    input: ChallengeSetup,
    output: ChallengeView,
  },
  'challenge.round': {
    scope: 'gm',
    summary: 'Plays one round (CH-2 … CH-9) with each side’s conversions (CH-7); logged with its dice.',
    input: z.object({ ...Act, choices: Choices }).strict(),
    output: ChallengeView,
  },
  'challenge.playOut': {
    scope: 'gm',
    summary: 'Plays rounds with no conversions until the challenge is decided (at most 100).',
    input: z.object(Act).strict(),
    output: ChallengeView,
  },
  'challenge.change': {
    scope: 'gm',
    summary: 'Changes abilities mid-challenge (CH-5): the side ahead gets half the difference as a first-round bonus.',
    input: z
      .object({
        ...Act,
        sides: z
          .array(z.object({ side: whole(0, 1), ability: text(100).default(''), rating: Points, bonus: Points.default(0), reserves: Points.default(0), resistance: Points.default(0) }).strict())
          .min(1, 'change at least one side’s ability')
          .max(2, 'a one-on-one challenge has two sides'),
      })
      .strict(),
    output: ChallengeView,
  },
  'challenge.consequences': {
    scope: 'gm',
    summary: 'Writes the consequences (CH-10) to the injury records, restores earlier reductions of the abilities used, and takes the owner’s split off the sheet.',
    input: z
      .object({
        ...Act,
        splits: z
          .array(
            z
              .object({
                side: whole(0, 12),
                shares: z.array(z.object({ from: z.enum(CHALLENGE_REDUCTION_FROM), points: whole(1, 1000) }).strict()).max(4),
              })
              .strict(),
          )
          .max(13)
          .default([]),
      })
      .strict(),
    output: ChallengeView,
  },
  'challenge.close': {
    scope: 'gm',
    summary: 'Puts the challenge away: broken off if still running; refused while consequences wait unless told to skip them.',
    input: z.object({ ...Act, skipConsequences: z.boolean().default(false) }).strict(),
    output: z.object({ id: Id }),
  },
  'challenge.undo': {
    scope: 'gm',
    summary: 'Takes back the last challenge step: a start, a round, a change of abilities, consequences or a close.',
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({ undone: z.string(), challenge: ChallengeView.nullable() }),
  },
} as const satisfies Record<ChallengeTableMethod, MethodDef>
