/**
 * What the table shows of the GM's actions: the history of the last actions with what each
 * changed (the panel's undo acts on the newest standing one, its redo on the one undone last), and
 * the log as the table reads it, newest action first, each action's own entry followed by its
 * consequences in game-time order.
 */
import type { ExpressionBuilder, Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ActionRow } from '../../db/schema-actions'
import type { LogEntry } from '../../../shared/contract'
import { describeLogEntry } from '../../../shared/log-text'
import { type ServiceDeps, newestStandingAction, toLogEntry } from '../core'
import { nextRedo } from './redo'
import { actionWords } from './undo'

/** How many of an action's log lines the history shows; the rest are counted. */
const LINES_SHOWN = 6

export interface HistoryItem {
  actionId: number
  summary: string
  kind: string
  status: 'done' | 'undone'
  redoable: boolean
  gameTime: number
  entries: number
  /** Who did it, on a library several GMs share; '' otherwise. */
  by: string
  lines: string[]
}

export interface History {
  items: HistoryItem[]
  undo: { actionId: number; summary: string } | null
  redo: { actionId: number; summary: string } | null
  earlierPlay: boolean
}

/** Log kinds written by editing records and sessions, which are never on the undo stack. */
const RECORD_KINDS = ['campaign.', 'session.', 'character.', 'adventure.', 'location.', 'encounterTable.', 'setting.', 'inventory.', 'backup.']

/**
 * Whether the log holds play written before the campaign's first action: a library upgraded from
 * before undo by action, or a campaign imported (a campaign file does not carry the undo history).
 * A ledger entry a character's change writes right after its own entry, in the same unit of work
 * (a new Ladder character's starting Plot Points, LAD-21), is part of the record, not play.
 */
async function playBeforeHistory(db: Kysely<Database>, campaignId: number): Promise<boolean> {
  const first = await db.selectFrom('action').select((eb) => eb.fn.min('first_log_id').as('id')).where('campaign_id', '=', campaignId).executeTakeFirst()
  let older = db.selectFrom('log_entry').select('log_entry.id').where('log_entry.campaign_id', '=', campaignId)
  if (first?.id !== null && first?.id !== undefined) older = older.where('log_entry.id', '<', Number(first.id))
  for (const kind of RECORD_KINDS) older = older.where('log_entry.kind', 'not like', `${kind}%`)
  const creditBesideCharacter = (eb: ExpressionBuilder<Database, 'log_entry'>) =>
    eb.and([
      eb('log_entry.kind', 'like', 'ledger.%'),
      eb.exists(
        eb
          .selectFrom('log_entry as record')
          .select('record.id')
          .whereRef('record.campaign_id', '=', 'log_entry.campaign_id')
          .whereRef('record.real_time', '=', 'log_entry.real_time')
          .where((r) => r('record.id', '=', r('log_entry.id', '-', 1)))
          .where('record.kind', 'like', 'character.%'),
      ),
    ])
  older = older.where((eb) => eb.not(creditBesideCharacter(eb)))
  return (await older.limit(1).executeTakeFirst()) !== undefined
}

async function itemOf(db: Kysely<Database>, a: ActionRow): Promise<HistoryItem> {
  const rows = await db.selectFrom('log_entry').selectAll().where('campaign_id', '=', a.campaign_id).where('id', '>=', a.first_log_id).where('id', '<=', a.last_log_id).orderBy('id').limit(LINES_SHOWN + 1).execute()
  const entries = rows.map(toLogEntry)
  const head = entries.find((e) => e.kind === a.kind) ?? entries[0]
  return {
    actionId: a.id,
    summary: actionWords(a),
    kind: a.kind,
    status: a.status === 'done' ? 'done' : 'undone',
    redoable: a.redoable === 1,
    gameTime: head?.gameTime ?? 0,
    entries: a.last_log_id - a.first_log_id + 1,
    by: a.made_by,
    lines: entries.filter((e) => e !== head).slice(0, LINES_SHOWN - 1).map(describeLogEntry),
  }
}

/**
 * The campaign's last actions, newest first (those undone and not made again included, marked).
 * @example await actionHistory(deps, { campaignId: 1, limit: 20 })
 */
export async function actionHistory(deps: ServiceDeps, input: { campaignId: number; limit: number }): Promise<History> {
  // The newest done and the newest undone, each read down its own index in id order, then the
  // newest of both: asking for "not redone" at once read and sorted every action the campaign made.
  const newest = (status: 'done' | 'undone') =>
    deps.db.selectFrom('action').selectAll().where('campaign_id', '=', input.campaignId).where('status', '=', status).orderBy('id', 'desc').limit(input.limit).execute()
  const rows = [...(await newest('done')), ...(await newest('undone'))].sort((a, b) => b.id - a.id).slice(0, input.limit)
  const items: HistoryItem[] = []
  for (const a of rows) items.push(await itemOf(deps.db, a))
  const undo = await newestStandingAction(deps.db, input.campaignId)
  const redo = await nextRedo(deps, input.campaignId)
  return {
    items,
    undo: undo ? { actionId: undo.id, summary: actionWords(undo) } : null,
    redo: redo ? { actionId: redo.id, summary: actionWords(redo) } : null,
    earlierPlay: await playBeforeHistory(deps.db, input.campaignId),
  }
}

