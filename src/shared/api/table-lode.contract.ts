/**
 * LODE at the table: exact odds before every roll, pool rolls with Destiny re-rolls
 * and Energy dice (LODE-9), opposed rolls (LODE-7), the Fluke Die (LODE-8), deliberate Halfmagic
 * (LODE-10) and giving it up (LODE-11). Every roll is stored with the engine's state and logged
 * with its faces; every point spent or gained is a ledger entry.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { text } from './records.contract'
import type { TableLodeMethod } from './table-lode.names'

/** LODE-5, in the engine's order: a test checks these against `LABELS` of engines/lode. */
export const LODE_LABELS = ['failure', 'marginal', 'adequate', 'solid', 'impressive', 'exceptional', 'astonishing'] as const
export type LodeLabel = (typeof LODE_LABELS)[number]

const count = (max: number) =>
  z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(max, `must be at most ${max}`)

/** LODE-1: the GM's Base Dice, 0 or negative allowed; LODE-12's table runs 3 … −5. */
const BaseDice = z.number({ error: 'must be a number' }).int('must be a whole number').min(-20, 'must be −20 or more').max(20, 'must be at most 20')

/** What changes a pool (LODE-1, LODE-4, LODE-9); the Web comes from the campaign's setting. */
const PoolFields = {
  advantages: count(40).default(0),
  disadvantages: count(40).default(0),
  blessing: count(20).default(0),
  curse: count(20).default(0),
  energy: count(20).default(0),
}

/** A pool roll, or the Fluke Die (LODE-8): one die that only Blessing and Curse change. */
const RollMode = z.enum(['pool', 'fluke'], { error: () => 'must be pool or fluke' })

/** Who rolls: a character (whose Destiny and Energy pay, LODE-9) or nobody in particular. */
const Roller = {
  characterId: Id.nullable().default(null),
  /** A name for a side with no character ("the guard"); a character's own name wins. */
  name: text(100).default(''),
  /** What is rolled, in the GM's words: "Strength +1, Swordfighting +2". */
  what: text(200).default(''),
}

const OpposedSideInput = z.object({ ...Roller, baseDice: BaseDice.default(2), ...PoolFields }).strict()

export const LodePoolOdds = z.object({
  /** Dice rolled; 0 or less means no roll and a certain failure (LODE-1). */
  pool: z.number().int(),
  web: z.number().int(),
  /** successes[k] = P(exactly k successes) (DICE-2). */
  successes: z.array(z.number()),
  fumble: z.number(),
  /** P(successes ≥ the Web). */
  halfmagic: z.number(),
  /** LODE-9: Energy dice asked for that the character cannot spend, left out of these odds, in words; null when none. */
  energyNote: z.string().nullable(),
})
export type LodePoolOdds = z.infer<typeof LodePoolOdds>

export const LodePoolResult = z.object({
  pool: z.number().int(),
  rolled: z.array(z.number().int()),
  faces: z.array(z.number().int()),
  explosions: z.array(z.number().int()),
  successes: z.number().int(),
  fumble: z.boolean(),
  label: z.enum(LODE_LABELS),
  halfmagic: z.number().int(),
})
export type LodePoolResult = z.infer<typeof LodePoolResult>

export const LodeRollSide = z.object({
  characterId: Id.nullable(),
  name: z.string(),
  what: z.string(),
  input: z.object({
    baseDice: z.number().int(),
    advantages: z.number().int(),
    disadvantages: z.number().int(),
    blessing: z.number().int(),
    curse: z.number().int(),
    energy: z.number().int(),
    web: z.number().int(),
  }),
  /** The roll that stands. */
  result: LodePoolResult,
  /** Rolls wiped by Destiny re-rolls, oldest first (LODE-9). */
  earlier: z.array(LodePoolResult),
  /** LODE-11: the Halfmagic was given up, and who gained the Destiny point. */
  givenUp: z.object({ toId: Id.nullable(), toName: z.string(), level: z.number().int() }).nullable(),
  /** The character's Destiny and Energy now; null for a side with no character. */
  points: z.object({ destiny: z.number().int(), energy: z.number().int() }).nullable(),
})
export type LodeRollSide = z.infer<typeof LodeRollSide>

export const LodeRoll = z.object({
  id: Id,
  campaignId: Id,
  kind: z.enum(['pool', 'fluke', 'opposed', 'deliberate']),
  gmOnly: z.boolean(),
  /** One side, or two for an opposed roll. */
  sides: z.array(LodeRollSide),
  /** LODE-7: who won and by how much. */
  opposed: z.object({ winner: z.enum(['a', 'b', 'tie']), margin: z.number().int() }).nullable(),
  /** LODE-10: the attempt's state, and whether the Destiny point paid up front still covers a re-roll. */
  deliberate: z.object({ status: z.enum(['rolling', 'succeeded', 'failed']), prepaidRerolls: z.number().int() }).nullable(),
  /** The log entry of the latest step. */
  logEntryId: Id.nullable(),
})
export type LodeRoll = z.infer<typeof LodeRoll>

