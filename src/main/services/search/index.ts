/**
 * Full-text search over everything in a campaign, through the FTS5 index that migration 0013's
 * triggers keep (trigram tokens: any script, accents folded), with filters by kind and game time.
 */
import { sql, type Kysely, type RawBuilder } from 'kysely'
import { dialectOf } from '../../db/connection'
import type { Database, LogEntryRow } from '../../db/schema'
import type { SearchHit, SearchHitKind, SearchLogLine } from '../../../shared/contract'
import { describeLogEntry } from '../../../shared/log-text'
import { toLogEntry } from '../core/log'
import { AppError, likeNoCase } from '../core'
import { indexQueuedLog } from '../core/log-search-queue'
import { SEARCH_KIND_CODES, TRIGRAM, SMALL_RANGE, searchTerms, charCount, toFtsQuery, containing, markMatches } from './terms'
import { notInStory } from './story'
import { sessionName } from '../../../shared/session-name'

export { MARK_START, MARK_END, SEARCH_KIND_CODES, searchTerms, toFtsQuery, containing, markMatches } from './terms'

export interface SearchQuery {
  campaignId: number
  text: string
  kinds?: SearchHitKind[] | undefined
  /** Game seconds, from inclusive. */
  from?: number | undefined
  /** Game seconds, to exclusive. */
  to?: number | undefined
  limit: number
}

interface IndexRow {
  rowid: number
  kind: SearchHitKind
  ref_id: number
  open_id: number
  game_time: number | null
  title: string
  body: string
  extra: string
}

/** How many of the newest matches are ranked when a word is common. */
const RANKED = 200

/**
 * The words long enough for the trigram index, all required: FTS5's MATCH on SQLite; on PostgreSQL
 * each a substring of the row's folded text, found through its trigram index (its migration 0001).
 * Null when no word is long enough.
 */
function matching(db: Kysely<Database>, terms: string[]): RawBuilder<unknown> | null {
  if (dialectOf(db) === 'sqlite') {
    const match = toFtsQuery(terms)
    return match === null ? null : sql`search_index match ${match}`
  }
  const long = terms.filter((t) => charCount(t) >= TRIGRAM)
  if (long.length === 0) return null
  return sql.join(
    long.map((t) => foldedContains(t)),
    sql` and `,
  )
}

/**
 * On PostgreSQL: `text` anywhere in a search row's folded columns, accents and case ignored. Over
 * all three columns (the default) it is the expression PostgreSQL's trigram index is built on (its
 * migration 0001), so the index finds the rows; fewer columns narrow what that found.
 * @example sql`select rowid from search_index where ${foldedContains('cafe')}`
 */
export function foldedContains(text: string, columns: readonly ('title' | 'body' | 'extra')[] = ['title', 'body', 'extra']): RawBuilder<boolean> {
  const joined = sql.join(
    columns.map((c) => sql.ref(c)),
    sql` || E'\n' || `,
  )
  return sql<boolean>`lantern_fold(${joined}) like lantern_fold(${containing(text)}) escape '\\'`
}

/** The SQL conditions every hit meets: campaign, kinds, time range, the short words. */
function conditions(db: Kysely<Database>, q: SearchQuery, short: string[]): ReturnType<typeof sql>[] {
  const where = [sql`campaign_id = ${q.campaignId}`]
  // The kind is in the rowid (id × 16 + code): filtered without reading the row.
  if (q.kinds) where.push(sql`rowid % 16 in (${sql.join(q.kinds.map((k) => SEARCH_KIND_CODES[k]))})`)
  // A hit with a game time overlaps [from, to); records without one are left out by a range.
  if (q.from !== undefined) where.push(sql`game_end >= ${q.from}`)
  if (q.to !== undefined) where.push(sql`game_time < ${q.to}`)
  for (const t of short) {
    const p = containing(t)
    where.push(sql`(${likeNoCase(db, sql.ref('title'), p)} or ${likeNoCase(db, sql.ref('body'), p)} or ${likeNoCase(db, sql.ref('extra'), p)})`)
  }
  return where
}

/** Whether every term is in the row, as the index matches (accents and case ignored). */
function rowHasTerms(r: Pick<IndexRow, 'title' | 'body' | 'extra'>, terms: string[]): boolean {
  const text = foldAll([r.title, r.body, r.extra].join('\n'))
  return terms.every((t) => text.includes(foldAll(t)))
}
const foldAll = (text: string): string => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

