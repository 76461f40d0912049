/**
 * Frozen: what the GM has shown the players. One row per thing shown: a foe revealed, a foe's
 * numbers shown, or a handout (a location's or an NPC's description written for players). The
 * players' screen is built from these rows and the tables; nothing here is ever a GM note. And the
 * library's players' link (its key and port).
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('player_reveal')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    // 'foe', 'foe-numbers', 'location' or 'npc'
    .addColumn('kind', 'text', (c) => c.notNull())
    // What is shown: a foe's key at the table, or a location's or NPC's id as text
    .addColumn('ref', 'text', (c) => c.notNull())
    // A handout's words for the players (empty for a foe)
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('player_reveal_unique').on('player_reveal').columns(['campaign_id', 'kind', 'ref']).unique().execute()
  // The library's players' link: its key and port, kept so a players' page left open reconnects by
  // itself when the GM shares again after Lantern restarts. One row.
  await db.schema
    .createTable('player_share')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('port', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('player_share').execute()
  await db.schema.dropTable('player_reveal').execute()
}
