/**
 * Session recaps: the story of one session as Markdown, for the GM's notes, the players, or an
 * Obsidian vault. Reading only: a recap changes nothing in the library.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'
import { SYSTEMS } from '../../../shared/systems'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { notFound } from '../core'
import { buildRecap, type RecapInput } from './build'

export { buildRecap, forPlayers, notesFor, topicOf, type RecapInput } from './build'

/** Everything a recap is built from, read in one snapshot. */
export async function loadRecapInput(db: Kysely<Database>, sessionId: number): Promise<RecapInput> {
  return db.transaction().execute(async (trx) => {
    const session = await trx.selectFrom('session').selectAll().where('id', '=', sessionId).executeTakeFirst()
    if (!session) throw notFound('session', sessionId)
    const campaign = await trx.selectFrom('campaign').select(['name', 'system']).where('id', '=', session.campaign_id).executeTakeFirstOrThrow()
    const party = await trx
      .selectFrom('session_attendance')
      .innerJoin('character', 'character.id', 'session_attendance.character_id')
      .select('character.name')
      .where('session_attendance.session_id', '=', sessionId)
      .orderBy('character.name')
      .execute()
    const npcs = await trx.selectFrom('character').select('name').where('campaign_id', '=', session.campaign_id).where('kind', '=', 'npc').execute()
    const rows = await trx
      .selectFrom('log_entry')
      .select(['id', 'campaign_id', 'session_id', 'game_time', 'real_time', 'kind', 'payload', 'gm_only'])
      .where('session_id', '=', sessionId)
      .where('undone', '=', 0)
      .orderBy('game_time')
      .orderBy('id')
      .execute()
    // The recap's sentences never need the dice, so they are not parsed.
    const entries: LogEntry[] = rows.map((r) => ({
      id: r.id,
      campaignId: r.campaign_id,
      sessionId: r.session_id,
      gameTime: r.game_time,
      realTime: r.real_time,
      kind: r.kind,
      payload: JSON.parse(r.payload) as Record<string, unknown>,
      dice: null,
      gmOnly: r.gm_only === 1,
      undone: false,
    }))
    return {
      campaign: { name: campaign.name, systemName: SYSTEMS[campaign.system].name },
      session: {
        number: session.number,
        title: session.title,
        realDate: session.real_date,
        gameTimeStart: session.game_time_start,
        gameTimeEnd: session.game_time_end,
        status: session.status,
        gmNotes: session.gm_notes,
      },
      party: party.map((p) => p.name),
      entries,
      npcNames: npcs.map((n) => n.name).filter((n) => n.trim().length > 0),
    }
  })
}

/**
 * A session's recap as Markdown: GM (everything) or players (no GM-only entries, no hidden timers,
 * only the "Recap" section of the GM's notes).
 * @example const { markdown, filename } = await sessionRecap(db, { sessionId: 3, variant: 'players' })
 */
export async function sessionRecap(
  db: Kysely<Database>,
  input: { sessionId: number; variant: RecapVariant },
): Promise<{ markdown: string; filename: string; entries: number }> {
  const data = await loadRecapInput(db, input.sessionId)
  const { markdown, filename } = buildRecap(data, input.variant)
  return { markdown, filename, entries: data.entries.length }
}
