/**
 * The shape of a Resolution and Ranks sheet as it is stored: a rank for each of the campaign's
 * abilities (RK-1), aspects available or used (RK-4), the Harm track (RK-8) and the chapter moves
 * used (RK-9). Experience is a ledger currency (RK-6).
 */
import { z } from 'zod'
import { ABILITY_RANK_NAMES, CHAPTER_MOVE_NAMES } from '../../sheet-words'
import { line, list, oneOf } from './fields'

export const RanksSheet = z.object({
  abilities: list(z.object({ name: line(100), rank: oneOf(ABILITY_RANK_NAMES, 'RK-1: abilities are rated poor to spectacular') }), 60).default([]),
  aspects: list(z.object({ name: line(200), used: z.boolean({ error: 'must be yes or no' }).default(false) }), 30).default([]),
  harm: z
    .object({
      weary: z.boolean({ error: 'must be yes or no' }).default(false),
      hurt: z.boolean({ error: 'must be yes or no' }).default(false),
      doomed: z.boolean({ error: 'must be yes or no' }).default(false),
    })
    .default({ weary: false, hurt: false, doomed: false }),
  chapterMoves: list(oneOf(CHAPTER_MOVE_NAMES, 'RK-9'), 4).default([]),
})
export type RanksSheet = z.infer<typeof RanksSheet>
