/**
 * Frozen: Resolution and Ranks at the table. One tracker per campaign (its state as JSON: the
 * Dangers in play, the chapter, the experience rule, the sessions Threat was given for), and every
 * rank roll with its dice, so an aspect (RK-4), a borderline re-roll (RK-5) and the roll's
 * acceptance (RK-6, RK-8) act on the roll as it was made; and what each change overwrote, for undo.
 */
import type { Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('ranks_table')
    .addColumn('campaign_id', 'integer', (c) => c.primaryKey().references('campaign.id').onDelete('cascade'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('ranks_roll')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('character_id', 'integer', (c) => c.references('character.id').onDelete('set null'))
    .addColumn('who', 'text', (c) => c.notNull())
    .addColumn('ability', 'text', (c) => c.notNull())
    .addColumn('rank', 'text', (c) => c.notNull())
    .addColumn('up', 'integer', (c) => c.notNull())
    .addColumn('down', 'integer', (c) => c.notNull())
    .addColumn('aspect', 'integer')
    .addColumn('aspect_name', 'text')
    .addColumn('result', 'text', (c) => c.notNull())
    // 'action', 'danger' or 'courage'
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('danger_id', 'integer')
    // the Danger's description as it stood when rolled against
    .addColumn('danger', 'text')
    // 'open', 'accepted', 'replaced', 'conceded' or 'withdrawn'
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('replaces_id', 'integer')
    .addColumn('gm_only', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: what accepting it did (Danger removed, Harm marked, XP earned)
    .addColumn('outcome', 'text')
    .addColumn('log_entry_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('ranks_roll_campaign').on('ranks_roll').columns(['campaign_id', 'status', 'id']).execute()

  // What each change at the table overwrote, so the last one can be undone exactly.
  await db.schema
    .createTable('ranks_step')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('log_entry_id', 'integer', (c) => c.notNull().unique())
    // JSON: the tracker, rolls and sheets before; the injuries and ledger entries it wrote
    .addColumn('journal', 'text', (c) => c.notNull())
    .addColumn('undone', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Db): Promise<void> {
  await db.schema.dropTable('ranks_step').execute()
  await db.schema.dropTable('ranks_roll').execute()
  await db.schema.dropTable('ranks_table').execute()
}
