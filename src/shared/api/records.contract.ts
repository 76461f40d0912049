/** Schemas shared by every campaign-record module. */
import { z } from 'zod'
import { Id, type EventDef } from './common'
import { RECORD_KINDS, type RecordEvent } from './records.names'

/** Free text a GM types: trimmed, bounded. */
export function text(max: number, field = 'text') {
  return z.string({ error: `must be ${field}` }).trim().max(max, `must be at most ${max.toLocaleString('en')} characters`)
}
/*
 * Beware: Zod 4 applies `.default()` even inside `.partial()`. An update schema must be built
 * from fields without defaults, or a partial update silently resets the fields it did not name.
 */

/** A name: trimmed, not empty, bounded. */
export function name(what: string, max = 200) {
  return z
    .string({ error: 'must be text' })
    .trim()
    .min(1, `${what} needs a name`)
    .max(max, `must be at most ${max} characters`)
}

export const recordEvents = {
  /** A record of a campaign was created, updated or deleted: stores that show it reload it. */
  'record.changed': {
    scope: 'gm',
    payload: z.object({
      campaignId: Id,
      kind: z.enum(RECORD_KINDS),
      id: Id,
      change: z.enum(['created', 'updated', 'deleted']),
      /** For records that belong to a character (inventory, ledger, injuries). */
      characterId: Id.nullable().optional(),
    }),
  },
} as const satisfies Record<RecordEvent, EventDef>
