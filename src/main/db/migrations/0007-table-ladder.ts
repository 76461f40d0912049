/**
 * Frozen: The Ladder's trackers at the table — extended conflicts, team fights, races, magic duels
 * and combats — each kept as the engine's immutable state (JSON) between exchanges, with who takes
 * part and the last exchange's report.
 */
import type { Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('ladder_conflict')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('session_id', 'integer', (c) => c.references('session.id').onDelete('set null'))
    // extended | team | race | duel | combat
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull().defaultTo(''))
    // JSON: who takes part (names, characters, assets) as the GM set it up.
    .addColumn('setup', 'text', (c) => c.notNull())
    // JSON: the engine's state after the last exchange.
    .addColumn('state', 'text', (c) => c.notNull())
    // JSON: what the last exchange did, for the tracker to show; null before the first.
    .addColumn('last', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ladder_conflict_campaign').on('ladder_conflict').columns(['campaign_id', 'status', 'id']).execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('ladder_conflict').execute()
}
