/** The shapes of table-osr.contract.ts's methods, as Zod schemas with their types. */
import { z } from 'zod'
import { Id } from './common'
import { RolledFace } from './core.contract'
import { CharacterKind, CharacterStatus } from './characters.contract'
import { Injury } from './injuries.contract'
import { ClockMode } from './clock.contract'
import { OSR_AIDED_ACTIVITIES, OSR_LAUNCHERS } from './table-osr.names'

export const whole = (min: number, max: number) =>
  z.number({ error: 'must be a number' }).int('must be a whole number').min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)
export const yesNo = z.boolean({ error: 'must be yes or no' })
/** The GM's situational modifiers, added to the d20 (a sprained arm −1, high ground +1 …). */
const Situational = whole(-30, 30)
/** OSR-8: in darkness or not; absent, the clock decides (no light lit: darkness). */
const Darkness = yesNo.optional()
export const Side = z.enum(['party', 'foes'], { error: () => 'must be party or foes' })
/** A fighter at the table: a character (its id), or an ad-hoc foe typed at the table (a negative id). */
export const FighterId = z.number({ error: 'must be a number' }).int('must be a whole number').refine((n) => n !== 0, 'must be a character or a foe at the table')
export const WeaponClassName = z.enum(['limb', 'short', 'standard', 'long'], { error: () => 'must be limb, short, standard or long' })

/** A foe typed at the table with the numbers a fight needs (OSR-15 … OSR-19); no NPC behind it. */
export const OsrFoeInput = z.object({
  name: z.string({ error: 'must be text' }).trim().min(1, 'give the foe a name').max(100, 'must be at most 100 characters'),
  level: whole(1, 20).default(1),
  B: whole(-3, 3).default(0), M: whole(-3, 3).default(0),
  maxH: whole(1, 200),
  /** The armour modifier it wears (OSR-15), and the class of its weapon or natural attack (OSR-16). */
  armour: whole(0, 20).default(0), weapon: WeaponClassName.default('standard'),
}).strict()
export type OsrFoeInput = z.input<typeof OsrFoeInput>

/** What the roll panel can roll, and its inputs; odds and roll take the same shape. */
export const OsrRoll = z.discriminatedUnion(
  'what',
  [
    z
      .object({
        what: z.literal('check'),
        characterId: FighterId.nullable().default(null),
        /** OSR-10: the most relevant modifier. */
        ability: z.enum(['B', 'M', 'S', 'none'], { error: () => 'must be B, M, S or none' }).default('none'),
        situational: Situational.default(0),
        /** OSR-4 d, e: what deft touch or heightened awareness helps, if anything. */
        activity: z.enum(OSR_AIDED_ACTIVITIES, { error: () => `must be one of: ${OSR_AIDED_ACTIVITIES.join(', ')}` }).nullable().default(null),
        target: whole(1, 40).default(10),
        darkness: Darkness,
      })
      .strict(),
    z
      .object({
        what: z.literal('save'),
        characterId: FighterId.nullable().default(null),
        /** OSR-3: the character's own target when absent. */
        target: whole(2, 20).optional(),
      })
      .strict(),
    z.object({ what: z.literal('is-it-so') }).strict(),
    z
      .object({
        what: z.literal('strike'),
        characterId: FighterId,
        targetId: FighterId.nullable().default(null),
        /** An inventory weapon; null for a natural limb (OSR-16). */
        weaponId: Id.nullable().default(null),
        situational: Situational.default(0),
        backstab: yesNo.default(false),
        /** The defender's armour modifier; their best armour carried when absent. */
        armour: whole(0, 20).optional(),
        darkness: Darkness,
      })
      .strict(),
    z
      .object({
        what: z.literal('shot'),
        characterId: FighterId,
        targetId: FighterId.nullable().default(null),
        weaponId: Id.nullable().default(null),
        /** OSR-18; from the weapon when absent (thrown unless it is a ranged weapon). */
        launcher: z.enum(OSR_LAUNCHERS, { error: () => `must be one of: ${OSR_LAUNCHERS.join(', ')}` }).optional(),
        /** A firearm has 2 or 3 times its launcher's accuracy (OSR-18). */
        firearm: whole(1, 3).default(1),
        distanceFt: z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(100_000, 'must be at most 100,000'),
        /** A crossbow or firearm without automatic feed must be reloaded after the shot (OSR-18). */
        reloads: yesNo.default(false),
        situational: Situational.default(0),
        darkness: Darkness,
      })
      .strict(),
    z
      .object({
        what: z.literal('cast'),
        characterId: FighterId,
        spellId: z.string({ error: 'must be a spell' }).trim().min(1, 'say which spell').max(100, 'must be at most 100 characters'),
        situational: Situational.default(0),
        darkness: Darkness,
      })
      .strict(),
  ],
  { error: () => 'must be a check, save, is-it-so, strike, shot or cast' },
)
export type OsrRoll = z.input<typeof OsrRoll>
export type ParsedOsrRoll = z.output<typeof OsrRoll>

