/** The shapes of table-ladder.contract.ts's methods, as Zod schemas with their types. */
import { z } from 'zod'
import { LADDER_RUNGS } from '../sheet-words'
import { Id } from './common'
import { DamageLevel, Injury, WoundLocation } from './injuries.contract'
import { text } from './records.contract'
import { CONFLICT_KINDS } from './table-ladder.names'

const oneOf = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be one of: ${values.join(', ')}` })

export const Rung = oneOf(LADDER_RUNGS)
export type Rung = z.infer<typeof Rung>
/** LAD-5: a good wonky ladder steps up on 5 or 6; a bad one steps down on 1 or 2. */
export const Wonky = oneOf(['good', 'bad'] as const)
export const ConflictKind = oneOf(CONFLICT_KINDS)

export const bool = z.boolean({ error: 'must be yes or no' })
export const Name = text(100, 'a name').min(1, 'say who rolls')
export const AssetName = text(100, 'the asset rolled')
const HeadStart = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0, 1 or 2').max(2, 'a head start is 1 or 2 AP (LAD-9)')

/** What a task roll is made of (LAD-2 … LAD-5). */
export const Task = {
  asset: Rung,
  difficulty: Rung.nullable().default(null),
  wonky: Wonky.nullable().default(null),
  extended: bool.default(false),
}

/** One side's roller in a conflict. */
export const Participant = z.object({
  characterId: Id.nullable().default(null),
  name: Name,
  assetName: AssetName.default(''),
  asset: Rung,
  wonky: Wonky.nullable().default(null),
})
export type Participant = z.infer<typeof Participant>

const TeamMember = Participant.extend({ super: bool.default(false), henchman: bool.default(false) })

/** A combatant (LAD-12 … LAD-14): the asset for hand-to-hand, and the one for shooting if they have a gun. */
export const Combatant = Participant.extend({
  shootName: AssetName.default(''),
  shoot: Rung.nullable().default(null),
  naturalWeapons: bool.default(false),
  super: bool.default(false),
  tough: bool.default(false),
})
export type Combatant = z.infer<typeof Combatant>

const Contender = z.object({ asset: Rung, wonky: Wonky.nullable().default(null) })

/** What to give odds for: every roll the table makes has exact odds from the engine (DICE-2). */
export const OddsInput = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('task'), ...Task }).strict(),
  z.object({ kind: z.literal('gunfire'), asset: Rung, target: Rung, wonky: Task.wonky, extended: Task.extended }).strict(),
  z.object({ kind: z.literal('damage'), level: DamageLevel, tough: bool.default(false) }).strict(),
  z.object({ kind: z.literal('instant'), a: Contender, b: Contender, extended: Task.extended }).strict(),
  z
    .object({
      kind: z.literal('exchange'),
      a: Contender,
      b: Contender,
      extended: Task.extended,
      ap: z.object({ a: z.number().int().min(0), b: z.number().int().min(0) }).default({ a: 0, b: 0 }),
    })
    .strict(),
  z.object({ kind: z.literal('untreated'), asset: Rung, wonky: Task.wonky, extended: Task.extended }).strict(),
])

/**
 * Exact odds: a probability per outcome (a rung, `miss`/`wounded`/`incapacitated`, a damage level,
 * side `a`/`tie`/`b`, `dying`/`recovers`), and the chance that counts when there is one.
 */
export const Odds = z.object({
  bars: z.array(z.object({ outcome: z.string(), p: z.number() })),
  success: z.object({ outcome: z.string(), p: z.number() }).nullable(),
  /** LAD-22.2: what Plot Points buy instead of rolling, and the cost. */
  buyable: z.array(z.object({ result: Rung, cost: z.number().int() })),
})
export type Odds = z.infer<typeof Odds>

const Status = z.object({
  subdued: z.boolean(),
  wounds: z.number().int(),
  incapacitated: z.enum(['injury', 'third wound']).nullable(),
  killed: z.boolean(),
})

/** LAD-27: a successful spell kept with the character for reuse: its effect, the magical assets used and the rung. */
export const Rote = z.object({ effect: z.string(), assets: z.array(z.string()), rung: Rung })
export type Rote = z.infer<typeof Rote>

/** LAD-25, LAD-26: a spell as the GM sets it at the table — the caster, the magical assets combined, the rung. */
export const SpellFields = {
  campaignId: Id,
  characterId: Id,
  assets: z.array(AssetName.min(1, 'name the asset')).min(1, 'name the magical assets the spell uses (LAD-25)').max(10, 'at most 10 assets'),
  rung: Rung.default('good'),
  /** LAD-25: the GM judged the effect trivial, so the rung may be below Good. */
  trivial: bool.default(false),
  wonky: Wonky.nullable().default(null),
}

/** A spell's exact odds (DICE-2), with the asset rung it is rolled at: the lowest of those combined (LAD-26). */
export const SpellOdds = z.object({
  bars: z.array(z.object({ outcome: z.string(), p: z.number() })),
  success: z.object({ outcome: z.string(), p: z.number() }),
  rolledAt: Rung,
  /** "the lowest of Red magic (Expert) and Blue magic (Good)", or the one asset's name and rung. */
  from: z.string(),
})
export type SpellOdds = z.infer<typeof SpellOdds>

export const LadderCharacter = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  super: z.boolean(),
  assets: z.array(z.object({ name: z.string(), rating: Rung, school: z.string().nullable() })),
  /** LAD-27: the spells the character has kept for reuse. */
  rotes: z.array(Rote),
  /** LAD-29: a super's Vulnerability, rolled under a bad wonky ladder. */
  vulnerability: z.string().nullable(),
  /** LAD-16: an asset named for toughness gives a bad wonky ladder against damage. */
  tough: z.boolean(),
  pp: z.number().int(),
  /** LAD-15 … LAD-18, from the character's open injuries. */
  status: Status,
  /** How they fought in their last combat (LAD-12): the asset's names on the sheet, for the next one's setup; null before any. */
  lastFight: z.object({ assetName: z.string(), shootName: z.string(), naturalWeapons: z.boolean() }).nullable(),
})
export type LadderCharacter = z.infer<typeof LadderCharacter>

/** A task roll as the table shows it, with the spend that still applies (LAD-22.1). */
export const RollOutcome = z.object({
  logEntryId: Id,
  characterId: Id.nullable(),
  name: z.string(),
  what: z.string(),
  asset: Rung,
  difficulty: Rung.nullable(),
  wonky: Wonky.nullable(),
  extended: z.boolean(),
  result: Rung,
  faces: z.array(z.number().int()),
  success: z.boolean().nullable(),
  /** LAD-22.2: bought with Plot Points instead of rolled. */
  bought: z.boolean(),
  /** LAD-22.1: pushed up a rung with a Plot Point (the rung it was pushed from). */
  steppedUpFrom: Rung.nullable(),
  gmOnly: z.boolean(),
  /** The character's Plot Points now; null for someone without a sheet. */
  pp: z.number().int().nullable(),
  /** Why a Plot Point cannot push this result up a rung, or null when it can. */
  stepUpRefusal: z.string().nullable(),
  /** A spell cast (LAD-25, LAD-26): what it was, and whether it is kept as a rote or may be now it worked (LAD-27). */
  spell: z.object({ effect: z.string(), assets: z.array(z.string()), rung: Rung, rote: z.enum(['kept', 'may keep']).nullable() }).nullable(),
  text: z.string(),
})
export type RollOutcome = z.infer<typeof RollOutcome>

/** What an injury did: recorded for a character of the campaign, and the timers it put on the clock. */
export const Consequence = z.object({
  name: z.string(),
  characterId: Id.nullable(),
  taken: z.enum(['none', 'subdued', 'wounded', 'incapacitated', 'killed']),
  outcome: z.enum(['no effect', 'subdued', 'wounded', 'incapacitated', 'killed']),
  location: WoundLocation.nullable(),
  injury: Injury.nullable(),
  timers: z.array(z.object({ label: z.string(), at: z.number().int() })),
  losesNextAttack: z.boolean(),
})
export type Consequence = z.infer<typeof Consequence>

export const Line = z.object({ name: z.string(), faces: z.array(z.number().int()), result: z.string(), note: z.string() })

export const ConflictView = z.object({
  id: Id,
  campaignId: Id,
  kind: ConflictKind,
  name: z.string(),
  status: z.enum(['open', 'over']),
  extended: z.boolean(),
  exchanges: z.number().int(),
  sides: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      ap: z.number().int(),
      /** AP that decide: 6 (LAD-8), or contestants + 3 in a race (LAD-11). */
      target: z.number().int(),
      members: z.array(Combatant.extend({ henchman: z.boolean(), out: z.boolean(), status: Status.nullable() })),
    }),
  ),
  winner: z.string().nullable(),
  notice: z.string().nullable(),
  mustNeutralise: z.object({ by: z.string(), choices: z.array(z.string()) }).nullable(),
  /** Exact odds of the next exchange, outcomes keyed by side; null when over. */
  odds: Odds.nullable(),
  /** The chance each side wins the whole conflict from here, where the engine gives it (LAD-8). */
  winOdds: z.array(z.object({ key: z.string(), p: z.number() })).nullable(),
  rung: Rung.nullable(),
  difficulty: Rung.nullable(),
  combat: z
    .object({
      round: z.number().int(),
      lostAttack: z.array(z.string()),
      /** LAD-17: knocked out by a Wound to the head, and the game time each comes round. */
      knockedOut: z.array(z.object({ name: z.string(), until: z.number().int() })),
      fights: z.array(z.object({ a: z.string(), b: z.string(), ap: z.object({ a: z.number().int(), b: z.number().int() }) })),
    })
    .nullable(),
  last: z.object({ title: z.string(), text: z.string(), lines: z.array(Line), consequences: z.array(Consequence) }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type ConflictView = z.infer<typeof ConflictView>

const Sides = { headStart: z.object({ a: HeadStart, b: HeadStart }).default({ a: 0, b: 0 }) }
const ConflictName = text(100, 'a name').default('')

export const StartConflict = z.discriminatedUnion('kind', [
  z.object({ campaignId: Id, kind: z.literal('extended'), name: ConflictName, a: Participant, b: Participant, ...Sides, extended: Task.extended }).strict(),
  z
    .object({
      campaignId: Id,
      kind: z.literal('team'),
      name: ConflictName,
      labels: z.object({ a: text(60).default(''), b: text(60).default('') }).default({ a: '', b: '' }),
      a: z.array(TeamMember).min(1, 'put someone on this side'),
      b: z.array(TeamMember).min(1, 'put someone on this side'),
      ...Sides,
      extended: Task.extended,
    })
    .strict(),
  z
    .object({
      campaignId: Id,
      kind: z.literal('race'),
      name: ConflictName,
      contestants: z.array(Participant).min(3, 'a race needs 3 or more contestants (LAD-11); for two, run an extended conflict'),
      difficulty: Rung,
      extended: Task.extended,
    })
    .strict(),
  z.object({ campaignId: Id, kind: z.literal('duel'), name: ConflictName, a: Participant, b: Participant, ...Sides, rung: Rung.default('good') }).strict(),
  z
    .object({ campaignId: Id, kind: z.literal('combat'), name: ConflictName, combatants: z.array(Combatant).min(2, 'a fight needs two or more combatants') })
    .strict(),
])
export type StartConflict = z.infer<typeof StartConflict>
