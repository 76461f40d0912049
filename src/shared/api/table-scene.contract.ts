/**
 * The combat scenes of LODE and Resolution and Ranks: neither system has rounds of its own, so a
 * fight is a scene that follows the clock's combat (CLK-2): it starts, counts its rounds and ends
 * with the clock's. Its foes are what an encounter brought (the rolled row, DICE-1) and what the GM
 * types in place, with the one number each system needs: LODE Base Dice (LODE-12, an opposed roll's
 * usual 2, LODE-7), or a Ranks ability rank (RK-1). A typed foe can be kept as an NPC.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { name } from './records.contract'
import { Met } from './table-combat.schemas'
import { AbilityRank } from './table-ranks.contract'
import type { TableSceneMethod } from './table-scene.names'

/** LODE-1 / LODE-12: a foe's Base Dice, 3 … −5 on the seed's table; the same bounds as a roll's. */
const BaseDice = z.number({ error: 'must be a number' }).int('must be a whole number').min(-20, 'must be −20 or more').max(20, 'must be at most 20')

export const LodeFoeInput = z.object({ name: name('A foe', 100), baseDice: BaseDice.default(2) }).strict()
export const RanksFoeInput = z.object({ name: name('A foe', 100), rank: AbilityRank.default('fair') }).strict()

/** A foe in the scene: its place in the list, its numbers, and the NPC it is (met as one, or saved as one). */
export const SceneFoe = z.object({
  index: z.number().int(),
  name: z.string(),
  baseDice: z.number().int().nullable(),
  rank: AbilityRank.nullable(),
  npcId: Id.nullable(),
})
export type SceneFoe = z.infer<typeof SceneFoe>

/** The combat scene under way: the clock's round (CLK-2) and who is fought. */
export const SceneCombat = z.object({
  startedAt: z.number().int(),
  /** The log entry that began this fight: one fight's, never another's begun at the same game time. */
  fightId: z.number().int(),
  round: z.number().int(),
  roundSeconds: z.number().int(),
  foes: z.array(SceneFoe),
  /** What the encounter's row said, when the fight began from one. */
  met: z.string().nullable(),
})
export type SceneCombat = z.infer<typeof SceneCombat>

const Campaign = { campaignId: Id }
const FoeIndex = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more')

export const tableSceneContract = {
  'lode.combat': {
    scope: 'gm',
    summary: 'The LODE combat scene under way with the clock’s combat: its round and its foes; null when there is no combat.',
    input: z.object(Campaign).strict(),
    output: SceneCombat.nullable(),
  },
  'lode.combat.begin': {
    scope: 'gm',
    summary: 'Starts the clock’s combat and a new LODE scene with it, with an encounter’s foes (at Base Dice 2) when one was met.',
    input: z.object({ ...Campaign, met: Met.optional() }).strict(),
    output: SceneCombat,
  },
  'lode.combat.foe': {
    scope: 'gm',
    summary: 'Types a foe into the LODE combat scene: a name and its Base Dice (LODE-12), no NPC needed.',
    input: z.object({ ...Campaign, foe: LodeFoeInput }).strict(),
    output: SceneCombat,
  },
  'lode.combat.foe.save': {
    scope: 'gm',
    summary: 'Keeps a foe of the LODE combat scene as an NPC of the campaign.',
    input: z.object({ ...Campaign, index: FoeIndex }).strict(),
    output: SceneCombat,
  },
  'ranks.combat': {
    scope: 'gm',
    summary: 'The Ranks combat scene under way with the clock’s combat: its round and its foes; null when there is no combat.',
    input: z.object(Campaign).strict(),
    output: SceneCombat.nullable(),
  },
  'ranks.combat.begin': {
    scope: 'gm',
    summary: 'Starts the clock’s combat and the Ranks combat scene with it, with an encounter’s foes (at Fair) when one was met.',
    input: z.object({ ...Campaign, met: Met.optional() }).strict(),
    output: SceneCombat,
  },
  'ranks.combat.foe': {
    scope: 'gm',
    summary: 'Types a foe into the Ranks combat scene: a name and its rank (RK-1), no NPC needed.',
    input: z.object({ ...Campaign, foe: RanksFoeInput }).strict(),
    output: SceneCombat,
  },
  'ranks.combat.foe.save': {
    scope: 'gm',
    summary: 'Keeps a foe of the Ranks combat scene as an NPC of the campaign.',
    input: z.object({ ...Campaign, index: FoeIndex }).strict(),
    output: SceneCombat,
  },
  'challenge.combat': {
    scope: 'gm',
    summary: 'The clock’s combat under way in a Challenge campaign, with what its encounter brought for the challenge’s set-up; null when there is no combat.',
    input: z.object(Campaign).strict(),
    output: SceneCombat.nullable(),
  },
  'challenge.combat.begin': {
    scope: 'gm',
    summary: 'Starts the clock’s combat from an encounter: its row’s foes are named for the challenge’s opposition (a horde when several, CH-9).',
    input: z.object({ ...Campaign, met: Met.optional() }).strict(),
    output: SceneCombat,
  },
  'ladder.combat.foe.save': {
    scope: 'gm',
    summary: 'Keeps a foe typed into the Ladder’s fight as an NPC of the campaign, with its hand-to-hand asset (LAD-12).',
    input: z.object({ ...Campaign, name: name('A foe', 100) }).strict(),
    output: z.object({ npcId: Id }),
  },
  'challenge.combat.foe.save': {
    scope: 'gm',
    summary: 'Keeps a side of a challenge that no character plays as an NPC of the campaign, with the ability and rating it used (CH-1).',
    input: z.object({ ...Campaign, challengeId: Id, side: FoeIndex }).strict(),
    output: z.object({ npcId: Id }),
  },
} as const satisfies Record<TableSceneMethod, MethodDef>
