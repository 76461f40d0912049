/**
 * Frozen: the log's words indexed after the change that logged them. Indexing an entry's words
 * (FTS5 trigram, migration 0013) costs about 0.15 ms, three quarters of a year of downtime's
 * advance; now a log entry's insert only queues its id in `search_pending`, and the entries are
 * indexed in small batches once their change has committed (services/core/log-search-queue.ts),
 * and whatever is still queued before any search. An update or delete of a queued entry leaves the
 * queue right: the entry is indexed as it stands when its turn comes, and not at all if undone or gone.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/** The log columns whose change changes what is indexed (migration 0013's list). */
const WATCHED = 'campaign_id, session_id, game_time, kind, payload, undone'

export async function up(db: Db): Promise<void> {
  await sql`create table search_pending (log_id integer primary key)`.execute(db)
  await sql`drop trigger if exists log_entry_search_ai`.execute(db)
  await sql`drop trigger if exists log_entry_search_au`.execute(db)
  await sql`drop trigger if exists log_entry_search_ad`.execute(db)
  await sql.raw(`create trigger log_entry_search_ai after insert on log_entry when new.undone = 0 begin
    insert or ignore into search_pending (log_id) values (new.id);
  end`).execute(db)
  await sql.raw(`create trigger log_entry_search_au after update of ${WATCHED} on log_entry begin
    delete from search_index where rowid = old.id * 16 + 10;
    insert or ignore into search_pending (log_id) select new.id where new.undone = 0;
  end`).execute(db)
  await sql.raw(`create trigger log_entry_search_ad after delete on log_entry begin
    delete from search_index where rowid = old.id * 16 + 10;
    delete from search_pending where log_id = old.id;
  end`).execute(db)
}

/** Migration 0013's triggers back, with anything still queued indexed first. */
export async function down(db: Db): Promise<void> {
  const body = `(case when json_valid(l.payload) then coalesce((select group_concat(value, ' ') from json_tree(l.payload) where type = 'text'), '') else l.payload end)`
  await sql.raw(`insert into search_index (rowid, title, body, extra, campaign_id, kind, ref_id, open_id, game_time, game_end)
    select l.id * 16 + 10, '', ${body}, replace(replace(l.kind, '.', ' '), '_', ' '), l.campaign_id, 'log_entry', l.id, l.id, l.game_time, l.game_time
    from search_pending p join log_entry l on l.id = p.log_id where l.undone = 0`).execute(db)
  await sql`drop trigger if exists log_entry_search_ai`.execute(db)
  await sql`drop trigger if exists log_entry_search_au`.execute(db)
  await sql`drop trigger if exists log_entry_search_ad`.execute(db)
  await sql`drop table search_pending`.execute(db)
  const row = (r: string) => `select ${r}.id * 16 + 10, '', ${body.replaceAll('l.payload', `${r}.payload`)}, replace(replace(${r}.kind, '.', ' '), '_', ' '), ${r}.campaign_id, 'log_entry', ${r}.id, ${r}.id, ${r}.game_time, ${r}.game_time where ${r}.undone = 0`
  const cols = '(rowid, title, body, extra, campaign_id, kind, ref_id, open_id, game_time, game_end)'
  await sql.raw(`create trigger log_entry_search_ai after insert on log_entry begin insert into search_index ${cols} ${row('new')}; end`).execute(db)
  await sql.raw(`create trigger log_entry_search_au after update of ${WATCHED} on log_entry begin delete from search_index where rowid = old.id * 16 + 10; insert into search_index ${cols} ${row('new')}; end`).execute(db)
  await sql.raw(`create trigger log_entry_search_ad after delete on log_entry begin delete from search_index where rowid = old.id * 16 + 10; end`).execute(db)
}
