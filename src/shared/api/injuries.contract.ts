/**
 * Injuries: what a character suffers in the campaign's own rules — a Ladder damage level and where
 * it landed, an old-school broken or severed limb or lost maximum H, a Ranks Harm box, a Challenge
 * consequence — with the game time it was taken and, where the rules give one, when it heals.
 */
import { z } from 'zod'
import { HARM_BOXES, INJURY_KINDS, LADDER_DAMAGE_LEVELS, LIMB_HARMS, REDUCTION_SCOPES, WOUND_LOCATIONS } from '../injuries'
import { Id, type MethodDef } from './common'
import type { InjuryMethod } from './injuries.names'
import { LedgerEntry } from './ledger.contract'
import { text } from './records.contract'
import { GameTime } from './sessions.contract'

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be one of: ${values.join(', ')}` })

export const DamageLevel = oneOf(LADDER_DAMAGE_LEVELS)
export const WoundLocation = oneOf(WOUND_LOCATIONS)
export const HarmBox = oneOf(HARM_BOXES)

const Part = z.string({ error: 'must be text' }).trim().min(1, 'say which limb or organ').max(100, 'must be at most 100 characters')
const Points = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1000, 'must be at most 1,000')

/** What the injury is, by kind (the `details` of the stored row). */
const WHAT = {
  /** LAD-15, LAD-17; `thirdWound` marks an Incapacitate that a third Wound caused (LAD-18). */
  'ladder.damage': { level: DamageLevel, location: WoundLocation.nullable(), thirdWound: z.boolean() },
  /** OSR-19. */
  'osr.limb': { harm: oneOf(LIMB_HARMS), part: Part },
  /** OSR-19: each point of H below 0 lowers maximum H until the GM restores it. */
  'osr.max-h': { amount: Points.min(1, 'must be 1 or more') },
  /** RK-8: the box is always the lowest free one when the Harm is taken. */
  'ranks.harm': { box: HarmBox },
  /** CH-10. */
  'challenge.reduction': { scope: oneOf(REDUCTION_SCOPES), ability: z.string(), points: Points },
  other: {},
} as const

export const InjuryDetails = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('ladder.damage'), ...WHAT['ladder.damage'] }),
  z.object({ kind: z.literal('osr.limb'), ...WHAT['osr.limb'] }),
  z.object({ kind: z.literal('osr.max-h'), ...WHAT['osr.max-h'] }),
  z.object({ kind: z.literal('ranks.harm'), ...WHAT['ranks.harm'] }),
  z.object({ kind: z.literal('challenge.reduction'), ...WHAT['challenge.reduction'] }),
  z.object({ kind: z.literal('other') }),
])
export type InjuryDetails = z.infer<typeof InjuryDetails>

export const Injury = z.object({
  id: Id,
  campaignId: Id,
  characterId: Id,
  characterName: z.string(),
  system: z.string(),
  details: InjuryDetails,
  /** "Wounded · arm", "Broken left arm", "Hurt", "−2 Sorcery". */
  label: z.string(),
  /** What it does meanwhile (LAD-17's effect of the location), when the rules say. */
  effect: z.string().nullable(),
  description: z.string(),
  takenAt: z.number().int(),
  /** Game time it heals, where the rules give one (LAD-20: a Wound in 7 days; Incapacitated 30 days after treatment). */
  healsAt: z.number().int().nullable(),
  /** LAD-20: an Incapacitated character is up and about 7 days after treatment. */
  upAndAboutAt: z.number().int().nullable(),
  /** How it heals, in a sentence (the rule when there is no date). */
  recovery: z.string(),
  treated: z.boolean(),
  treatedAt: z.number().int().nullable(),
  healed: z.boolean(),
  healedAt: z.number().int().nullable(),
  /** LAD-22.3: an Incapacitate, not from a third Wound, can be stepped down to a Wound for 1 Plot Point. */
  canStepDown: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Injury = z.infer<typeof Injury>

const Common = {
  characterId: Id,
  description: text(2000).default(''),
  /** When it was taken; the clock's time now when absent (CLK-8). */
  takenAt: GameTime.optional(),
  /** The session it was taken in: the one being played when absent; null for none. */
  sessionId: Id.nullable().optional(),
}

const RecordInput = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...Common, kind: z.literal('ladder.damage'), level: DamageLevel, location: WoundLocation.nullable().default(null) }).strict(),
    z.object({ ...Common, kind: z.literal('osr.limb'), ...WHAT['osr.limb'] }).strict(),
    z.object({ ...Common, kind: z.literal('osr.max-h'), ...WHAT['osr.max-h'] }).strict(),
    // RK-8: each Harm marks the lowest free box, so the GM does not pick one.
    z.object({ ...Common, kind: z.literal('ranks.harm') }).strict(),
    z
      .object({
        ...Common,
        kind: z.literal('challenge.reduction'),
        scope: WHAT['challenge.reduction'].scope,
        ability: text(200).default(''),
        points: Points.default(0),
      })
      .strict(),
    z
      .object({
        ...Common,
        kind: z.literal('other'),
        description: z.string({ error: 'say what the injury is' }).trim().min(1, 'say what the injury is').max(2000, 'must be at most 2,000 characters'),
      })
      .strict(),
  ],
  { error: () => `must be one of: ${INJURY_KINDS.join(', ')}` },
)

export const injuryContract = {
  'injury.list': {
    scope: 'gm',
    summary: "A character's injuries, or the whole campaign's; unhealed first, newest first.",
    input: z.object({ campaignId: Id, characterId: Id.optional(), unhealedOnly: z.boolean().default(false) }).strict(),
    output: z.array(Injury),
  },
  'injury.record': {
    scope: 'gm',
    summary: 'Records an injury in the campaign’s rules, with when it heals where the rules say (LAD-20, CH-10).',
    input: RecordInput,
    output: Injury,
  },
  'injury.update': {
    scope: 'gm',
    summary: 'Marks an injury treated or healed, or changes its description, location or time taken.',
    // No defaults: an update names only what changes.
    input: z
      .object({
        id: Id,
        description: text(2000),
        location: WoundLocation.nullable(),
        part: Part,
        takenAt: GameTime,
        treated: z.boolean(),
        treatedAt: GameTime,
        healed: z.boolean(),
        healedAt: GameTime,
      })
      .partial()
      .required({ id: true })
      .strict(),
    output: Injury,
  },
  'injury.stepDown': {
    scope: 'gm',
    summary: 'Spends 1 Plot Point to step an Incapacitate down to a Wound (LAD-22.3).',
    // Without a game time, the spend is stamped when the Incapacitate was taken: that is when it is made.
    // Without a session, the spend is in the one being played (null: none).
    input: z.object({ id: Id, sessionId: Id.nullable().optional(), gameTime: GameTime.optional() }).strict(),
    output: z.object({ injury: Injury, entry: LedgerEntry }),
  },
  'injury.delete': {
    scope: 'gm',
    summary: 'Deletes an injury recorded by mistake.',
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id }),
  },
} as const satisfies Record<InjuryMethod, MethodDef>
