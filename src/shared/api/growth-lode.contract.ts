/**
 * LODE between sessions: each character's Energy against the supply on their sheet, topped up at
 * each session's start or by the GM here, as the campaign's setting says (LODE-9); and, since the
 * text prices no advancement, an attribute or skill changed when the GM rules it, with the XP they
 * ask for, if any.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { GrowthLodeMethod } from './growth-lode.names'
import { text } from './records.contract'

const Xp = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').max(1_000_000, 'must be at most 1,000,000')

export const LodeGrowthCharacter = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  /** LODE-9: Energy now (the ledger's), and the supply on the sheet (0: none set). */
  energy: z.number().int(),
  supply: z.number().int(),
  /** The balance as the GM reads it against the supply: "2 of 3", "5 (3 over the supply of 2)". */
  energyWords: z.string(),
  /** What "Top up to supply" adds now; 0 at or over the supply, or with none set. */
  toSupply: z.number().int(),
  destiny: z.number().int(),
  xp: z.number().int(),
  /** Attributes and skills as advantages (+) and disadvantages (−) (LODE-1). */
  traits: z.array(z.object({ kind: z.enum(['attribute', 'skill']), name: z.string(), dice: z.number().int() })),
})
export type LodeGrowthCharacter = z.infer<typeof LodeGrowthCharacter>

export const LodeGrowth = z.object({
  campaignId: Id,
  /** The campaign's setting: Energy topped up at each session's start (true) or by the GM here. */
  energyAtSessionStart: z.boolean(),
  /** Active player characters, then NPCs, by name. */
  characters: z.array(LodeGrowthCharacter),
})
export type LodeGrowth = z.infer<typeof LodeGrowth>

/** The panel after a growth, with the sentence the log tells of it. */
export const LodeGrowthDone = LodeGrowth.extend({ text: z.string() })
export type LodeGrowthDone = z.infer<typeof LodeGrowthDone>

const Campaign = { campaignId: Id }

export const growthLodeContract = {
  'growth.lode.view': {
    scope: 'gm',
    summary: 'LODE between sessions: each character’s Energy against their supply (LODE-9), Destiny, XP, attributes and skills.',
    input: z.object(Campaign).strict(),
    output: LodeGrowth,
  },
  'growth.lode.topUp': {
    scope: 'gm',
    summary: 'Tops a character’s Energy up to the supply on their sheet, through the ledger (LODE-9).',
    input: z.object({ ...Campaign, characterId: Id }).strict(),
    output: LodeGrowthDone,
  },
  'growth.lode.trait': {
    scope: 'gm',
    summary: 'An attribute or skill changed as the GM rules (the text prices none), with the XP they ask for (LODE-1).',
    input: z
      .object({
        ...Campaign,
        characterId: Id,
        kind: z.enum(['attribute', 'skill'], { error: () => 'must be an attribute or a skill' }),
        name: z.string({ error: 'must be text' }).trim().min(1, 'say which').max(100, 'must be at most 100 characters'),
        /** The new dice: + advantages, − disadvantages; 0 takes the trait off (LODE-1: the average). */
        dice: z.number({ error: 'must be a number' }).int('must be a whole number').min(-10, 'must be at least −10').max(10, 'must be at most 10'),
        xp: Xp.default(0),
        reason: text(300, 'the reason').min(1, 'say what brought it about'),
      })
      .strict(),
    output: LodeGrowthDone,
  },
} as const satisfies Record<GrowthLodeMethod, MethodDef>