const INDEX_COLUMNS = sql`rowid, kind, ref_id, open_id, game_time, title, body, extra`

/** Index rows by rowid, in the order given. */
async function rowsByRowid(db: Kysely<Database>, rowids: number[]): Promise<IndexRow[]> {
  if (rowids.length === 0) return []
  const r = await sql<IndexRow>`select ${INDEX_COLUMNS} from search_index where rowid in (${sql.join(rowids)})`.execute(db)
  const byId = new Map(r.rows.map((x) => [x.rowid, x]))
  return rowids.map((id) => byId.get(id)).filter((x): x is IndexRow => x !== undefined)
}

/**
 * How well a row matches, bm25-like without its corpus statistics: a word in the title counts
 * most, then how often the words occur for the text's length.
 */
function score(r: Pick<IndexRow, 'title' | 'body' | 'extra'>, folded: string[]): number {
  const title = foldAll(r.title)
  const text = foldAll(`${r.body}\n${r.extra}`)
  let s = 0
  for (const t of folded) {
    if (title.includes(t)) s += title === t ? 20 : 10
    let n = 0
    for (let at = text.indexOf(t); at >= 0 && n < 5; at = text.indexOf(t, at + t.length)) n++
    s += n / (1 + Math.log1p(text.length / 80))
  }
  return s
}

/**
 * The matching index rows, best first. FTS5 gives the newest matches in rowid order without
 * reading whole doclists; only those are ranked (bm25 would read every row that has the word
 * for its statistics, which for a common word is most of the cost).
 */
async function matchingRows(db: Kysely<Database>, q: SearchQuery, terms: string[]): Promise<IndexRow[]> {
  const match = matching(db, terms)
  const short = terms.filter((t) => charCount(t) < TRIGRAM)
  const where = sql.join(conditions(db, q, short), sql` and `)
  if (match === null) {
    // Only short words (one emoji, a CJK pair): LIKE over the index's rows, newest first.
    const r = await sql<IndexRow>`select ${INDEX_COLUMNS} from search_index where ${where} order by rowid desc limit ${q.limit}`.execute(db)
    return r.rows
  }
  const r = await sql<IndexRow>`select ${INDEX_COLUMNS} from search_index
    where ${match} and ${where} order by rowid desc limit ${RANKED}`.execute(db)
  const folded = terms.map(foldAll)
  return r.rows
    .map((row) => ({ row, s: score(row, folded) }))
    .sort((a, b) => b.s - a.s || b.row.rowid - a.row.rowid)
    .slice(0, q.limit)
    .map((x) => x.row)
}

/**
 * What happened in a game-time range, in time order, matching the words if any. The range's log
 * entries are found by their game time (migration 0013's index) and, up to a few thousand, matched
 * here; a wider range goes through the full-text index. Sessions, ledger entries and injuries in
 * the range are few and are read from their tables.
 */
