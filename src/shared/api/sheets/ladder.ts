/**
 * The shape of a Ladder sheet (LAD-24, LAD-27, LAD-29) as it is stored. The rules it must follow
 * are checked in the main process (services/sheets/ladder.ts); this is only what a value may be.
 */
import { z } from 'zod'
import { ASSET_RUNGS, LADDER_RUNGS, MAGIC_SCHOOLS } from '../../sheet-words'
import { line, list, oneOf } from './fields'

/** LAD-23's limits, by name: good assets outnumber expert ones, at most twice the original assets, at least one flaw. */
export const LAD23_LIMITS = ['outnumber', 'twice', 'flaw'] as const
export type Lad23Limit = (typeof LAD23_LIMITS)[number]

export const LadderAsset = z.object({
  name: line(100),
  rating: oneOf(ASSET_RUNGS, 'LAD-1'),
  /** The magic school of a magical asset (LAD-25, LAD-26); null for an ordinary asset. */
  school: oneOf(MAGIC_SCHOOLS, 'LAD-26').nullable().default(null),
})

export const LadderSheet = z.object({
  /** A superhero (LAD-29): 7 assets, 4 flaws with one Vulnerability, heroic features, extended ladder. */
  super: z.boolean({ error: 'must be yes or no' }).default(false),
  /** Developed in play (LAD-23): the creation counts give way to the development limits. */
  developed: z.boolean({ error: 'must be yes or no' }).default(false),
  concept: line(300).default(''),
  assets: list(LadderAsset, 40).default([]),
  flaws: list(z.object({ name: line(100), vulnerability: z.boolean({ error: 'must be yes or no' }).default(false) }), 20).default([]),
  features: list(line(200), 10).default([]),
  heroicFeatures: list(z.object({ text: line(200), costume: z.boolean({ error: 'must be yes or no' }).default(false) }), 10).default([]),
  allies: list(z.object({ name: line(100), concept: line(200), howMet: line(300) }), 10).default([]),
  location: line(200).default(''),
  equipment: list(line(200), 100).default([]),
  /** Up to 3 at creation (LAD-24); one more for each adventure survived (LAD-21). */
  episodes: list(line(1000), 100).default([]),
  /** LAD-23: the development limits the GM overrode for this character (logged with the change that broke them). */
  overrides: list(oneOf(LAD23_LIMITS, 'LAD-23'), 3).default([]),
  /** LAD-27: successful spells kept for reuse. */
  rotes: list(z.object({ effect: line(300), assets: list(line(100), 10), rung: oneOf(LADDER_RUNGS, 'LAD-1') }), 50).default([]),
})
export type LadderSheet = z.infer<typeof LadderSheet>
