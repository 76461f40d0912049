/**
 * Resolution and Ranks at the table: the rank roll with its exact odds (RK-2, DICE-2),
 * aspects (RK-4), the borderline rule (RK-5), experience (RK-6), the GM's Threat and the Dangers it
 * buys (RK-7), the Harm track (RK-8) and the chapter moves (RK-9).
 */
import { z } from 'zod'
import { ABILITY_RANK_NAMES, CHAPTER_MOVE_NAMES, HARM_BOX_NAMES, RANK_NAMES } from '../sheet-words'
import { Id, type MethodDef } from './common'
import { name, text } from './records.contract'
import type { RanksTableMethod } from './table-ranks.names'

const oneOf = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: () => `must be one of: ${values.join(', ')}` })

export const Rank = oneOf(RANK_NAMES)
export const AbilityRank = oneOf(ABILITY_RANK_NAMES)
export const RankColour = oneOf(['red', 'yellow', 'green', 'blue', 'black'])
const HarmBox = oneOf(HARM_BOX_NAMES)
export const ChapterMove = oneOf(CHAPTER_MOVE_NAMES)
export const ExperienceRule = oneOf(['losses', 'unchanged-aspect'])

const HarmTrack = z.object({ weary: z.boolean(), hurt: z.boolean(), doomed: z.boolean() })

/** One bar of the odds chart: a rank, its exact chance and its colour (RK-3). */
export const RankBar = z.object({ rank: Rank, p: z.number(), colour: RankColour })

export const RankOdds = z.object({
  bars: z.array(RankBar),
  /** Fair or better: not a failure (RK-3); against a Danger, the Danger is removed (RK-8). */
  success: z.number(),
  /** Good or better: against a Danger, removed with no Harm (RK-8). */
  noHarm: z.number(),
})
export type RankOdds = z.infer<typeof RankOdds>

/** What accepting a roll did. */
export const RanksRollOutcome = z.object({
  danger: z.object({ id: Id, description: z.string(), removed: z.boolean() }).nullable(),
  harm: z
    .object({ characterId: Id, name: z.string(), box: HarmBox.nullable(), beyondDoomed: z.boolean(), injuryId: Id.nullable() })
    .nullable(),
  xp: z.object({ amount: z.number().int(), reasons: z.array(z.string()) }).nullable(),
  courage: oneOf(['recovering', 'removed']).nullable(),
  refreshed: z.string().nullable(),
  /** A chapter move that settled it (Concession, Sacrifice). */
  move: z.string().nullable(),
})
export type RanksRollOutcome = z.infer<typeof RanksRollOutcome>

export const RanksRoll = z.object({
  id: Id,
  characterId: Id.nullable(),
  who: z.string(),
  ability: z.string(),
  rank: AbilityRank,
  up: z.number().int(),
  down: z.number().int(),
  aspect: z.number().int().nullable(),
  aspectName: z.string().nullable(),
  result: Rank,
  colour: RankColour,
  /** RK-3's reading: disaster, failure, complicated (Fair), partial, victory, legendary. */
  band: oneOf(['disaster', 'failure', 'complicated', 'partial', 'victory', 'legendary']),
  /** How the dice moved the rank, in words: "Great +5 −2 → Spectacular (the top an ability reaches)". */
  steps: z.string(),
  /** What the up and down dice said before any aspect (RK-4, RK-6). */
  before: Rank,
  purpose: oneOf(['action', 'danger', 'courage']),
  dangerId: Id.nullable(),
  danger: z.string().nullable(),
  status: oneOf(['open', 'accepted', 'replaced', 'conceded', 'withdrawn']),
  replacesId: Id.nullable(),
  gmOnly: z.boolean(),
  /** RK-4: an aspect was invoked and the result is still a failure: the character may leave the scene. */
  mayLeaveScene: z.boolean(),
  /** RK-5, with the campaign's borderline rule on: who picks the ability to roll again, while open. */
  borderline: oneOf(['player', 'gm']).nullable(),
  outcome: RanksRollOutcome.nullable(),
  logEntryId: Id.nullable(),
})
export type RanksRoll = z.infer<typeof RanksRoll>

