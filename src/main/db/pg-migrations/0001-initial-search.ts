/**
 * Frozen, part of 0001-initial: search over everything a GM writes or Lantern logs, as SQLite's
 * migrations 0013 and 0016 left it.
 *
 * SQLite keeps an FTS5 trigram table; here `search_index` is an ordinary table with the same
 * columns, and a trigram GIN index (pg_trgm) over `lantern_fold(title || E'\n' || body || E'\n' ||
 * extra)`, the three columns with accents removed (unaccent) and in lower case. So a
 * `lantern_fold(…) like '%cafe%'` written with that same expression finds "Café" from the index,
 * as FTS5's trigram tokenizer (diacritics removed, case folded) does.
 *
 * Rows are keyed by rowid = id × 16 + kind, as in SQLite, so a trigger finds a row's entry by its
 * primary key; `open_id` is what a hit opens and `game_time` / `game_end` when it happened. The
 * triggers write in the transaction of each change the same rows SQLite's do; a log entry's insert
 * or change only queues its id in `search_pending`, and the queue is indexed after the change.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/** Every string inside a JSON text (keys and numbers left out), space-separated. */
const jsonText = (expr: string) => `lantern_json_strings(${expr})`

/** Separates fields in one column, so a phrase never matches across two of them. */
const NL = `E'\\n'`

interface Kind {
  table: string
  code: number
  /** The columns that change what is indexed; other updates leave the index alone. */
  watch: string[]
  campaign: string
  title: string
  body: string
  extra?: string
  openId: string
  gameTime?: string
  gameEnd?: string
}

/** What SQLite's 0013 indexes of each record, `new` being the row as written. */
const SEARCH_KINDS: Kind[] = [
  {
    table: 'character', code: 1,
    watch: ['campaign_id', 'name', 'player_name', 'notes', 'tags', 'sheet'],
    campaign: 'new.campaign_id',
    title: 'new.name',
    body: `coalesce(new.player_name, '') || ${NL} || new.notes || ${NL} || ${jsonText('new.tags')}`,
    extra: jsonText('new.sheet'),
    openId: 'new.id',
  },
  {
    table: 'location', code: 2,
    watch: ['campaign_id', 'name', 'description'],
    campaign: 'new.campaign_id', title: 'new.name', body: 'new.description', openId: 'new.id',
  },
  {
    table: 'encounter_table', code: 3,
    watch: ['campaign_id', 'name'],
    campaign: 'new.campaign_id', title: 'new.name', body: `''`, openId: 'new.id',
  },
  {
    table: 'encounter_row', code: 4,
    watch: ['table_id', 'text'],
    campaign: '(select campaign_id from encounter_table where id = new.table_id)',
    title: '(select name from encounter_table where id = new.table_id)',
    body: 'new.text',
    openId: 'new.table_id',
  },
  {
    table: 'adventure', code: 5,
    watch: ['campaign_id', 'title', 'summary'],
    campaign: 'new.campaign_id', title: 'new.title', body: 'new.summary', openId: 'new.id',
  },
  {
    table: 'session', code: 6,
    watch: ['campaign_id', 'number', 'title', 'gm_notes', 'game_time_start', 'game_time_end'],
    campaign: 'new.campaign_id',
    title: `'Session ' || new.number || ' ' || new.title`,
    body: 'new.gm_notes',
    openId: 'new.id',
    gameTime: 'new.game_time_start',
    gameEnd: 'coalesce(new.game_time_end, new.game_time_start)',
  },
  {
    table: 'inventory_item', code: 7,
    watch: ['character_id', 'name', 'details'],
    campaign: '(select campaign_id from character where id = new.character_id)',
    title: 'new.name',
    body: jsonText('new.details'),
    openId: 'new.character_id',
  },
  {
    table: 'ledger_entry', code: 8,
    watch: ['campaign_id', 'character_id', 'reason', 'game_time'],
    campaign: 'new.campaign_id', title: `''`, body: 'new.reason', openId: 'coalesce(new.character_id, 0)',
    gameTime: 'new.game_time', gameEnd: 'new.game_time',
  },
  {
    table: 'injury', code: 9,
    watch: ['campaign_id', 'character_id', 'kind', 'description', 'details', 'taken_at'],
    campaign: 'new.campaign_id',
    title: 'new.description',
    body: `replace(replace(new.kind, '.', ' '), '-', ' ') || ${NL} || ${jsonText('new.details')}`,
    openId: 'new.character_id',
    gameTime: 'new.taken_at', gameEnd: 'new.taken_at',
  },
]

/** The log's code in the rowid; its rows are written when the queue is indexed. */
const LOG_CODE = 10

/** The log columns whose change changes what is indexed (SQLite 0016's list). */
const LOG_WATCHED = 'campaign_id, session_id, game_time, kind, payload, undone'

const COLUMNS = 'rowid, title, body, extra, campaign_id, kind, ref_id, open_id, game_time, game_end'

function insertRow(k: Kind): string {
  const values = [
    `new.id::bigint * 16 + ${k.code}`, k.title, k.body, k.extra ?? `''`, k.campaign, `'${k.table}'`, 'new.id', k.openId,
    k.gameTime ?? 'null', k.gameEnd ?? 'null',
  ]
  return `insert into search_index (${COLUMNS}) select ${values.join(', ')};`
}

/** One function per kind: an update or delete removes the old row's entry, an insert or update writes the new one's. */
function searchFunction(k: Kind): string {
  return `create function ${k.table}_search() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then delete from search_index where rowid = old.id::bigint * 16 + ${k.code}; end if;
    if tg_op <> 'DELETE' then ${insertRow(k)} end if;
    return null;
  end $$`
}