/** One named part of a modifier: "B −1", "Darkness −5". */
export const OsrModifierPart = z.object({ label: z.string(), value: z.number().int() })
export type OsrModifierPart = z.infer<typeof OsrModifierPart>
/** An exact distribution as [value, probability] pairs, ascending. */
export const OsrDistribution = z.array(z.tuple([z.number(), z.number()]))
export type OsrDistributionPairs = z.infer<typeof OsrDistribution>

const Chances = { success: z.number(), failure: z.number(), spectacularSuccess: z.number(), spectacularFailure: z.number() }
const Modified = { modifier: z.number().int(), parts: z.array(OsrModifierPart), target: z.number().int() }
const Defender = z.object({ id: FighterId, name: z.string(), h: z.number().int(), maxH: z.number().int() }).nullable()

export const OsrOdds = z.discriminatedUnion('what', [
  z.object({ what: z.literal('check'), ...Modified, ...Chances }),
  z.object({ what: z.literal('save'), target: z.number().int(), saved: z.number(), notSaved: z.number() }),
  z.object({ what: z.literal('is-it-so'), itIs: z.number(), itIsNot: z.number() }),
  z.object({
    what: z.literal('strike'),
    ...Modified,
    /** d20s the strike rolls: 1 + monstrous form (OSR-17). */
    rolls: z.number().int(),
    hit: z.number(),
    spectacularSuccess: z.number(),
    spectacularFailure: z.number(),
    hits: OsrDistribution,
    /** Total H the defender loses; 0 when every roll misses. */
    totalHarm: OsrDistribution,
    harmDice: z.string(),
    defender: Defender,
  }),
  z.object({
    what: z.literal('shot'),
    ...Modified,
    hit: z.number(),
    spectacularSuccess: z.number(),
    spectacularFailure: z.number(),
    harm: OsrDistribution,
    harmDice: z.string(),
    accuracyFt: z.number(),
    rangePenalty: z.number().int(),
    defender: Defender,
  }),
  z.object({
    what: z.literal('cast'),
    ...Modified,
    ...Chances,
    spell: z.object({ id: z.string(), name: z.string(), level: z.number().int(), art: z.string() }),
    /** OSR-22: H each attempt costs, whatever the caster's level (OSR-23). */
    costH: z.number().int(),
    /** The spell's numbers as this caster casts them (OSR-23), rolled only after a success. */
    numbers: z.array(z.object({ key: z.string(), expression: z.string(), unit: z.string(), odds: OsrDistribution })),
  }),
])
export type OsrOdds = z.infer<typeof OsrOdds>

/** What harm did to a character's H (OSR-19), with the injuries it left. */
export const OsrHarmReport = z.object({
  characterId: FighterId,
  name: z.string(),
  harm: z.number().int(),
  before: z.object({ h: z.number().int(), maxH: z.number().int() }),
  after: z.object({ h: z.number().int(), maxH: z.number().int() }),
  incapacitated: z.boolean(),
  dead: z.boolean(),
  limb: z.enum(['none', 'broken', 'severed']),
  injuries: z.array(Injury),
})
export type OsrHarmReport = z.infer<typeof OsrHarmReport>

export const OSR_OUTCOMES = ['spectacular-success', 'success', 'failure', 'spectacular-failure', 'saved', 'not-saved', 'it-is', 'it-is-not', 'hit', 'miss'] as const
export type OsrOutcome = (typeof OSR_OUTCOMES)[number]

const OsrD20Roll = z.object({
  natural: z.number().int(),
  total: z.number().int(),
  success: z.boolean(),
  spectacular: z.boolean(),
  margin: z.number().int(),
  harm: z.object({ dice: z.string(), rolled: z.number().int(), harm: z.number().int(), faces: z.array(z.number().int()) }).nullable(),
})

