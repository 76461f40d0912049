/**
 * Frozen: the Challenge System at the table (CH-1 … CH-11). A challenge keeps its running state as
 * JSON (the engine's state and who each side is); each step (start, round, change of abilities,
 * consequences) keeps what it replaced, so the last one can be taken back exactly.
 */
import type { Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('challenge')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('session.id').onDelete('set null'))
    .addColumn('title', 'text', (c) => c.notNull())
    // 'running' until decided (CH-3); 'closed' once the GM puts it away.
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('running'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('started_at', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('challenge_campaign').on('challenge').columns(['campaign_id', 'status', 'id']).execute()

  await db.schema
    .createTable('challenge_step')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('challenge_id', 'integer', (c) => c.notNull().references('challenge.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    // JSON: the challenge's status and state before the step; null for the step that started it.
    .addColumn('before', 'text')
    // JSON: [{ table, id, before, after }] for every injury and character sheet the step changed.
    .addColumn('rows', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('first_log_id', 'integer', (c) => c.notNull())
    .addColumn('last_log_id', 'integer', (c) => c.notNull())
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('challenge_step_campaign').on('challenge_step').columns(['campaign_id', 'undone', 'id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('challenge_step').execute()
  await db.schema.dropTable('challenge').execute()
}
