/**
 * Growth the rules leave to the GM, in LODE, Ranks and the Challenge System: none of their texts
 * prices advancement (LODE-9, RK-6, CH-10), so a trait, rank or rating changes between sessions
 * when the GM rules it, with the reason written down and the XP the GM asks for, if any, spent
 * through the ledger. One action with its log entry; undo puts the sheet back and the XP with it.
 */
import type { Kysely, Selectable } from 'kysely'
import type { CharacterTable, Database } from '../../db/schema'
import type { LogEntry, SystemId } from '../../../shared/contract'
import { amountOf } from '../../../shared/currencies'
import { type Tx, AppError, appendLog } from '../core'
import { checkSheet, sheetContext } from '../characters'
import { balanceOf, ledgerHolder, writeLedgerEntry } from '../ledger'
import { changeSheet } from './sheet-change'

export type CharacterRow = Selectable<CharacterTable>

/** A refusal in the GM's words, naming the field. */
export function refused(field: string, problem: string): AppError {
  return new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. Nothing was changed.`, [{ field, problem }])
}

/**
 * A character of this campaign, or a refusal in words.
 * @example await characterIn(db, 1, 4) // { id: 4, name: 'Brann', sheet: '{…}', … }
 */
export async function characterIn(db: Kysely<Database>, campaignId: number, characterId: number): Promise<CharacterRow> {
  const row = await db.selectFrom('character').selectAll().where('id', '=', characterId).executeTakeFirst()
  if (!row || row.campaign_id !== campaignId) {
    throw new AppError('not_found', `There is no character ${characterId} in this campaign; they may have been deleted.`, [
      { field: 'characterId', problem: 'no character of this campaign has this id' },
    ])
  }
  return row
}

/** The campaign must play `system`; its growth methods act on no other. */
export async function requireSystem(db: Kysely<Database>, campaignId: number, system: SystemId, name: string): Promise<void> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) {
    throw new AppError('not_found', `There is no campaign ${campaignId}; it may have been deleted.`, [{ field: 'campaignId', problem: 'no campaign has this id' }])
  }
  if (row.system !== system) throw refused('campaignId', `this campaign does not play ${name}`)
}

export interface RuledChange {
  system: SystemId
  row: CharacterRow
  before: Record<string, unknown>
  after: Record<string, unknown>
  kind: `growth.${string}`
  /** The sentence the log and the recaps tell, the GM's reason and the XP in it. */
  text: string
  /** XP the GM asks for; 0 for none. */
  xp: number
  payload: Record<string, unknown>
}

/**
 * Writes a change the GM rules, with its XP spent first (refused in words when the balance cannot
 * pay), the sheet checked by its system's rules (a change may not add a problem), in the caller's
 * unit of work. What is done between sessions belongs to no session.
 * @example await ruledChange(tx, { system: 'lode', row, before, after, kind: 'growth.lode.trait', text: 'Brann’s Riding rose to +1 die: a summer with the horse-lords (the GM’s ruling; 2 XP).', xp: 2, payload: {} })
 */
export async function ruledChange(tx: Tx, c: RuledChange): Promise<LogEntry> {
  const at = { campaignId: c.row.campaign_id, system: c.system, kind: c.row.kind, status: c.row.status, characterId: c.row.id }
  const context = await sheetContext(tx.trx, at)
  const had = checkSheet(c.system, c.before, context).problems
  const checked = checkSheet(c.system, c.after, context)
  const added = [...checked.fields.map((f) => `${f.field} ${f.problem}`), ...checked.problems.filter((p) => !had.includes(p))]
  if (added.length > 0) throw refused('campaignId', `that would break ${c.row.name}’s sheet: ${added.join(' ').replace(/\.$/, '')}`)
  if (c.xp > 0) {
    const holder = await ledgerHolder(tx.trx, c.row.campaign_id, c.row.id)
    const balance = await balanceOf(tx.trx, holder, 'xp')
    if (balance < c.xp) throw refused('xp', `${c.row.name} has ${amountOf('xp', balance)}, and this costs ${c.xp}`)
    await writeLedgerEntry(tx, holder, { currency: 'xp', amount: -c.xp, reason: c.text.replace(/\.$/, ''), sessionId: null }, 'spend')
  }
  return changeSheet(tx, { campaignId: c.row.campaign_id, characterId: c.row.id, name: c.row.name, before: c.before, after: c.after, kind: c.kind, text: c.text, payload: { ...c.payload, xp: c.xp } })
}

/**
 * A growth entry that changes no sheet: it tells what its action's ledger or injury entries did,
 * in one sentence for the log and the recaps (between sessions: no session).
 * @example await tellGrowth(tx, { campaignId: 1, characterId: 4, name: 'Brann', kind: 'growth.lode.energy', text: 'Brann’s Energy was topped up by 2 to the supply of 3 (LODE-9).' })
 */
export async function tellGrowth(tx: Tx, t: { campaignId: number; characterId: number; name: string; kind: `growth.${string}`; text: string; payload?: Record<string, unknown> }): Promise<LogEntry> {
  return appendLog(tx, { campaignId: t.campaignId, sessionId: null, kind: t.kind, payload: { ...(t.payload ?? {}), characterId: t.characterId, name: t.name, text: t.text } })
}

/**
 * Undo of a growth entry that changed no sheet (tellGrowth): its action's ledger and injury
 * entries are taken back by their own undo; this one is only marked undone. Null for any other.
 * @example undoGrowthTelling(entry) // true
 */
export function undoGrowthTelling(entry: LogEntry): true | null {
  return /^growth\.(lode|ranks|challenge)\./.test(entry.kind) && entry.payload.sheet === undefined ? true : null
}

/** "(the GM’s ruling; 2 XP)" or "(the GM’s ruling)". */
export function rulingWords(xp: number): string {
  return xp > 0 ? `(the GM’s ruling; ${amountOf('xp', xp)})` : '(the GM’s ruling)'
}
