/** The shapes of table-challenge.contract.ts's methods, as Zod schemas with their types. */
import { z } from 'zod'
import { Id } from './common'
import { text } from './records.contract'

export const whole = (min: number, max: number) =>
  z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be ${min} or more`)
    .max(max, `must be at most ${max.toLocaleString('en')}`)
export const Points = whole(0, 1000)

/** Where dice replace numbers (CH-11), or nowhere. */
export const CHALLENGE_DICE_PLACES = ['none', 'pools', 'comparison', 'losses', 'modifiers'] as const
export const ChallengeDicePlace = z.enum(CHALLENGE_DICE_PLACES, { error: () => `must be one of: ${CHALLENGE_DICE_PLACES.join(', ')}` })
/** CH-10: how hazardous the challenge is for a side. */
export const CHALLENGE_HAZARDS = ['none', 'slightly', 'very'] as const
export const ChallengeHazard = z.enum(CHALLENGE_HAZARDS, { error: () => `must be one of: ${CHALLENGE_HAZARDS.join(', ')}` })
/** CH-6: what a complementary ability gives. */
export const CHALLENGE_ASSIST_FORMS = ['bonus', 'reserves', 'resistance'] as const
/** CH-10: what a point of reduction comes out of. */
export const CHALLENGE_REDUCTION_FROM = ['rating', 'bonus', 'reserves', 'resistance'] as const
export const CHALLENGE_WINNERS = ['single', 'opponents', 'draw'] as const

/** One or two complementary (or hindering) abilities, and what they give (CH-6). */
export const ChallengeAssist = z
  .object({
    abilities: z
      .array(z.object({ name: text(100).default(''), rating: Points }).strict())
      .min(1, 'name the complementary ability')
      .max(2, 'at most two complementary abilities apply (CH-6)'),
    as: z.enum(CHALLENGE_ASSIST_FORMS, { error: () => `must be one of: ${CHALLENGE_ASSIST_FORMS.join(', ')}` }).default('bonus'),
  })
  .strict()
export type ChallengeAssist = z.infer<typeof ChallengeAssist>

/** A side as the GM sets it up: a character's ability (numbers from the sheet, as adjusted) or anything the GM rates. */
export const ChallengeSideInput = z
  .object({
    /** Defaults to the character's name. */
    name: text(100).default(''),
    characterId: Id.nullable().default(null),
    /** The ability used: consequences reduce it (CH-10), and it restores earlier reductions of itself. */
    ability: text(100).default(''),
    rating: Points,
    bonus: Points.default(0),
    reserves: Points.default(0),
    resistance: Points.default(0),
    /** CH-5: a bonus for the first round only, carried from a preparatory challenge. */
    firstRoundBonus: Points.default(0),
    hazard: ChallengeHazard.default('none'),
    /** CH-9: a horde of this many identical goons; the numbers are one goon's. */
    horde: whole(2, 1000).nullable().default(null),
    /** CH-6: abilities that help this side. */
    help: ChallengeAssist.nullable().default(null),
    /** CH-6: abilities that hinder this side; what they give goes to its opponent. */
    hindrance: ChallengeAssist.nullable().default(null),
  })
  .strict()
export type ChallengeSideInput = z.input<typeof ChallengeSideInput>

export const SetupFields = {
  campaignId: Id,
  title: text(200).default(''),
  dice: ChallengeDicePlace.default('none'),
  /** CH-6: the stepped table, or the continuous formula. */
  complementary: z.enum(['stepped', 'continuous'], { error: () => 'must be stepped or continuous' }).default('stepped'),
  /** Side 0 faces every other side (CH-8); one-on-one has two. */
  sides: z.array(ChallengeSideInput).min(2, 'a challenge needs two sides').max(13, 'at most 12 opponents'),
}
export const ChallengeSetup = z.object({ ...SetupFields, gmOnly: z.boolean().default(false) }).strict()
export type ChallengeSetup = z.input<typeof ChallengeSetup>

/** A side's start-of-round choice (CH-7), in pool points. */
export const ChallengeChoice = z
  .object({
    side: whole(0, 12),
    turnBack: Points.default(0),
    toBonus: Points.default(0),
    toReserves: Points.default(0),
    toResistance: Points.default(0),
  })
  .strict()
export type ChallengeChoice = z.input<typeof ChallengeChoice>
const Problem = z.object({ field: z.string(), problem: z.string() })

/** The chance of each ending (DICE-2), from the engine: exact with dice, certain without. */
export const ChallengeOdds = z.object({
  /** 'dice': exact odds; 'certain': no dice left, the end is known; 'none': the engine has no odds for this. */
  kind: z.enum(['dice', 'certain', 'none']),
  aName: z.string(),
  bName: z.string(),
  a: z.number(),
  b: z.number(),
  draw: z.number(),
  stalemate: z.number(),
  /** Without dice: rounds until the end. */
  rounds: z.number().int().nullable(),
  /** What the numbers assume, or why there are none. */
  note: z.string(),
  problems: z.array(Problem),
})
export type ChallengeOdds = z.infer<typeof ChallengeOdds>

const Numbers = z.object({ pool: z.number().int(), bonus: z.number().int(), reserves: z.number().int(), resistance: z.number().int() })
export type ChallengeNumbers = z.infer<typeof Numbers>

/** Challenge dice rolled for one number (CH-11, DICE-3). */
export const ChallengeDiceView = z.object({
  what: z.string(),
  who: z.string(),
  count: z.number().int(),
  faces: z.array(z.number().int()),
  /** What each face counts for: 0 on a 1, 2 on a 6, 1 otherwise. */
  values: z.array(z.number().int()),
  total: z.number().int(),
})
export type ChallengeDiceView = z.infer<typeof ChallengeDiceView>

/** What one round did (CH-2 … CH-9), as the engine reports it. */
export const ChallengeRoundView = z.object({
  round: z.number().int(),
  carriedBonus: z.array(z.object({ side: z.string(), bonus: z.number().int() })),
  conversions: z.array(
    z.object({
      side: z.string(),
      bonusBack: z.number(),
      resistanceBack: z.number(),
      reservesTurnedBack: z.number(),
      poolFromReserves: z.number(),
      poolSpent: z.number(),
      bonusGained: z.number(),
      reservesGained: z.number(),
      resistanceGained: z.number(),
    }),
  ),
  dice: z.array(ChallengeDiceView),
  sides: z.array(
    z.object({
      index: z.number().int(),
      side: z.string(),
      before: Numbers,
      bonusUsed: z.number().int(),
      effective: z.number().int(),
      resistanceUsed: z.number().int(),
      through: z.number().int(),
      fromReserves: z.number().int(),
      fromPool: z.number().int(),
      after: Numbers,
    }),
  ),
  blows: z.array(
    z.object({
      fromSide: z.string(),
      toSide: z.string(),
      loss: z.number().int(),
      inflicted: z.number().int(),
      resisted: z.number().int(),
      through: z.number().int(),
    }),
  ),
  fallen: z.array(z.object({ side: z.string(), members: z.number().int(), standing: z.number().int() })),
  eliminated: z.array(z.string()),
  winner: z.enum(CHALLENGE_WINNERS).nullable(),
})
export type ChallengeRoundView = z.infer<typeof ChallengeRoundView>

export const ChallengeSideView = z.object({
  index: z.number().int(),
  name: z.string(),
  characterId: Id.nullable(),
  ability: z.string(),
  /** Every ability this side used in the challenge (CH-5 changes add one). */
  abilitiesUsed: z.array(z.string()),
  hazard: ChallengeHazard,
  rating: z.number().int(),
  numbers: Numbers,
  startingPool: z.number().int(),
  lowestPool: z.number().int(),
  out: z.boolean(),
  converted: z.object({ bonus: z.number(), reserves: z.number(), resistance: z.number() }),
  /** CH-5: bonus waiting for the next round. */
  carriedBonus: z.number().int(),
  /** The next round, after conversions come back (CH-7): the pool, converted reserves that may be turned back, and the most that may be converted. */
  next: z.object({ pool: z.number().int(), turnable: z.number().int(), limit: z.number().int() }),
  horde: z.object({ members: z.number().int(), standing: z.number().int() }).nullable(),
  /** What complementary and hindering abilities gave, in words (CH-6). */
  helps: z.array(z.string()),
})
export type ChallengeSideView = z.infer<typeof ChallengeSideView>

/** CH-10: what a side pays, and what would be recorded. */
export const ChallengeConsequence = z.object({
  side: z.number().int(),
  name: z.string(),
  characterId: Id.nullable(),
  ability: z.string(),
  threshold: z.enum(['half', 'zero', 'minus-one', 'minus-half']).nullable(),
  /** 'ability' or 'overall' reduction, 'incapacitated', or null for none. */
  scope: z.enum(['ability', 'overall', 'incapacitated']).nullable(),
  fraction: z.enum(['1/4', '1/2']).nullable(),
  base: z.number().int(),
  points: z.number().int(),
  /** What the reduction can come out of once this challenge's restores are made: the ability used, or for an overall one the least of every ability. */
  available: z.object({ rating: z.number(), bonus: z.number(), reserves: z.number(), resistance: z.number() }),
  /** Earlier reductions of abilities used here, restored once the consequences are written. */
  restores: z.array(z.string()),
  /** A split of the points the sheet can take (rating first), offered as the default; null when none fits or there is nothing to split. */
  split: z.array(z.object({ from: z.enum(['rating', 'bonus', 'reserves', 'resistance']), points: z.number().int() })).nullable(),
  /** Why no split fits the sheet, in the GM's words; the consequence is then recorded "to split". */
  splitProblem: z.string().nullable(),
})
export type ChallengeConsequence = z.infer<typeof ChallengeConsequence>

export const ChallengeView = z.object({
  id: Id,
  campaignId: Id,
  sessionId: Id.nullable(),
  title: z.string(),
  status: z.enum(['running', 'decided', 'closed']),
  dice: ChallengeDicePlace,
  complementary: z.enum(['stepped', 'continuous']),
  gmOnly: z.boolean(),
  startedAt: z.number().int(),
  roundsPlayed: z.number().int(),
  winner: z.enum(CHALLENGE_WINNERS).nullable(),
  /** "Cecilie wins", "A draw". */
  outcome: z.string().nullable(),
  sides: z.array(ChallengeSideView),
  startDice: z.array(ChallengeDiceView),
  lastRound: ChallengeRoundView.nullable(),
  /** Every side's pool after each round. */
  history: z.array(z.object({ round: z.number().int(), pools: z.array(z.number().int()) })),
  canChange: z.boolean(),
  /** CH-5: the first-round bonus each side carries into a challenge this one prepares. */
  carry: z.object({ a: z.number().int(), b: z.number().int() }).nullable(),
  consequences: z.array(ChallengeConsequence),
  consequencesWritten: z.boolean(),
  /** The step "Take back" would undo. */
  lastStep: z.string().nullable(),
})
export type ChallengeView = z.infer<typeof ChallengeView>

export const ChallengeAbilityView = z.object({
  name: z.string(),
  rating: z.number().int(),
  bonus: z.number().int(),
  reserves: z.number().int(),
  resistance: z.number().int(),
  /** True when consequences (CH-10) lower it from the sheet's own numbers. */
  reduced: z.boolean(),
})
export type ChallengeAbilityView = z.infer<typeof ChallengeAbilityView>
