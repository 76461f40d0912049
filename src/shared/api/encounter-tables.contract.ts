/** Encounter tables: dice, rows of ranges with text or an NPC, and a roll that logs every face. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { RolledFace } from './core.contract'
import type { EncounterTableMethod } from './encounter-tables.names'
import { name, text } from './records.contract'
import { GameTime } from './sessions.contract'
import { encounterDiceProblem, normaliseEncounterDice } from '../encounter-dice'

/** `1d20`, `2d6`, `1d3` …: stored lower case without spaces. */
export const EncounterDiceText = z
  .string({ error: 'must be dice written like 1d20' })
  .transform(normaliseEncounterDice)
  .superRefine((s, ctx) => {
    const problem = encounterDiceProblem(s)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })

const Total = z.number({ error: 'must be a number' }).int('must be a whole number')

export const EncounterRowInput = z
  .object({
    min: Total,
    max: Total,
    text: text(1_000).default(''),
    /** An NPC of the campaign this row brings on. */
    npcId: Id.nullable().default(null),
  })
  .strict()
  .refine((r) => r.text !== '' || r.npcId !== null, { error: 'a row needs text or an NPC', path: ['text'] })
export type EncounterRowInput = z.input<typeof EncounterRowInput>

export const EncounterRow = z.object({
  id: Id,
  min: z.number().int(),
  max: z.number().int(),
  text: z.string(),
  npcId: Id.nullable(),
  /** The linked NPC's name, so a list of 10,000 NPCs need not be loaded to show it. */
  npcName: z.string().nullable(),
})
export type EncounterRow = z.infer<typeof EncounterRow>

export const EncounterTable = z.object({
  id: Id,
  campaignId: Id,
  locationId: Id.nullable(),
  name: z.string(),
  dice: z.string(),
  /** Ordered by range. */
  rows: z.array(EncounterRow),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type EncounterTable = z.infer<typeof EncounterTable>

export const EncounterRoll = z.object({
  tableId: Id,
  tableName: z.string(),
  dice: z.string(),
  /** Every die thrown, in order (DICE-3): a d6 face for each 1d3 or 1d2 (DICE-1). */
  faces: z.array(RolledFace),
  /** What each die counted as (the same as its face except on a d3 or d2). */
  values: z.array(z.number().int()),
  total: z.number().int(),
  /** The row the total landed on; null when it fell in a gap. */
  row: EncounterRow.nullable(),
  logEntryId: Id,
})
export type EncounterRoll = z.infer<typeof EncounterRoll>

const Rows = z.array(EncounterRowInput).max(200, 'a table holds at most 200 rows')

// No defaults here: an update names only what changes, and a default would overwrite the rest.
const EncounterTableFields = z.object({
  name: name('an encounter table'),
  dice: EncounterDiceText,
  locationId: Id.nullable(),
  /** The whole set of rows: an update replaces them. */
  rows: Rows,
})

export const encounterTableContract = {
  'encounterTable.list': {
    scope: 'gm',
    summary: "The campaign's encounter tables by name, with their rows.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.array(EncounterTable),
  },
  'encounterTable.get': {
    scope: 'gm',
    summary: 'One encounter table with its rows.',
    input: z.object({ id: Id }).strict(),
    output: EncounterTable,
  },
  'encounterTable.create': {
    scope: 'gm',
    summary: 'Adds an encounter table; rows may not overlap, gaps are allowed.',
    input: EncounterTableFields.extend({
      campaignId: Id,
      locationId: Id.nullable().default(null),
      rows: Rows.default([]),
    }).strict(),
    output: EncounterTable,
  },
  'encounterTable.update': {
    scope: 'gm',
    summary: "Changes a table's name, dice, location or rows (rows are replaced as a whole).",
    input: EncounterTableFields.partial().extend({ id: Id }).strict(),
    output: EncounterTable,
  },
  'encounterTable.delete': {
    scope: 'gm',
    summary: 'Deletes an encounter table and its rows; past rolls stay in the log.',
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id }),
  },
  'encounterTable.roll': {
    scope: 'gm',
    summary: 'Rolls on a table with the campaign dice and logs the faces and the row.',
    input: z
      .object({ id: Id, gameTime: GameTime.optional(), sessionId: Id.optional() })
      .strict(),
    output: EncounterRoll,
  },
} as const satisfies Record<EncounterTableMethod, MethodDef>