export const LodeScene = z.object({
  number: z.number().int(),
  sessionId: Id.nullable(),
  /** LODE-11: who already kept a Destiny point from giving up Halfmagic in this scene. */
  keptBy: z.array(z.object({ id: Id, name: z.string() })),
})
export type LodeScene = z.infer<typeof LodeScene>

export const LodeBaseDiceRow = z.object({ baseDice: z.number().int(), ok: z.string().nullable(), atAll: z.string(), note: z.string().optional() })

const Campaign = { campaignId: Id }
const RollId = { rollId: Id }
const Side = z.enum(['a', 'b'], { error: () => 'must be a or b' })

export const tableLodeContract = {
  'lode.table': {
    scope: 'gm',
    summary: 'LODE at the table: the Web, the Base Dice table (LODE-12), the scene and the latest roll.',
    input: z.object(Campaign).strict(),
    output: z.object({ web: z.number().int(), baseDiceTable: z.array(LodeBaseDiceRow), scene: LodeScene, last: LodeRoll.nullable() }),
  },
  'lode.odds': {
    scope: 'gm',
    summary: 'The exact odds of a LODE pool or Fluke Die before it is rolled: successes, fumble, Halfmagic.',
    input: z.object({ ...Campaign, characterId: Roller.characterId, mode: RollMode.default('pool'), baseDice: BaseDice, ...PoolFields }).strict(),
    output: LodePoolOdds,
  },
  'lode.opposedOdds': {
    scope: 'gm',
    summary: 'The exact chances that each side of an opposed roll wins, or that they tie (LODE-7).',
    input: z.object({ ...Campaign, a: OpposedSideInput, b: OpposedSideInput }).strict(),
    output: z.object({ a: LodePoolOdds, b: LodePoolOdds, win: z.number(), tie: z.number(), lose: z.number() }),
  },
  'lode.roll': {
    scope: 'gm',
    summary: 'Rolls a LODE pool (or the Fluke Die), paying its Energy dice from the ledger, and logs every face.',
    input: z.object({ ...Campaign, ...Roller, mode: RollMode.default('pool'), baseDice: BaseDice, ...PoolFields, gmOnly: z.boolean().default(false) }).strict(),
    output: LodeRoll,
  },
  'lode.reroll': {
    scope: 'gm',
    summary: 'Spends a Destiny point to roll the whole pool again (LODE-9); for an opposed roll, one side.',
    input: z.object({ ...RollId, side: Side.default('a') }).strict(),
    output: LodeRoll,
  },
  'lode.giveUpHalfmagic': {
    scope: 'gm',
    summary: 'Takes a Halfmagic result as ordinary successes for a Destiny point, kept or given to another (LODE-11).',
    input: z.object({ ...RollId, side: Side.default('a'), giveToId: Id.nullable().default(null) }).strict(),
    output: LodeRoll,
  },
  'lode.opposed': {
    scope: 'gm',
    summary: 'Both sides roll, usually at Base Dice 2; more successes wins by the difference (LODE-7).',
    input: z.object({ ...Campaign, a: OpposedSideInput, b: OpposedSideInput, gmOnly: z.boolean().default(false) }).strict(),
    output: LodeRoll,
  },
  'lode.deliberate': {
    scope: 'gm',
    summary: 'A deliberate attempt at Halfmagic: 1 Destiny up front, rolled at Base Dice 2 (LODE-10).',
    input: z
      .object({ ...Campaign, characterId: Id, what: Roller.what, ...PoolFields, gmOnly: z.boolean().default(false) })
      .strict(),
    output: LodeRoll,
  },
  'lode.deliberateReroll': {
    scope: 'gm',
    summary: 'Re-rolls a deliberate Halfmagic attempt that missed: free once, then 1 Destiny each (LODE-10).',
    input: z.object(RollId).strict(),
    output: LodeRoll,
  },
  'lode.deliberateStop': {
    scope: 'gm',
    summary: 'Stops re-rolling a deliberate Halfmagic attempt: it fails, and gains nothing (LODE-10).',
    input: z.object(RollId).strict(),
    output: LodeRoll,
  },
  'lode.newScene': {
    scope: 'gm',
    summary: 'Begins a new scene: everyone may keep a Destiny point for giving up Halfmagic again (LODE-11).',
    input: z.object(Campaign).strict(),
    output: LodeScene,
  },
} as const satisfies Record<TableLodeMethod, MethodDef>
