/** Session recaps as Markdown: the GM's and the players' story of one session. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { RecapMethod } from './recap.names'
import { RECAP_VARIANTS } from '../recap/markdown'

export const RecapVariantSchema = z.enum(RECAP_VARIANTS, { error: () => 'must be gm or players' })
/** Names of characters, locations and adventures as Obsidian [[wikilinks]]. */
export const RecapObsidian = z.boolean({ error: 'must be on or off' }).default(false)

export const recapContract = {
  'recap.session': {
    scope: 'gm',
    summary:
      "A session's recap as Markdown with YAML front matter: the GM's (everything) or the players' (no GM-only entries, hidden timers, GM's numbers or private notes); optionally with Obsidian wikilinks. Changes nothing.",
    input: z.object({ sessionId: Id, variant: RecapVariantSchema.default('players'), obsidian: RecapObsidian }).strict(),
    output: z.object({
      markdown: z.string(),
      /** A file name for saving it: campaign, session number and title, variant. */
      filename: z.string(),
      /** The name it takes in the GM's folder (a vault): "Session 03 – The Crypt.md". */
      folderFilename: z.string(),
      /** How many log entries it was built from (not undone, before the players' filter). */
      entries: z.number().int(),
    }),
  },
} as const satisfies Record<RecapMethod, MethodDef>
