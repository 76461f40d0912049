/** Frozen: campaigns, their settings, and the session log. */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('campaign')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('system', 'text', (c) =>
      c.notNull().check(sql`system in ('ladder', 'osr', 'lode', 'challenge', 'ranks')`),
    )
    .addColumn('dice_seed', 'text', (c) => c.notNull())
    .addColumn('dice_counter', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('setting')
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('setting_pk', ['campaign_id', 'key'])
    .execute()

  await db.schema
    .createTable('log_entry')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('session_id', 'integer')
    .addColumn('game_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('real_time', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('dice', 'text')
    .addColumn('gm_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()

  await db.schema.createIndex('log_entry_campaign').on('log_entry').columns(['campaign_id', 'id']).execute()
  await db.schema.createIndex('log_entry_campaign_kind').on('log_entry').columns(['campaign_id', 'kind', 'id']).execute()
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('log_entry').execute()
  await db.schema.dropTable('setting').execute()
  await db.schema.dropTable('campaign').execute()
}