/**
 * The actions that wrote any of the entries from `low` to `high`: those begun among them, and the
 * one begun before them if it reaches into them. A campaign's actions never overlap (one at a time,
 * each writing after the one before), so only the last begun before `low` can; each part is read
 * down the index by `first_log_id`, however many actions the campaign has made.
 */
async function actionsOver(db: Kysely<Database>, campaignId: number, low: number, high: number) {
  const of = () => db.selectFrom('action').select(['first_log_id', 'last_log_id', 'kind']).where('campaign_id', '=', campaignId)
  const begun = await of().where('first_log_id', '>=', low).where('first_log_id', '<=', high).execute()
  const before = await of().where('first_log_id', '<', low).orderBy('first_log_id', 'desc').limit(1).executeTakeFirst()
  return before && before.last_log_id >= low ? [before, ...begun] : begun
}

/** The most of an action's earlier entries a page takes in to show the action whole. */
export const WHOLE_ACTION_MAX = 500

/** A page of the table's log, and the lines of its oldest action it leaves out, if any. */
export interface TableLogPage {
  entries: LogEntry[]
  /** A long action (a year of downtime) cut: its own entry, then `lines` not sent, then its newest. */
  cut: { afterId: number; lines: number } | null
}

/**
 * A page of the log as the table shows it: newest action first, each starting with its own entry
 * and followed by its consequences in game-time order. An action is not split across pages: the
 * oldest action on the page comes whole, unless that would add more than `WHOLE_ACTION_MAX` of its
 * earlier entries (a long downtime writes thousands); then the page has that action's own entry
 * and the newest of its consequences, and counts the lines between (`cut`), which the next page
 * does not hold either (Search finds them).
 * Pass the smallest id seen as `beforeId` for the next page.
 * @example await tableLog(deps, { campaignId: 1, limit: 200 })
 */
export async function tableLog(deps: ServiceDeps, q: { campaignId: number; limit: number; beforeId?: number | undefined }): Promise<TableLogPage> {
  let query = deps.db.selectFrom('log_entry').selectAll().where('campaign_id', '=', q.campaignId)
  if (q.beforeId !== undefined) query = query.where('id', '<', q.beforeId)
  const page = (await query.orderBy('id', 'desc').limit(q.limit).execute()).map(toLogEntry)
  if (page.length === 0) return { entries: [], cut: null }
  const low = page.at(-1)!.id
  const high = page[0]!.id
  const actions = await actionsOver(deps.db, q.campaignId, low, high)
  let cut: TableLogPage['cut'] = null
  // The oldest action on the page comes whole: its earlier entries join it, unless there are too many.
  const oldest = actions.reduce<(typeof actions)[number] | null>((o, a) => (a.first_log_id < low && (!o || a.first_log_id < o.first_log_id) ? a : o), null)
  if (oldest) {
    const earlier = deps.db.selectFrom('log_entry').where('campaign_id', '=', q.campaignId).where('id', '>=', oldest.first_log_id).where('id', '<', low)
    const rest = await earlier.selectAll().orderBy('id', 'desc').limit(WHOLE_ACTION_MAX + 1).execute()
    if (rest.length <= WHOLE_ACTION_MAX) page.push(...rest.map(toLogEntry))
    else {
      // Its own entry is the first of its kind it wrote.
      const head = await earlier.selectAll().where('kind', '=', oldest.kind).orderBy('id', 'asc').limit(1).executeTakeFirst()
      const { n } = await earlier.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
      if (head) page.push(toLogEntry(head))
      cut = { afterId: head?.id ?? low, lines: Number(n) - (head ? 1 : 0) }
    }
  }
  const actionOf = (id: number) => actions.find((a) => a.first_log_id <= id && id <= a.last_log_id)
  // Within an action: its own entry first (the first of its kind), then the rest by game time.
  const heads = new Set(actions.map((a) => page.filter((e) => e.kind === a.kind && a.first_log_id <= e.id && e.id <= a.last_log_id).at(-1)?.id))
  const key = (e: LogEntry) => ({ group: actionOf(e.id)?.first_log_id ?? e.id, head: heads.has(e.id) || !actionOf(e.id), time: e.gameTime })
  const keyed = page.map((e) => ({ e, k: key(e) }))
  keyed.sort((x, y) => y.k.group - x.k.group || Number(y.k.head) - Number(x.k.head) || x.k.time - y.k.time || x.e.id - y.e.id)
  return { entries: keyed.map((x) => x.e), cut }
}
