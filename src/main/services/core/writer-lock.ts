/**
 * On PostgreSQL every change first takes a transaction-scoped advisory lock, so that a campaign's
 * changes from any number of Lanterns run one after another, each reading what the one before
 * committed, as SQLite's single writer has it: a clock step or a spend checked against a balance
 * never works from a stale read. Two campaigns' changes share no row, so they do not wait on each
 * other: a campaign's change takes the library's lock shared and its campaign's lock exclusive;
 * what spans the library (a campaign made, deleted or imported, or a change whose campaign is not
 * known) takes the library's lock exclusive, and so waits for every change under way and holds
 * every other off. Locks are always taken library first, then one campaign, so no two changes can
 * deadlock on them. Reads take no lock.
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

/** The library's lock: a single 64-bit key. */
const WRITER_LOCK = 0x4c616e74 // "Lant"

/**
 * What a change locks: one campaign, or the whole library. A campaign's lock is the pair
 * (WRITER_LOCK, campaign id) in PostgreSQL's two-32-bit-key space, which never overlaps the
 * single-key space the library's lock is in.
 */
export type LockTarget = { campaignId: number } | 'library'

/**
 * Waits for the lock of what the change writes, held until the transaction ends: the library's
 * alone, or the library's shared and the campaign's (in that order, in one round trip).
 * @example await takeWriterLock(trx, { campaignId: 3 })
 */
export async function takeWriterLock(trx: Transaction<Database>, target: LockTarget = 'library'): Promise<void> {
  if (target === 'library') await sql`select pg_advisory_xact_lock(${WRITER_LOCK}::bigint)`.execute(trx)
  else await sql`select pg_advisory_xact_lock_shared(${WRITER_LOCK}::bigint), pg_advisory_xact_lock(${WRITER_LOCK}::int, ${target.campaignId}::int)`.execute(trx)
}

/**
 * The search queue's lock (log-search-queue.ts): that of the campaign of the oldest queued entry,
 * whose queued entries the batch then indexes, so an undo in that campaign (which takes the same
 * lock) cannot commit between the batch's read of an entry and its index row. The campaign, or
 * null when no queued entry has one (what is queued was deleted with its campaign).
 * @example const campaignId = await takeIndexLock(trx)
 */
export async function takeIndexLock(trx: Transaction<Database>): Promise<number | null> {
  const { rows } = await sql<{ campaign_id: number }>`select l.campaign_id from search_pending p join log_entry l on l.id = p.log_id order by p.log_id limit 1`.execute(trx)
  const campaignId = rows[0]?.campaign_id
  if (campaignId === undefined) return null
  await takeWriterLock(trx, { campaignId })
  return campaignId
}
