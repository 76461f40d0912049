/**
 * Frozen: journeys on the clock (CLK-14): a journey from one place to another in legs, each with
 * its length and unit, the GM's name for its ground, whether the ground is open or enclosed, its
 * encounter threshold and the encounter table used; and whether a location is under the sky
 * (CLK-13: null leaves it to the place it is in). Where the party is on its road is kept with the
 * clock, so undoing a step puts it back.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('journey')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('from_location_id', 'integer', (c) => c.references('location.id').onDelete('set null'))
    .addColumn('to_location_id', 'integer', (c) => c.references('location.id').onDelete('set null'))
    // The destination as the GM typed it, when it is no location of the campaign.
    .addColumn('to_name', 'text', (c) => c.notNull().defaultTo(''))
    // planned | travelling | arrived | stopped
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('planned'))
    // The GM's weather line, which the players read.
    .addColumn('weather', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('set_out_at', 'integer')
    .addColumn('ended_at', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('journey_campaign').on('journey').columns(['campaign_id', 'status']).execute()
  await db.schema
    .createTable('journey_leg')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('journey_id', 'integer', (c) => c.notNull().references('journey.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('terrain', 'text', (c) => c.notNull())
    .addColumn('length', 'real', (c) => c.notNull())
    // miles | km
    .addColumn('unit', 'text', (c) => c.notNull())
    // open | enclosed
    .addColumn('place', 'text', (c) => c.notNull())
    .addColumn('threshold', 'integer', (c) => c.notNull().defaultTo(20))
    .addColumn('table_id', 'integer', (c) => c.references('encounter_table.id').onDelete('set null'))
    // 1 for a leg added on the road (a detour, CLK-16).
    .addColumn('detour', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('journey_leg_journey').on('journey_leg').columns(['journey_id', 'position']).execute()
  await sql`alter table location add column under_sky integer`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`alter table location drop column under_sky`.execute(db)
  await db.schema.dropTable('journey_leg').execute()
  await db.schema.dropTable('journey').execute()
}
