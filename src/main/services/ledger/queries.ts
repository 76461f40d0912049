/**
 * Reading the ledger: a holder's entries, each with the running balance after it (a window sum
 * over the `ledger_balance` index), the session's number and the correction that reversed it.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LedgerEntry } from '../../../shared/contract'
import type { CurrencyId } from '../../../shared/currencies'
import type { LedgerHolder } from './holder'

/**
 * The sums kept beside the entries (migration 0020) of these holders (characters' ids, 0 for the
 * campaign's own) in these currencies (all when not given): a row for each sum not at 0, read by
 * key however long the ledger.
 * @example await keptSums(db, 1, [4], ['destiny', 'energy']) // [{ holder: 4, currency: 'destiny', balance: 2 }]
 */
export function keptSums(db: Kysely<Database>, campaignId: number, holders: readonly number[], currencies?: readonly CurrencyId[]) {
  let q = db.selectFrom('ledger_sum').select(['holder', 'currency', 'balance']).where('campaign_id', '=', campaignId).where('holder', 'in', [...holders])
  if (currencies) q = q.where('currency', 'in', [...currencies])
  return q.execute()
}

/** The holder's rows: a character's, or the campaign's own (character_id null). */
export function holderEntries(db: Kysely<Database>, holder: Pick<LedgerHolder, 'campaignId' | 'characterId'>) {
  const q = db.selectFrom('ledger_entry').where('campaign_id', '=', holder.campaignId)
  return holder.characterId === null ? q.where('character_id', 'is', null) : q.where('character_id', '=', holder.characterId)
}

/**
 * The holder's rows that stand in the story: an entry whose action was undone, and the entry the
 * undo wrote to reverse it, are not (they cancel out, so balances are the same either way).
 */
export function standingEntries(db: Kysely<Database>, holder: Pick<LedgerHolder, 'campaignId' | 'characterId'>) {
  return holderEntries(db, holder).where(({ not, exists, selectFrom }) =>
    not(
      exists(
        selectFrom('log_entry as l')
          .select('l.id')
          .whereRef('l.id', '=', 'ledger_entry.log_entry_id')
          .where((eb) => eb.or([eb('l.undone', '=', 1), eb('l.audience', '=', 'book')])),
      ),
    ),
  )
}

function withBalances(db: Kysely<Database>, holder: LedgerHolder, currency: CurrencyId | undefined) {
  let running = standingEntries(db, holder)
    .selectAll()
    .select((eb) => eb.fn.sum<number>('amount').over((ob) => ob.partitionBy('currency').orderBy('id')).as('balance_after'))
  if (currency !== undefined) running = running.where('currency', '=', currency)
  return db
    .selectFrom(running.as('e'))
    .leftJoin('session', 'session.id', 'e.session_id')
    .selectAll('e')
    .select((eb) => [
      'session.number as session_number',
      // A correction the GM made; the reversal an undo wrote is not one.
      eb
        .selectFrom('ledger_entry as c')
        .select('c.id')
        .whereRef('c.corrects_id', '=', 'e.id')
        .where(({ not, exists, selectFrom }) => not(exists(selectFrom('log_entry as l').select('l.id').whereRef('l.id', '=', 'c.log_entry_id').where('l.audience', '=', 'book'))))
        .as('corrected_by_id'),
    ])
}

type Row = Awaited<ReturnType<ReturnType<typeof withBalances>['executeTakeFirstOrThrow']>>

function toEntry(row: Row): LedgerEntry {
  return {
    id: row.id,
    campaignId: row.campaign_id,
    characterId: row.character_id,
    currency: row.currency,
    amount: row.amount,
    reason: row.reason,
    sessionId: row.session_id,
    sessionNumber: row.session_number ?? null,
    gameTime: row.game_time,
    logEntryId: row.log_entry_id,
    correctsId: row.corrects_id,
    correctedById: row.corrected_by_id ?? null,
    balanceAfter: Number(row.balance_after),
    createdAt: row.created_at,
  }
}

/**
 * A page of entries, newest first, and how many there are in all (for this currency, if given).
 * @example await pageOfEntries(db, holder, { currency: 'pp', limit: 50 })
 */
export async function pageOfEntries(
  db: Kysely<Database>,
  holder: LedgerHolder,
  q: { currency?: CurrencyId | undefined; beforeId?: number | undefined; limit: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  let page = withBalances(db, holder, q.currency)
  if (q.beforeId !== undefined) page = page.where('e.id', '<', q.beforeId)
  const rows = await page.orderBy('e.id', 'desc').limit(q.limit).execute()
  let count = standingEntries(db, holder).select((eb) => eb.fn.countAll<number>().as('n'))
  if (q.currency !== undefined) count = count.where('currency', '=', q.currency)
  const { n } = await count.executeTakeFirstOrThrow()
  return { items: rows.map(toEntry), total: Number(n) }
}

/** One entry with its running balance. @example await entryById(db, holder, 12) */
export async function entryById(db: Kysely<Database>, holder: LedgerHolder, id: number): Promise<LedgerEntry> {
  const row = await withBalances(db, holder, undefined).where('e.id', '=', id).executeTakeFirstOrThrow()
  return toEntry(row)
}
