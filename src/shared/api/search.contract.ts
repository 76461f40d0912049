/** Search across every record of a campaign and its log (FTS5), by words, kind and game time. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { SearchMethod } from './search.names'

export const SearchHitKind = z.enum(
  ['character', 'location', 'encounter_table', 'encounter_row', 'adventure', 'session', 'inventory_item', 'ledger_entry', 'injury', 'log_entry'],
  { error: 'must be one of the kinds of record' },
)
export type SearchHitKind = z.infer<typeof SearchHitKind>

/** What the screen calls each kind. */
export const SEARCH_KIND_LABELS: Record<SearchHitKind, string> = {
  character: 'Character',
  location: 'Location',
  encounter_table: 'Encounter table',
  encounter_row: 'Table row',
  adventure: 'Adventure',
  session: 'Session',
  inventory_item: 'Item',
  ledger_entry: 'Ledger',
  injury: 'Injury',
  log_entry: 'Log',
}

export const SearchHit = z.object({
  kind: SearchHitKind,
  /** The record's id; for an encounter row, the row's. */
  id: Id,
  /**
   * What to open: the record itself; a row's table; the character who carries an item, whose
   * ledger it is or who took an injury (the campaign's own ledger entries open the record itself);
   * a log entry itself (in its session).
   */
  openId: Id,
  /** The character it is, or whose it is (an item, a ledger entry, an injury); null otherwise. */
  characterId: Id.nullable(),
  /** The session a log entry belongs to, or null. */
  sessionId: Id.nullable(),
  /** When it happened in game seconds (log entries, ledger entries, injuries, sessions), or null. */
  gameTime: z.number().int().nullable(),
  title: z.string(),
  /** Text around the match; matched words are wrapped in \u0002 … \u0003 for the screen to mark. */
  snippet: z.string(),
})
export type SearchHit = z.infer<typeof SearchHit>

const GameSeconds = z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more')

export const SearchQueryInput = z
  .object({
    campaignId: Id,
    text: z.string({ error: 'must be text' }).max(200, 'must be at most 200 characters'),
    /** Only these kinds; all when left out. */
    kinds: z.array(SearchHitKind).min(1, 'must name at least one kind').optional(),
    /** Game time from (inclusive), in seconds since the campaign began. */
    from: GameSeconds.optional(),
    /** Game time to (exclusive). */
    to: GameSeconds.optional(),
    limit: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(50),
  })
  .strict()
  .refine((q) => q.from === undefined || q.to === undefined || q.from < q.to, {
    path: ['to'],
    message: 'must be after the start of the range',
  })

/** A log entry shown among its neighbours in its session (or in the log, outside any session). */
export const SearchLogLine = z.object({
  id: Id,
  gameTime: z.number().int(),
  kind: z.string(),
  text: z.string(),
  undone: z.boolean(),
})
export type SearchLogLine = z.infer<typeof SearchLogLine>

export const searchContract = {
  'search.query': {
    scope: 'gm',
    summary:
      'Finds characters, items, ledger reasons, injuries, locations, tables and rows, adventures, sessions and log entries by any words in them, by kind and game time.',
    input: SearchQueryInput,
    output: z.array(SearchHit),
  },
  'search.logAround': {
    scope: 'gm',
    summary: 'A log entry with the entries around it in its session (or in the log, outside any session).',
    input: z
      .object({
        campaignId: Id,
        entryId: Id,
        around: z.number().int().min(1, 'must be at least 1').max(200, 'must be at most 200').default(40),
      })
      .strict(),
    output: z.object({
      session: z.object({ id: Id, number: z.number().int(), title: z.string() }).nullable(),
      entries: z.array(SearchLogLine),
    }),
  },
} as const satisfies Record<SearchMethod, MethodDef>