export const RanksPerson = z.object({
  id: Id,
  name: z.string(),
  kind: oneOf(['pc', 'npc']),
  abilities: z.array(z.object({ name: z.string(), rank: AbilityRank })),
  aspects: z.array(z.object({ name: z.string(), used: z.boolean() })),
  harm: HarmTrack,
  /** The box the next Harm marks; null when the next goes beyond Doomed (RK-8). */
  nextHarm: HarmBox.nullable(),
  chapterMoves: z.array(ChapterMove),
  xp: z.number().int(),
  /** The Danger this character faces (RK-7), if any. */
  dangerId: Id.nullable(),
  /** Out of the scene, beyond Doomed: Courage still to roll (RK-8). */
  courageDue: z.boolean(),
})
export type RanksPerson = z.infer<typeof RanksPerson>

export const RanksDanger = z.object({ id: Id, characterId: Id, facing: z.string(), description: z.string(), threat: z.number().int() })
export type RanksDanger = z.infer<typeof RanksDanger>

export const RanksTable = z.object({
  campaignId: Id,
  /** The GM's Threat: the campaign ledger's balance (RK-7). */
  threat: z.number().int(),
  sessionId: Id.nullable(),
  /** Whether Threat was given for the open session (RK-7). */
  threatGiven: z.boolean(),
  /** Player characters the session's Threat is counted for. */
  threatCharacters: z.number().int(),
  chapter: z.number().int(),
  experienceRule: ExperienceRule,
  borderline: z.boolean(),
  dangers: z.array(RanksDanger),
  characters: z.array(RanksPerson),
  openRoll: RanksRoll.nullable(),
  /** The latest settled roll, for Concession and Sacrifice (RK-9). */
  lastRoll: RanksRoll.nullable(),
})
export type RanksTable = z.infer<typeof RanksTable>

const Campaign = { campaignId: Id }
const AspectName = name('The aspect', 200)
const AbilityName = text(100, 'an ability name')

