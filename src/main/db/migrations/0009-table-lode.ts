/**
 * Frozen: LODE at the table. Each roll made there (a pool, an opposed roll, a deliberate
 * Halfmagic attempt) keeps the engine's state as JSON and the states it replaced, so the last
 * step can be taken back; each campaign keeps its current scene, which LODE-11 counts Destiny
 * points from given-up Halfmagic against.
 */
import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('lode_roll')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pool', 'fluke', 'opposed', 'deliberate')`))
    // JSON: the sides with their engine attempts, and the opposed or deliberate state.
    .addColumn('state', 'text', (c) => c.notNull())
    // JSON array: the states this one replaced, oldest first.
    .addColumn('history', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('gm_only', 'integer', (c) => c.notNull().defaultTo(0))
    // The log entry of the roll's latest step.
    .addColumn('log_entry_id', 'integer', (c) => c.references('log_entry.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('lode_roll_campaign').on('lode_roll').columns(['campaign_id', 'id']).execute()

  await db.schema
    .createTable('lode_scene')
    .addColumn('campaign_id', 'integer', (c) => c.primaryKey().references('campaign.id').onDelete('cascade'))
    // The session the scene belongs to: a new session begins a new scene.
    .addColumn('session_id', 'integer', (c) => c.references('session.id').onDelete('set null'))
    .addColumn('number', 'integer', (c) => c.notNull())
    // JSON array of character ids that kept a Destiny point from given-up Halfmagic (LODE-11).
    .addColumn('kept_by', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('lode_scene').execute()
  await db.schema.dropTable('lode_roll').execute()
}