export const OsrRollResult = z.object({
  what: z.enum(['check', 'save', 'is-it-so', 'strike', 'shot', 'cast']),
  logEntryId: Id,
  who: z.string().nullable(),
  gmOnly: z.boolean(),
  /** Every face, in order (DICE-3). */
  faces: z.array(RolledFace),
  outcome: z.enum(OSR_OUTCOMES),
  modifier: z.number().int().nullable(),
  parts: z.array(OsrModifierPart),
  target: z.number().int().nullable(),
  /** Each d20 (a check's one, a strike's one per roll); empty for "is it so?". */
  rolls: z.array(OsrD20Roll),
  /** The d6 of "is it so?" (OSR-11). */
  face: z.number().int().nullable(),
  totalHarm: z.number().int().nullable(),
  /** Harm that landed on the target's H. */
  harmed: OsrHarmReport.nullable(),
  cast: z
    .object({
      spell: z.object({ id: z.string(), name: z.string(), level: z.number().int() }),
      paid: OsrHarmReport,
      numbers: z.array(z.object({ key: z.string(), expression: z.string(), unit: z.string(), value: z.number() })),
      /** Still prepared after this attempt: a failed attempt may be tried again (our reading of OSR-22). */
      stillPrepared: z.boolean(),
    })
    .nullable(),
})
export type OsrRollResult = z.infer<typeof OsrRollResult>

/** A character as the table needs them: the sheet's numbers, and armour and weapons from the inventory. */
export const OsrFighter = z.object({
  id: FighterId,
  name: z.string(),
  kind: CharacterKind,
  status: CharacterStatus,
  level: z.number().int(),
  B: z.number().int(),
  M: z.number().int(),
  S: z.number().int(),
  h: z.number().int(),
  maxH: z.number().int(),
  armour: z.object({ modifier: z.number().int(), item: z.string().nullable() }),
  weapons: z.array(
    z.object({ id: Id, name: z.string(), weaponClass: z.enum(['limb', 'short', 'standard', 'long']), ranged: z.boolean(), advanced: z.boolean(), harm: z.string() }),
  ),
  options: z.array(z.string()),
  seesInTheDark: z.boolean(),
  monstrousForm: z.number().int(),
  resistanceTarget: z.number().int(),
  spells: z.array(z.object({ id: z.string(), name: z.string(), art: z.string(), level: z.number().int(), prepared: z.boolean() })),
  problems: z.array(z.string()),
})
export type OsrFighter = z.infer<typeof OsrFighter>

export const OsrCombatant = z.object({
  characterId: FighterId,
  name: z.string(),
  kind: CharacterKind,
  side: Side,
  level: z.number().int(),
  M: z.number().int(),
  h: z.number().int(),
  maxH: z.number().int(),
  incapacitated: z.boolean(),
  dead: z.boolean(),
  acted: z.boolean(),
  initiative: z.object({ natural: z.number().int(), total: z.number().int(), surprise: z.number().int() }).nullable(),
  /** Weapons shot and not reloaded yet (OSR-18). */
  unloaded: z.array(Id),
  /** An ad-hoc foe's numbers (no NPC behind it); null for a character. */
  foe: z.object({ level: z.number().int(), B: z.number().int(), armour: z.number().int(), weapon: WeaponClassName }).nullable(),
})
export type OsrCombatant = z.infer<typeof OsrCombatant>

export const OsrTableView = z.object({
  campaignId: Id,
  time: z.number().int(),
  mode: ClockMode,
  /** OSR-8: no light lit on the clock. */
  dark: z.boolean(),
  combat: z
    .object({
      startedAt: z.number().int(),
      /** The clock's round: 0 before the first (CLK-2). */
      round: z.number().int(),
      /** The same: the clock's combat round. */
      clockRound: z.number().int(),
      /** The round initiative was last rolled for; behind `round` only for a fight the tracker did not follow. */
      initiativeRound: z.number().int(),
      /** Surprise modifiers for the first round's initiative (OSR-14). */
      surprise: z.object({ party: z.number().int(), foes: z.number().int() }),
      needsInitiative: z.boolean(),
      /** Highest first; a step with several acts simultaneously (OSR-14). */
      order: z.array(z.object({ total: z.number().int(), characterIds: z.array(FighterId) })),
      /** Whose turn: the first step with someone able who has not acted; empty when all have. */
      turn: z.array(FighterId),
      combatants: z.array(OsrCombatant),
    })
    .nullable(),
  /** OSR-22: prepared spells and their secret windows (GM only). */
  preparations: z.array(
    z.object({
      characterId: Id,
      name: z.string(),
      spells: z.array(z.object({ id: z.string(), name: z.string(), level: z.number().int() })),
      preparedAt: z.number().int(),
      castBy: z.number().int(),
      expired: z.boolean(),
    }),
  ),
  /** The last step at the table that can be undone. */
  lastStep: z.object({ action: z.string(), summary: z.string() }).nullable(),
})
export type OsrTableView = z.infer<typeof OsrTableView>
