/** Finding characters: a page of a campaign's PCs and NPCs, sorted by name, with filters. */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { CharacterTable, Database } from '../../db/schema'
import type { CharacterSummary } from '../../../shared/contract'
import { dialectOf } from '../../db/connection'
import { getCampaign } from '../campaigns'
import { jsonArrayValues, likeNoCase, noCase } from '../core'
import { containing, foldedContains, toFtsQuery } from '../search'

export interface CharacterQuery {
  campaignId: number
  kind?: CharacterSummary['kind'] | undefined
  status?: CharacterSummary['status'] | undefined
  text?: string | undefined
  tag?: string | undefined
  offset: number
  limit: number
}

/** The columns a summary needs, and the row shape they give. */
export const SUMMARY_COLUMNS = ['id', 'campaign_id', 'kind', 'name', 'player_name', 'status', 'tags', 'draft', 'updated_at'] as const
type SummaryRow = Pick<Selectable<CharacterTable>, (typeof SUMMARY_COLUMNS)[number]>

/** @example toCharacterSummary(row) // { id: 4, kind: 'npc', name: 'Brigand chief', tags: ['brigand'], draft: true, … } */
export function toCharacterSummary(row: SummaryRow): CharacterSummary {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    kind: row.kind,
    name: row.name,
    playerName: row.player_name,
    status: row.status,
    tags: JSON.parse(row.tags) as string[],
    draft: row.draft === 1,
    updatedAt: row.updated_at,
  }
}

/**
 * A page of the campaign's characters sorted by name (ignoring case), and how many match in all.
 * `text` matches name, player name, notes and tags ignoring case and accents; `tag` matches one whole tag.
 * @example await listCharacters(db, { campaignId: 1, kind: 'npc', text: 'brigand', offset: 0, limit: 100 })
 */
export async function listCharacters(db: Kysely<Database>, q: CharacterQuery): Promise<{ total: number; items: CharacterSummary[] }> {
  await getCampaign(db, q.campaignId) // a clear "no campaign" rather than an empty list
  const phrase = q.text && [...q.text].length >= 3 ? toFtsQuery([q.text], ['title', 'body']) : null
  // With a text filter the matches come from the full-text index and only they are sorted (`+`
  // keeps SQLite from walking the campaign's whole name index instead); without one, a page is
  // read in order from the index in the list's collation (migration 0013).
  const postgres = dialectOf(db) === 'postgres'
  let query = phrase && !postgres
    ? db.selectFrom('character').where(sql<boolean>`+campaign_id = ${q.campaignId}`)
    : db.selectFrom('character').where('campaign_id', '=', q.campaignId)
  if (q.kind !== undefined) query = query.where('kind', '=', q.kind)
  if (q.status !== undefined) query = query.where('status', '=', q.status)
  if (q.text) {
    if (phrase && postgres) {
      // The same rows from PostgreSQL's trigram index over the folded text, then in name, player, notes and tags only.
      query = query.where(
        'id',
        'in',
        sql<number>`(select (rowid - 1) / 16 from search_index where campaign_id = ${q.campaignId} and rowid % 16 = 1
          and ${foldedContains(q.text)} and ${foldedContains(q.text, ['title', 'body'])})`,
      )
    } else if (phrase) {
      // Name, player, notes and tags through the full-text index: a character's search row is its id × 16 + 1.
      query = query.where(
        'id',
        'in',
        sql<number>`(select (rowid - 1) / 16 from search_index where search_index match ${phrase} and rowid % 16 = 1)`,
      )
    } else {
      // Fewer than three characters: too short for the trigram index.
      const pattern = containing(q.text)
      const like = (column: Parameters<typeof likeNoCase>[1]) => likeNoCase(db, column, pattern)
      query = query.where(sql<boolean>`(${like(sql.ref('name'))} or ${like(sql`coalesce(player_name, '')`)} or ${like(sql.ref('notes'))} or ${like(sql.ref('tags'))})`)
    }
  }
  if (q.tag) {
    query = query.where(sql<boolean>`exists (select 1 from ${jsonArrayValues(db, 'character.tags')} where lower(value) = lower(${q.tag}))`)
  }
  if (phrase) {
    // One pass over the matches gives the page and how many there are in all.
    const rows = await query
      .select([...SUMMARY_COLUMNS, sql<number>`count(*) over ()`.as('total')])
      .orderBy(noCase(db, 'name'))
      .orderBy('id')
      .limit(q.limit)
      .offset(q.offset)
      .execute()
    if (rows.length > 0) return { total: Number(rows[0]!.total), items: rows.map(toCharacterSummary) }
  }
  const { n } = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
  const rows = await query
    .select([...SUMMARY_COLUMNS])
    .orderBy(noCase(db, 'name'))
    .orderBy('id')
    .limit(q.limit)
    .offset(q.offset)
    .execute()
  return { total: Number(n), items: rows.map(toCharacterSummary) }
}