function searchTriggers(table: string, watch: string): string[] {
  return [
    `create trigger ${table}_search_ai after insert on ${table} for each row execute function ${table}_search()`,
    `create trigger ${table}_search_au after update of ${watch} on ${table} for each row execute function ${table}_search()`,
    `create trigger ${table}_search_ad after delete on ${table} for each row execute function ${table}_search()`,
  ]
}

/**
 * The schema an extension is installed in, as a quoted identifier: `public` when this migration
 * installed it, or wherever the server's administrator put it before.
 */
async function extensionSchema(db: Db, name: string): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select n.nspname as schema from pg_extension e
    join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db)
  return `"${rows[0]!.schema.replaceAll('"', '""')}"`
}

/** The trigger functions this file creates, for `down`. */
const FUNCTIONS = [...SEARCH_KINDS.map((k) => `${k.table}_search`), 'encounter_table_search_rows', 'log_entry_search']

export async function up(db: Db): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db)
  await sql`create extension if not exists unaccent`.execute(db)
  const trgm = await extensionSchema(db, 'pg_trgm')
  const unaccent = await extensionSchema(db, 'unaccent')

  // Lower case without accents: what the trigram index holds and what a search term is matched as.
  // The function and its dictionary are named with their schema, so the result does not depend on
  // search_path and the function can be IMMUTABLE.
  await sql.raw(`create function lantern_fold(text) returns text language sql immutable parallel safe strict as $$
    select lower(${unaccent}.unaccent('${unaccent.replaceAll("'", "''")}.unaccent'::regdictionary, $1))
  $$`).execute(db)

  // Every string anywhere in a JSON text, in document order (jsonb orders an object's keys by
  // length, then bytes), joined by spaces; a text that is not JSON is returned as it is. SQLite's
  // `json_valid(x)` / `json_tree(x) where type = 'text'` do the same there.
  await sql`create function lantern_json_strings(doc text) returns text language plpgsql immutable parallel safe strict as $$
  declare
    parsed jsonb;
  begin
    begin
      parsed := doc::jsonb;
    exception when others then
      return doc;
    end;
    return coalesce((select string_agg(v #>> '{}', ' ')
      from jsonb_path_query(parsed, 'strict $.** ? (@.type() == "string")') as v), '');
  end $$`.execute(db)

  await sql`create table search_index (
    rowid bigint primary key,
    title text default '' not null, body text default '' not null, extra text default '' not null,
    campaign_id integer not null, kind text, ref_id integer, open_id integer,
    game_time bigint, game_end bigint
  )`.execute(db)
  await sql.raw(`create index search_index_folded on search_index
    using gin (lantern_fold(title || ${NL} || body || ${NL} || extra) ${trgm}.gin_trgm_ops)`).execute(db)
  await sql`create index search_index_campaign on search_index (campaign_id, rowid)`.execute(db)

  for (const k of SEARCH_KINDS) {
    await sql.raw(searchFunction(k)).execute(db)
    for (const t of searchTriggers(k.table, k.watch.join(', '))) await sql.raw(t).execute(db)
  }
  // A renamed table renames its rows' hits.
  await sql`create function encounter_table_search_rows() returns trigger language plpgsql as $$
  begin
    update search_index set title = new.name
      where rowid in (select id::bigint * 16 + 4 from encounter_row where table_id = new.id);
    return null;
  end $$`.execute(db)
  await sql`create trigger encounter_table_search_rows after update of name on encounter_table
    for each row execute function encounter_table_search_rows()`.execute(db)

  // The log's queue: an entry's insert (unless undone) or change queues its id; a change or delete
  // removes what was indexed of it, and a delete takes it off the queue.
  await sql`create table search_pending (log_id integer primary key)`.execute(db)
  await sql.raw(`create function log_entry_search() returns trigger language plpgsql as $$
  begin
    if tg_op <> 'INSERT' then delete from search_index where rowid = old.id::bigint * 16 + ${LOG_CODE}; end if;
    if tg_op = 'DELETE' then
      delete from search_pending where log_id = old.id;
    elsif new.undone = 0 then
      insert into search_pending (log_id) values (new.id) on conflict do nothing;
    end if;
    return null;
  end $$`).execute(db)
  await sql`create trigger log_entry_search_ai after insert on log_entry
    for each row when (new.undone = 0) execute function log_entry_search()`.execute(db)
  for (const t of searchTriggers('log_entry', LOG_WATCHED).slice(1)) await sql.raw(t).execute(db)
}

export async function down(db: Db): Promise<void> {
  // Triggers on the tables 0001-initial drops go with them; their functions are dropped here.
  for (const k of [...SEARCH_KINDS, { table: 'log_entry' }]) {
    for (const s of ['ai', 'au', 'ad']) await sql.raw(`drop trigger if exists ${k.table}_search_${s} on ${k.table}`).execute(db)
  }
  await sql`drop trigger if exists encounter_table_search_rows on encounter_table`.execute(db)
  for (const f of FUNCTIONS) await sql.raw(`drop function if exists ${f}()`).execute(db)
  await sql`drop table if exists search_pending`.execute(db)
  await sql`drop table if exists search_index`.execute(db)
  await sql`drop function if exists lantern_json_strings(text)`.execute(db)
  await sql`drop function if exists lantern_fold(text)`.execute(db)
  // The pg_trgm and unaccent extensions stay: other schemas of the database may use them, and
  // `create extension if not exists` finds them again.
}
