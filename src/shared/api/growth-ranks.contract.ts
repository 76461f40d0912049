/**
 * Resolution and Ranks between sessions: the XP each character gained this chapter, each gain with
 * why (the roll that earned it, RK-6, or the GM's award), the chapter moves each still has (RK-9),
 * and, since the text prices no advancement, an ability's rank changed when the GM rules it, with
 * the XP they ask for, if any.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { GrowthRanksMethod } from './growth-ranks.names'
import { text } from './records.contract'
import { AbilityRank, ChapterMove, ExperienceRule } from './table-ranks.contract'

export const RanksXpGain = z.object({
  /** The ledger entry that holds it. */
  ledgerEntryId: Id,
  amount: z.number().int(),
  /** The roll that earned it (RK-6); null for XP the GM awarded by hand. */
  roll: z.object({ ability: z.string().nullable(), result: z.string(), reasons: z.array(z.string()) }).nullable(),
  /** The ledger's reason: the GM's words for an award. */
  reason: z.string(),
  /** The session it was earned in; null outside any. */
  sessionNumber: z.number().int().nullable(),
})
export type RanksXpGain = z.infer<typeof RanksXpGain>

export const RanksGrowthCharacter = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  /** XP held now (the ledger's). */
  xp: z.number().int(),
  /** RK-6: XP gained this chapter, oldest first. */
  gains: z.array(RanksXpGain),
  /** RK-9: the moves still available this chapter, and those used. */
  movesLeft: z.array(ChapterMove),
  movesUsed: z.array(ChapterMove),
  abilities: z.array(z.object({ name: z.string(), rank: AbilityRank })),
})
export type RanksGrowthCharacter = z.infer<typeof RanksGrowthCharacter>

export const RanksGrowth = z.object({
  campaignId: Id,
  chapter: z.number().int(),
  /** RK-6: which rolls earn XP in this campaign. */
  experienceRule: ExperienceRule,
  /** RK-1: the campaign's abilities; every character has every one. */
  abilities: z.array(z.string()),
  characters: z.array(RanksGrowthCharacter),
})
export type RanksGrowth = z.infer<typeof RanksGrowth>

/** The panel after a growth, with the sentence the log tells of it. */
export const RanksGrowthDone = RanksGrowth.extend({ text: z.string() })
export type RanksGrowthDone = z.infer<typeof RanksGrowthDone>

export const growthRanksContract = {
  'growth.ranks.view': {
    scope: 'gm',
    summary: 'Ranks between sessions: XP gained this chapter with the roll behind each point (RK-6), and the chapter moves left (RK-9).',
    input: z.object({ campaignId: Id }).strict(),
    output: RanksGrowth,
  },
  'growth.ranks.ability': {
    scope: 'gm',
    summary: 'An ability’s rank changed as the GM rules (the text prices none), with the XP they ask for (RK-1).',
    input: z
      .object({
        campaignId: Id,
        characterId: Id,
        ability: z.string({ error: 'must be text' }).trim().min(1, 'say which').max(100, 'must be at most 100 characters'),
        rank: AbilityRank,
        xp: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1,000,000').default(0),
        reason: text(300, 'the reason').min(1, 'say what brought it about'),
      })
      .strict(),
    output: RanksGrowthDone,
  },
} as const satisfies Record<GrowthRanksMethod, MethodDef>
