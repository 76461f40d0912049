/**
 * On PostgreSQL every change (and the search queue's indexing) first takes this one
 * transaction-scoped lock, so writes from any number of Lanterns run one after another, each
 * reading what the one before committed, as SQLite's single writer has it: a clock step or a spend
 * checked against a balance never works from a stale read, and no two writes can deadlock.
 * Reads take no lock.
 */
import { sql, type Transaction } from 'kysely'
import type { Database } from '../../db/schema'

const WRITER_LOCK = 0x4c616e74 // "Lant"

/** Waits for the library's writer lock, held until the transaction ends. */
export async function takeWriterLock(trx: Transaction<Database>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${WRITER_LOCK})`.execute(trx)
}
