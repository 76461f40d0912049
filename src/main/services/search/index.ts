/** Full-text search over a campaign's records, through the FTS5 index that migration 0002's triggers keep. */
import { sql, type Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { SearchHit } from '../../../shared/contract'

/** Marks around matched words in snippets (control characters: they never occur in typed text). */
export const MARK_START = '\u0002'
export const MARK_END = '\u0003'

/**
 * Turns what a GM types into an FTS5 query: every word must appear, each as a prefix, so
 * "brig chie" finds "Brigand Chief". Quotes and FTS operators in the text are taken literally.
 * Returns null when there is no word to look for.
 * @example toFtsQuery('Brigand "chief"') // '"brigand"* "chief"*'
 */
export function toFtsQuery(text: string): string | null {
  const words = text.toLowerCase().match(/[\p{L}\p{N}]+/gu)
  if (!words) return null
  return words.map((w) => `"${w}"*`).join(' ')
}

/**
 * The best matches first (FTS5 rank), at most `limit`.
 * @example await searchCampaign(db, { campaignId: 1, text: 'chainmail', limit: 20 })
 */
export async function searchCampaign(
  db: Kysely<Database>,
  q: { campaignId: number; text: string; limit: number },
): Promise<SearchHit[]> {
  const match = toFtsQuery(q.text)
  if (!match) return []
  const rows = await sql<{ kind: SearchHit['kind']; ref_id: number; title: string; snippet: string; table_id: number | null }>`
    select s.kind, s.ref_id, s.title,
           snippet(search_index, -1, ${MARK_START}, ${MARK_END}, '…', 12) as snippet,
           r.table_id
    from search_index s
    left join encounter_row r on s.kind = 'encounter_row' and r.id = s.ref_id
    where search_index match ${match} and s.campaign_id = ${q.campaignId}
    order by rank
    limit ${q.limit}
  `.execute(db)
  return rows.rows.map((r) => ({
    kind: r.kind,
    id: r.ref_id,
    openId: r.kind === 'encounter_row' && r.table_id !== null ? r.table_id : r.ref_id,
    title: r.title,
    snippet: r.snippet,
  }))
}
