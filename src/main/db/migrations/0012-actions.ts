/**
 * Frozen: the GM's actions. Each undoable action (a clock step, a roll, a ledger entry, an injury,
 * a tracker step) is a row of its own, written in the action's transaction, with the range of log
 * entries it wrote, its dice, the ids it created and what redoes it; undo and redo walk these rows,
 * newest first, instead of scanning the log.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('action')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('method', 'text', (c) => c.notNull())
    // JSON: the method's input
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .addColumn('first_log_id', 'integer', (c) => c.notNull())
    .addColumn('last_log_id', 'integer', (c) => c.notNull())
    .addColumn('dice_before', 'integer')
    .addColumn('dice_after', 'integer')
    // JSON: ids created, by table, as [first, last]
    .addColumn('created', 'text', (c) => c.notNull().defaultTo('{}'))
    // 'done', 'undone' or 'redone'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('done'))
    .addColumn('redoable', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undone_seq', 'integer')
    .addColumn('redo_of', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('action_campaign_status').on('action').columns(['campaign_id', 'status', 'id']).execute()
  await db.schema.createIndex('action_campaign_log').on('action').columns(['campaign_id', 'first_log_id']).execute()
  // The redo stack: few rows, read and cleared at every action.
  await sql`create index action_redo_stack on action (campaign_id, undone_seq) where redoable = 1`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropIndex('action_redo_stack').execute()
  await db.schema.dropTable('action').execute()
}
