/**
 * Frozen: one game clock per campaign (its state as JSON: time, mode, combat, encounter settings,
 * lights and timers), and the clock's steps, each with what it changed, so the last one can be
 * undone exactly.
 */
import type { Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('clock')
    .addColumn('campaign_id', 'integer', (c) => c.primaryKey().references('campaign.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('clock_step')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('clock_before', 'text', (c) => c.notNull())
    // JSON: [{ table, id, before: row | null, after: row | null }] for every inventory item and injury the step changed.
    .addColumn('rows', 'text', (c) => c.notNull().defaultTo('[]'))
    // The step's log entries are ids first_log_id..last_log_id of this campaign.
    .addColumn('first_log_id', 'integer', (c) => c.notNull())
    .addColumn('last_log_id', 'integer', (c) => c.notNull())
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('clock_step_campaign').on('clock_step').columns(['campaign_id', 'undone', 'id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('clock_step').execute()
  await db.schema.dropTable('clock').execute()
}
