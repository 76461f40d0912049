/**
 * Frozen: what a GM keeps between sessions — adventures, sessions and attendance, characters with
 * their rules sheets and inventory, locations, encounter tables, the meta-currency ledger,
 * injuries — and the full-text search index, which triggers keep in step with the tables inside
 * the same transaction as every change.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/**
 * Search rows are keyed by rowid = id × 8 + kind, so a trigger finds a row's entry without a
 * scan (FTS5 does not index its UNINDEXED columns).
 */
const SEARCH_KINDS = { character: 1, location: 2, encounter_table: 3, encounter_row: 4, adventure: 5, session: 6 } as const

function searchTriggers(
  table: keyof typeof SEARCH_KINDS,
  campaignExpr: (row: 'new' | 'old') => string,
  title: (row: 'new') => string,
  body: (row: 'new') => string,
): string[] {
  const k = SEARCH_KINDS[table]
  const insert = `insert into search_index (rowid, campaign_id, kind, ref_id, title, body)
    values (new.id * 8 + ${k}, ${campaignExpr('new')}, '${table}', new.id, ${title('new')}, ${body('new')});`
  return [
    `create trigger ${table}_search_ai after insert on ${table} begin ${insert} end`,
    `create trigger ${table}_search_au after update on ${table} begin
       delete from search_index where rowid = old.id * 8 + ${k}; ${insert} end`,
    `create trigger ${table}_search_ad after delete on ${table} begin
       delete from search_index where rowid = old.id * 8 + ${k}; end`,
  ]
}

