/** Finding characters: a page of a campaign's PCs and NPCs, sorted by name, with filters. */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { CharacterTable, Database } from '../../db/schema'
import type { CharacterSummary } from '../../../shared/contract'
import { getCampaign } from '../campaigns'

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

/** A LIKE pattern that matches `text` anywhere, with the wildcards in it taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/**
 * A page of the campaign's characters sorted by name (ignoring case), and how many match in all.
 * `text` matches name, player name, notes and tags ignoring case; `tag` matches one whole tag.
 * @example await listCharacters(db, { campaignId: 1, kind: 'npc', text: 'brigand', offset: 0, limit: 100 })
 */
export async function listCharacters(db: Kysely<Database>, q: CharacterQuery): Promise<{ total: number; items: CharacterSummary[] }> {
  await getCampaign(db, q.campaignId) // a clear "no campaign" rather than an empty list
  let query = db.selectFrom('character').where('campaign_id', '=', q.campaignId)
  if (q.kind !== undefined) query = query.where('kind', '=', q.kind)
  if (q.status !== undefined) query = query.where('status', '=', q.status)
  if (q.text) {
    const pattern = containing(q.text)
    query = query.where(
      sql<boolean>`(name like ${pattern} escape '\\' or coalesce(player_name, '') like ${pattern} escape '\\'
        or notes like ${pattern} escape '\\' or tags like ${pattern} escape '\\')`,
    )
  }
  if (q.tag) {
    query = query.where(sql<boolean>`exists (select 1 from json_each(character.tags) where lower(value) = lower(${q.tag}))`)
  }
  const { n } = await query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow()
  const rows = await query
    .select([...SUMMARY_COLUMNS])
    .orderBy(sql`name collate nocase`)
    .orderBy('id')
    .limit(q.limit)
    .offset(q.offset)
    .execute()
  return { total: Number(n), items: rows.map(toCharacterSummary) }
}