async function rowsInRange(db: Kysely<Database>, q: SearchQuery, terms: string[]): Promise<IndexRow[]> {
  const from = q.from ?? 0
  const to = q.to ?? Number.MAX_SAFE_INTEGER
  const wanted = (k: SearchHitKind) => !q.kinds || q.kinds.includes(k)
  const c = q.campaignId
  const found: IndexRow[] = []
  if (wanted('log_entry')) {
    const code = SEARCH_KIND_CODES.log_entry
    if (terms.length === 0) {
      const ids = await sql<{ id: number }>`select id from log_entry where campaign_id = ${c} and game_time >= ${from} and game_time < ${to}
        and undone = 0 and audience <> 'book' order by game_time, id limit ${q.limit}`.execute(db)
      found.push(...(await rowsByRowid(db, ids.rows.map((r) => r.id * 16 + code))))
    } else {
      // A range of a few thousand entries is read by id and matched here; a wider one through the index.
      const ids = await sql<{ id: number }>`select id from log_entry where campaign_id = ${c} and game_time >= ${from} and game_time < ${to}
        and undone = 0 and audience <> 'book' order by game_time, id limit ${SMALL_RANGE + 1}`.execute(db)
      if (ids.rows.length <= SMALL_RANGE) {
        const rows = await rowsByRowid(db, ids.rows.map((r) => r.id * 16 + code))
        found.push(...rows.filter((r) => rowHasTerms(r, terms)).slice(0, q.limit))
      } else {
        const match = matching(db, terms)
        const short = terms.filter((t) => charCount(t) < TRIGRAM)
        // The earliest matches first: log ids grow with the clock, so from the range's first entry on.
        const first = Math.min(...ids.rows.map((r) => r.id))
        const where = sql.join([...conditions(db, { ...q, kinds: ['log_entry'] }, short), sql`rowid >= ${first * 16}`], sql` and `)
        const r = match === null
          ? await sql<IndexRow>`select ${INDEX_COLUMNS} from search_index where ${where} order by rowid limit ${RANKED}`.execute(db)
          : await sql<IndexRow>`select ${INDEX_COLUMNS} from search_index where ${match} and ${where} order by rowid limit ${RANKED}`.execute(db)
        found.push(...r.rows)
      }
    }
  }
  const others: ReturnType<typeof sql>[] = []
  if (wanted('session')) {
    others.push(sql`select id * 16 + 6 as rowid from session where campaign_id = ${c}
      and game_time_start < ${to} and coalesce(game_time_end, game_time_start) >= ${from}`)
  }
  if (wanted('ledger_entry')) {
    others.push(sql`select id * 16 + 8 from ledger_entry where campaign_id = ${c} and game_time >= ${from} and game_time < ${to}`)
  }
  if (wanted('injury')) {
    others.push(sql`select id * 16 + 9 from injury where campaign_id = ${c} and taken_at >= ${from} and taken_at < ${to}`)
  }
  if (others.length) {
    const ids = await sql<{ rowid: number }>`${sql.join(others, sql` union all `)}`.execute(db)
    const rows = await rowsByRowid(db, ids.rows.map((r) => r.rowid))
    found.push(...rows.filter((r) => terms.length === 0 || rowHasTerms(r, terms)))
  }
  return found.sort((a, b) => (a.game_time ?? 0) - (b.game_time ?? 0) || a.rowid - b.rowid).slice(0, q.limit)
}

/** Adds what the screen shows beside each hit: whose it is, the log line, the session. */
async function toHits(db: Kysely<Database>, rows: IndexRow[], terms: string[]): Promise<SearchHit[]> {
  const ownerIds = [...new Set(rows.filter((r) => ['inventory_item', 'ledger_entry', 'injury'].includes(r.kind) && r.open_id > 0).map((r) => r.open_id))]
  const owners = new Map<number, string>()
  if (ownerIds.length) {
    for (const o of await db.selectFrom('character').select(['id', 'name']).where('id', 'in', ownerIds).execute()) owners.set(o.id, o.name)
  }
  const undoneLedger = await notInStory(db, rows.filter((r) => r.kind === 'ledger_entry').map((r) => r.ref_id))
  const logIds = rows.filter((r) => r.kind === 'log_entry').map((r) => r.ref_id)
  const logs = new Map<number, LogEntryRow & { number: number | null; session_title: string | null }>()
  if (logIds.length) {
    const found = await sql<LogEntryRow & { number: number | null; session_title: string | null }>`
      select l.*, s.number, s.title as session_title from log_entry l left join session s on s.id = l.session_id
      where l.id in (${sql.join(logIds)}) and l.undone = 0 and l.audience <> 'book'`.execute(db)
    for (const l of found.rows) logs.set(l.id, l)
  }
  const out: SearchHit[] = []
  for (const r of rows) {
    let title = r.title
    let text = [r.title, r.body, r.extra].filter(Boolean).join(' · ')
    let openId = r.open_id
    let sessionId: number | null = null
    if (r.kind === 'character') text = [r.body, r.extra].filter(Boolean).join(' · ') || r.title
    else if (r.kind === 'inventory_item') {
      title = r.title
      text = `Carried by ${owners.get(r.open_id) ?? 'someone'}${r.body ? ` · ${r.body}` : ''}`
    } else if (r.kind === 'ledger_entry') {
      if (undoneLedger.has(r.ref_id)) continue
      title = r.open_id > 0 ? `${owners.get(r.open_id) ?? 'Someone'}’s ledger` : 'The campaign’s ledger'
      text = r.body
      if (r.open_id === 0) openId = r.ref_id
    } else if (r.kind === 'injury') {
      title = `${owners.get(r.open_id) ?? 'Someone'}: ${r.title || 'injury'}`
      text = [r.title, r.body].filter(Boolean).join(' · ')
    } else if (r.kind === 'log_entry') {
      const l = logs.get(r.ref_id)
      if (!l) continue // undone, undo's bookkeeping, or deleted since the index row was read
      sessionId = l.session_id
      title = l.number === null ? 'Log' : sessionName(l.number, l.session_title)
      text = describeLogEntry(toLogEntry(l))
    } else if (r.kind === 'encounter_row' || r.kind === 'encounter_table' || r.kind === 'location' || r.kind === 'adventure' || r.kind === 'session') {
      text = r.body || r.title
    }
    if (r.kind === 'session') title = r.title.trim()
    // The log line may not hold the word the index found (a name stored in the entry, not shown).
    const characterId = r.kind === 'character' ? r.ref_id : ['inventory_item', 'ledger_entry', 'injury'].includes(r.kind) && r.open_id > 0 ? r.open_id : null
    out.push({ kind: r.kind, id: r.ref_id, openId, characterId, sessionId, gameTime: r.game_time, title, snippet: markMatches(text, terms) })
  }
  return out
}