export async function up(db: Db): Promise<void> {
  await db.schema
    .createTable('adventure')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('planned').check(sql`status in ('planned', 'active', 'finished')`))
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('adventure_campaign').on('adventure').columns(['campaign_id', 'position']).execute()

  await db.schema
    .createTable('session')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('number', 'integer', (c) => c.notNull().check(sql`number >= 1`))
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('real_date', 'text') // YYYY-MM-DD
    .addColumn('adventure_id', 'integer', (c) => c.references('adventure.id').onDelete('set null'))
    .addColumn('game_time_start', 'integer')
    .addColumn('game_time_end', 'integer')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open').check(sql`status in ('open', 'closed')`))
    .addColumn('gm_notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('session_number_unique', ['campaign_id', 'number'])
    .execute()

  await db.schema
    .createTable('character')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('pc', 'npc')`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('player_name', 'text')
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`status in ('active', 'dead', 'retired', 'missing')`),
    )
    .addColumn('notes', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]')) // JSON array of strings
    .addColumn('sheet', 'text', (c) => c.notNull().defaultTo('{}')) // JSON, validated per system
    .addColumn('draft', 'integer', (c) => c.notNull().defaultTo(0)) // an NPC saved before it is complete
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('character_campaign').on('character').columns(['campaign_id', 'kind', 'name']).execute()

  await db.schema
    .createTable('session_attendance')
    .addColumn('session_id', 'integer', (c) => c.notNull().references('session.id').onDelete('cascade'))
    .addColumn('character_id', 'integer', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('session_attendance_pk', ['session_id', 'character_id'])
    .execute()

  await db.schema
    .createTable('inventory_item')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('character_id', 'integer', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('light', 'ration', 'water', 'weapon', 'armour', 'coins', 'other')`),
    )
    .addColumn('quantity', 'real', (c) => c.notNull().defaultTo(1).check(sql`quantity >= 0`))
    .addColumn('weight_lbs', 'real', (c) => c.notNull().defaultTo(0).check(sql`weight_lbs >= 0`)) // per unit
    .addColumn('value_gp', 'real', (c) => c.notNull().defaultTo(0).check(sql`value_gp >= 0`)) // per unit
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}')) // JSON: light type and oil, weapon class …
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('inventory_character').on('inventory_item').columns(['character_id', 'position']).execute()

  await db.schema
    .createTable('location')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('parent_id', 'integer', (c) => c.references('location.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('enclosed').check(sql`kind in ('open', 'enclosed')`))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('location_campaign').on('location').columns(['campaign_id', 'name']).execute()

  await db.schema
    .createTable('encounter_table')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('location_id', 'integer', (c) => c.references('location.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('dice', 'text', (c) => c.notNull()) // '1d20', '2d6', '1d6' …
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('encounter_table_campaign').on('encounter_table').columns(['campaign_id', 'name']).execute()

  await db.schema
    .createTable('encounter_row')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('table_id', 'integer', (c) => c.notNull().references('encounter_table.id').onDelete('cascade'))
    .addColumn('min', 'integer', (c) => c.notNull())
    .addColumn('max', 'integer', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('npc_id', 'integer', (c) => c.references('character.id').onDelete('set null'))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addCheckConstraint('encounter_row_range', sql`min <= max`)
    .execute()
  await db.schema.createIndex('encounter_row_table').on('encounter_row').columns(['table_id', 'min']).execute()

  await db.schema
    .createTable('ledger_entry')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    // null for campaign-wide currencies (Threat).
    .addColumn('character_id', 'integer', (c) => c.references('character.id').onDelete('cascade'))
    .addColumn('currency', 'text', (c) =>
      c.notNull().check(sql`currency in ('pp', 'background', 'destiny', 'energy', 'xp', 'threat', 'gold')`),
    )
    .addColumn('amount', 'integer', (c) => c.notNull().check(sql`amount <> 0`))
    .addColumn('reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('session_id', 'integer', (c) => c.references('session.id').onDelete('set null'))
    .addColumn('game_time', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('log_entry_id', 'integer', (c) => c.references('log_entry.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('ledger_balance')
    .on('ledger_entry')
    .columns(['campaign_id', 'character_id', 'currency', 'id'])
    .execute()

  await db.schema
    .createTable('injury')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    .addColumn('character_id', 'integer', (c) => c.notNull().references('character.id').onDelete('cascade'))
    .addColumn('system', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull()) // e.g. 'ladder.wound', 'osr.broken-limb', 'ranks.harm'
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('details', 'text', (c) => c.notNull().defaultTo('{}')) // JSON: location, amount, ability …
    .addColumn('taken_at', 'integer', (c) => c.notNull()) // game time (CLK-8)
    .addColumn('heals_at', 'integer') // game time, where the rules give one
    .addColumn('treated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('healed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('healed_at', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('injury_character').on('injury').columns(['character_id', 'healed', 'taken_at']).execute()
  await db.schema.createIndex('injury_heals').on('injury').columns(['campaign_id', 'healed', 'heals_at']).execute()

  await sql`create virtual table search_index using fts5(
    campaign_id unindexed, kind unindexed, ref_id unindexed, title, body,
    tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db)

  const campaignOf = (row: 'new' | 'old') => `${row}.campaign_id`
  const triggers = [
    ...searchTriggers('character', campaignOf, (r) => `${r}.name`, (r) => `coalesce(${r}.player_name, '') || ' ' || ${r}.notes || ' ' || ${r}.tags`),
    ...searchTriggers('location', campaignOf, (r) => `${r}.name`, (r) => `${r}.description`),
    ...searchTriggers('encounter_table', campaignOf, (r) => `${r}.name`, () => `''`),
    ...searchTriggers(
      'encounter_row',
      (r) => `(select campaign_id from encounter_table where id = ${r}.table_id)`,
      (r) => `(select name from encounter_table where id = ${r}.table_id)`,
      (r) => `${r}.text`,
    ),
    ...searchTriggers('adventure', campaignOf, (r) => `${r}.title`, (r) => `${r}.summary`),
    ...searchTriggers('session', campaignOf, (r) => `'Session ' || ${r}.number || ' ' || ${r}.title`, (r) => `${r}.gm_notes`),
  ]
  for (const t of triggers) await sql.raw(t).execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`drop table if exists search_index`.execute(db)
  for (const t of ['injury', 'ledger_entry', 'encounter_row', 'encounter_table', 'location', 'inventory_item', 'session_attendance', 'character', 'session', 'adventure']) {
    await db.schema.dropTable(t).ifExists().execute()
  }
}
