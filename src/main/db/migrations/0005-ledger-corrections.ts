/**
 * Frozen: a ledger correction names the entry it reverses. History is never edited (a correction
 * is a new, opposite entry); this link lets the timeline show which entry was reversed and keeps
 * an entry from being reversed twice.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .alterTable('ledger_entry')
    .addColumn('corrects_id', 'integer', (c) => c.references('ledger_entry.id').onDelete('set null'))
    .execute()
  await sql`create unique index ledger_correction_once on ledger_entry (corrects_id) where corrects_id is not null`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`drop index if exists ledger_correction_once`.execute(db)
  await db.schema.alterTable('ledger_entry').dropColumn('corrects_id').execute()
}
