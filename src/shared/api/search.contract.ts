/** Search across a campaign's names, notes, descriptions and table rows (FTS5). */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { SearchMethod } from './search.names'

export const SearchHitKind = z.enum(['character', 'location', 'encounter_table', 'encounter_row', 'adventure', 'session'])

export const SearchHit = z.object({
  kind: SearchHitKind,
  /** The record's id; for an encounter row, the row's. */
  id: Id,
  /** What to open: the record itself, or for an encounter row its table. */
  openId: Id,
  title: z.string(),
  /** Text around the match; matched words are wrapped in \u0002 … \u0003 for the screen to mark. */
  snippet: z.string(),
})
export type SearchHit = z.infer<typeof SearchHit>

export const searchContract = {
  'search.query': {
    scope: 'gm',
    summary: "Finds characters, locations, tables, rows, adventures and sessions by any word in them.",
    input: z
      .object({
        campaignId: Id,
        text: z.string({ error: 'must be text' }).max(200, 'must be at most 200 characters'),
        limit: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
      })
      .strict(),
    output: z.array(SearchHit),
  },
} as const satisfies Record<SearchMethod, MethodDef>