export const ranksTableContract = {
  'ranks.table': {
    scope: 'gm',
    summary: 'Resolution and Ranks at the table: Threat, Dangers, the party’s Harm, aspects, chapter moves, XP and the roll in play.',
    input: z.object(Campaign).strict(),
    output: RanksTable,
  },
  'ranks.person': {
    scope: 'gm',
    summary: 'One character as the Ranks table sees them: abilities, aspects, Harm, chapter moves, XP.',
    input: z.object({ characterId: Id }).strict(),
    output: RanksPerson,
  },
  'ranks.odds': {
    scope: 'gm',
    summary: 'The exact chance of each rank for an ability, before the roll (RK-2), and with an aspect invoked (RK-4).',
    input: z.object({ rank: AbilityRank }).strict(),
    output: RankOdds.extend({ withAspect: RankOdds }),
  },
  'ranks.aspectOdds': {
    scope: 'gm',
    summary: 'The exact chance of each rank if an aspect is invoked on the roll in play (RK-4).',
    input: z.object({ rollId: Id }).strict(),
    output: RankOdds,
  },
  'ranks.roll': {
    scope: 'gm',
    summary: 'Rolls an ability: rank, up 1d6, down 1d6 (RK-2); against a Danger when one is named (RK-8).',
    input: z
      .object({
        ...Campaign,
        characterId: Id.nullable(),
        /** Who rolls, when no character is picked. */
        who: text(100, 'a name').default(''),
        ability: AbilityName.default(''),
        /** The rank, when no character is picked (a number typed in). */
        rank: AbilityRank.optional(),
        dangerId: Id.nullable().default(null),
        gmOnly: z.boolean().default(false),
      })
      .strict(),
    output: RanksRoll,
  },
  'ranks.aspect': {
    scope: 'gm',
    summary: 'Invokes one aspect on the roll in play: +1d6 ranks, and the aspect is used until refreshed (RK-4).',
    input: z.object({ rollId: Id, aspect: AspectName }).strict(),
    output: RanksRoll,
  },
  'ranks.borderline': {
    scope: 'gm',
    summary: 'Rolls a borderline Fair or Mediocre again with a different ability; the new roll replaces it (RK-5).',
    input: z.object({ rollId: Id, ability: AbilityName.min(1, 'name the ability to roll'), rank: AbilityRank.optional() }).strict(),
    output: RanksRoll,
  },
  'ranks.accept': {
    scope: 'gm',
    summary: 'Accepts the roll in play as final: the Danger removed or not, Harm marked (RK-8), XP earned (RK-6).',
    input: z.object({ rollId: Id, refreshAspect: text(200, 'an aspect').optional() }).strict(),
    output: RanksRoll,
  },
  'ranks.threat': {
    scope: 'gm',
    summary: 'Gives the GM this session’s Threat: 3 to 15 per player character (RK-7).',
    input: z.object({ ...Campaign, perCharacter: z.number({ error: 'must be a number' }).int('must be a whole number') }).strict(),
    output: RanksTable,
  },
  'ranks.danger': {
    scope: 'gm',
    summary: 'Spends Threat on a Danger in front of a character who faces none (RK-7).',
    input: z
      .object({
        ...Campaign,
        characterId: Id,
        description: text(300, 'a description').min(1, 'say what the Danger is'),
        threat: z.number({ error: 'must be a number' }).int('must be a whole number').default(1),
      })
      .strict(),
    output: RanksDanger,
  },
  'ranks.harm': {
    scope: 'gm',
    summary: 'Marks the lowest free Harm box; beyond Doomed, the character is out of the scene to roll Courage (RK-8).',
    input: z.object({ characterId: Id, description: text(300, 'a description').default('') }).strict(),
    output: RanksPerson,
  },
  'ranks.recover': {
    scope: 'gm',
    summary: 'Recovers one Harm box: the one named, or the highest marked.',
    input: z.object({ characterId: Id, box: HarmBox.optional() }).strict(),
    output: RanksPerson,
  },
  'ranks.courage': {
    scope: 'gm',
    summary: 'Beyond Doomed: rolls Courage, or takes a Manifestation instead (RK-8).',
    input: z.object({ characterId: Id, manifestation: z.boolean().default(false), gmOnly: z.boolean().default(false) }).strict(),
    output: z.object({ roll: RanksRoll.nullable() }),
  },
  'ranks.move': {
    scope: 'gm',
    summary: 'A once-per-chapter move: Concession, Sacrifice, Refresh or Compel (RK-9).',
    input: z.discriminatedUnion('move', [
      z.object({ move: z.literal('concession'), characterId: Id, rollId: Id }).strict(),
      z.object({ move: z.literal('sacrifice'), characterId: Id, rollId: Id, lost: text(300, 'who or what is lost'), leaveScene: z.boolean().default(false) }).strict(),
      z.object({ move: z.literal('refresh'), characterId: Id, partnerId: Id, reciprocate: z.boolean().default(false) }).strict(),
      z.object({ move: z.literal('compel'), characterId: Id, compelled: AspectName, refresh: text(200, 'an aspect').optional() }).strict(),
    ]),
    output: RanksPerson,
  },
  'ranks.newChapter': {
    scope: 'gm',
    summary: 'Starts a new chapter: every character’s Concession, Sacrifice, Refresh and Compel come back (RK-9).',
    input: z.object(Campaign).strict(),
    output: RanksTable,
  },
  'ranks.experienceRule': {
    scope: 'gm',
    summary: 'Which rolls earn XP: Poor or Terrible results, or an aspect that left the outcome unchanged (RK-6).',
    input: z.object({ ...Campaign, rule: ExperienceRule }).strict(),
    output: RanksTable,
  },
} as const satisfies Record<RanksTableMethod, MethodDef>
