/**
 * Frozen: the old-school core at the table. One row per campaign holds the table's state as JSON
 * (the combat under way with its initiative, and prepared spells with their secret cast windows);
 * each GM action at the table is a step recording what it changed, so the last one can be undone.
 */
import type { Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('osr_table')
    .addColumn('campaign_id', 'integer', (c) => c.primaryKey().references('campaign.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('osr_step')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON: the table's state before the step (null: none yet).
    .addColumn('state_before', 'text')
    // JSON: [{ table, id, before: row | null, after: row | null }] for every character and injury the step changed.
    .addColumn('rows', 'text', (c) => c.notNull().defaultTo('[]'))
    // The step's log entries are ids first_log_id..last_log_id of this campaign.
    .addColumn('first_log_id', 'integer', (c) => c.notNull())
    .addColumn('last_log_id', 'integer', (c) => c.notNull())
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('osr_step_campaign').on('osr_step').columns(['campaign_id', 'undone', 'id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('osr_step').execute()
  await db.schema.dropTable('osr_table').execute()
}
