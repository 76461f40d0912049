/**
 * What changed between the session before and this one: each character's growth (a level, an asset
 * bought, gear, a spell learnt) and the ledger's entries made outside any session, from the last
 * entry of the session before to the first of this one. A ledger entry a growth action wrote is told
 * by the growth's own line. Nothing before the first session.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LogEntry } from '../../../shared/contract'
import type { RecapVariant } from '../../../shared/recap/markdown'
import { toLogEntry } from '../core'
import { PLAYERS_AUDIENCES, PLAYERS_COLUMNS, playersEntries } from '../players'

/** The kinds told between sessions: growth, the ledger, and a Ranks chapter begun (RK-9). */
const BETWEEN_KINDS = /^(growth\.|ledger\.|ranks\.chapter$)/

/**
 * @example await betweenSessions(trx, { id: 9, campaign_id: 1, number: 3 }, 'gm') // [{ kind: 'growth.ladder.asset', … }]
 */
export async function betweenSessions(db: Kysely<Database>, session: { id: number; campaign_id: number; number: number }, variant: RecapVariant): Promise<LogEntry[]> {
  const before = await db
    .selectFrom('session')
    .select('id')
    .where('campaign_id', '=', session.campaign_id)
    .where('number', '<', session.number)
    .orderBy('number', 'desc')
    .limit(1)
    .executeTakeFirst()
  if (!before) return []
  const edge = async (id: number, end: 'max' | 'min') => {
    const r = await db
      .selectFrom('log_entry')
      .select((eb) => (end === 'max' ? eb.fn.max('id') : eb.fn.min('id')).as('at'))
      .where('session_id', '=', id)
      .executeTakeFirst()
    return r?.at === null || r?.at === undefined ? null : Number(r.at)
  }
  const from = await edge(before.id, 'max')
  const to = (await edge(session.id, 'min')) ?? Number.MAX_SAFE_INTEGER
  if (from === null) return []
  let rows = db
    .selectFrom('log_entry')
    .select(PLAYERS_COLUMNS)
    .where('campaign_id', '=', session.campaign_id)
    .where('session_id', 'is', null)
    .where('id', '>', from)
    .where('id', '<', to)
    .where('undone', '=', 0)
    .where((eb) => eb.or([eb('kind', 'like', 'growth.%'), eb('kind', 'like', 'ledger.%'), eb('kind', '=', 'ranks.chapter')]))
  rows = variant === 'players' ? rows.where('audience', 'in', PLAYERS_AUDIENCES) : rows.where('audience', '!=', 'book')
  const read = await rows.orderBy('id').execute()
  const entries = variant === 'players' ? await playersEntries(db, session.campaign_id, read) : read.map((r) => toLogEntry({ ...r, dice: null, undone: 0 }))
  // A growth action's own ledger entries are told by its line: the actions that wrote a growth entry.
  const growthActions = await db
    .selectFrom('action')
    .select(['first_log_id', 'last_log_id'])
    .where('campaign_id', '=', session.campaign_id)
    .where('kind', 'like', 'growth.%')
    .where('status', '!=', 'undone')
    .where('last_log_id', '>', from)
    .where('first_log_id', '<', to)
    .execute()
  const inGrowth = (id: number) => growthActions.some((a) => a.first_log_id <= id && id <= a.last_log_id)
  return entries.filter((e) => BETWEEN_KINDS.test(e.kind) && (e.kind.startsWith('growth.') || !inGrowth(e.id)))
}
