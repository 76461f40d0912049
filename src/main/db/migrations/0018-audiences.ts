/**
 * Frozen: who each log entry is for, decided when it is written. `audience` is 'all' (the players
 * read it as the GM does), 'players' (the players read `players`, the entry's payload as they may
 * know it: unrevealed foes unnamed, foes' numbers left out), 'gm' (the GM's alone), 'book' (undo's
 * own bookkeeping: the entries an undo or a redo wrote to take an action back, which are no part of
 * the story) or 'old' (written before this migration: decided when read, by the rule for old
 * entries). Existing entries are sorted here as far as SQL can tell: GM-only ones, and the entries
 * that undo and redo wrote. And the foes the players have met at the table (`players_foe`), whose
 * names stay hidden from them until the GM reveals them; a handout's heading for the players.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/** What undo and redo wrote before this migration: their own entries, reversed ledger entries, injuries put back. */
const OLD_BOOKKEEPING = `kind in ('play.undone', 'play.redone', 'clock.undone', 'osr.undone', 'challenge.undone')
  or (kind like 'injury.%' and payload like '%"undo":true%')
  or (kind like 'ledger.%' and payload like '%"reason":"Undone: %')`

export async function up(db: Db): Promise<void> {
  await sql`alter table log_entry add column audience text not null default 'old'`.execute(db)
  await sql`alter table log_entry add column players text`.execute(db)
  await sql.raw(`update log_entry set audience = 'book' where ${OLD_BOOKKEEPING}`).execute(db)
  await sql`update log_entry set audience = 'gm' where gm_only = 1 and audience = 'old'`.execute(db)
  await db.schema
    .createTable('players_foe')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('campaign_id', 'integer', (c) => c.notNull().references('campaign.id').onDelete('cascade'))
    // The foe's key at the table (the same key a reveal names).
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    // What the players read in its place: "a foe", "a Danger".
    .addColumn('alias', 'text', (c) => c.notNull())
    // The first entry written while it was at the table (undoing that entry's action forgets it).
    .addColumn('log_entry_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('players_foe_key').on('players_foe').columns(['campaign_id', 'key', 'name']).unique().execute()
  await sql`alter table player_reveal add column title text not null default ''`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`alter table player_reveal drop column title`.execute(db)
  await db.schema.dropTable('players_foe').execute()
  await sql`alter table log_entry drop column players`.execute(db)
  await sql`alter table log_entry drop column audience`.execute(db)
}