/**
 * The best matches first: every word must appear (three characters or more through the index,
 * shorter ones by LIKE), accents and case ignored. With a game-time range, what happened in it
 * (matching the words, if any) in time order.
 * @example await searchCampaign(db, { campaignId: 1, text: 'torch', kinds: ['inventory_item'], limit: 20 })
 * @example await searchCampaign(db, { campaignId: 1, text: '', from: 2 * 86400, to: 3 * 86400, limit: 50 }) // day 3
 */
export async function searchCampaign(db: Kysely<Database>, q: SearchQuery): Promise<SearchHit[]> {
  const terms = searchTerms(q.text)
  // Log entries are indexed after their change commits: whatever is still queued goes in first.
  // Where that write fails (a full disk), the search still answers from what is indexed.
  await indexQueuedLog(db).catch(() => undefined)
  // A game-time range lists what happened in it, in time order, with or without words.
  if (q.from !== undefined || q.to !== undefined) return toHits(db, await rowsInRange(db, q, terms), terms)
  if (terms.length === 0) return []
  return toHits(db, await matchingRows(db, q, terms), terms)
}

/**
 * A log entry and up to `around` entries each side of it, in its session (or among the entries
 * outside any session), oldest first.
 * @example await logAround(db, { campaignId: 1, entryId: 812, around: 40 })
 */
export async function logAround(
  db: Kysely<Database>,
  q: { campaignId: number; entryId: number; around: number },
): Promise<{ session: { id: number; number: number; title: string } | null; entries: SearchLogLine[] }> {
  const entry = await db.selectFrom('log_entry').select(['id', 'session_id']).where('id', '=', q.entryId).where('campaign_id', '=', q.campaignId).executeTakeFirst()
  if (!entry) {
    throw new AppError('not_found', `There is no log entry ${q.entryId} in this campaign.`, [{ field: 'entryId', problem: 'no log entry of this campaign has this id' }])
  }
  const session = entry.session_id === null
    ? null
    : ((await db.selectFrom('session').select(['id', 'number', 'title']).where('id', '=', entry.session_id).executeTakeFirst()) ?? null)
  const inSession = (qb: ReturnType<typeof base>) => (entry.session_id === null ? qb.where('session_id', 'is', null) : qb.where('session_id', '=', entry.session_id))
  const base = () => db.selectFrom('log_entry').selectAll().where('campaign_id', '=', q.campaignId).where('audience', '!=', 'book')
  const before = await inSession(base()).where('id', '<', entry.id).orderBy('id', 'desc').limit(q.around).execute()
  const after = await inSession(base()).where('id', '>=', entry.id).orderBy('id', 'asc').limit(q.around + 1).execute()
  const lines = [...before.reverse(), ...after].map((row) => {
    const e = toLogEntry(row)
    return { id: e.id, gameTime: e.gameTime, kind: e.kind, text: describeLogEntry(e), undone: e.undone }
  })
  return { session, entries: lines }
}
