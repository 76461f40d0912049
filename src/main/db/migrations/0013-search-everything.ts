/**
 * Frozen: search over every record a GM writes or Lantern logs, and the Characters list's order.
 *
 * The full-text index is rebuilt with FTS5's `trigram` tokenizer (diacritics removed, case folded):
 * it matches any run of three or more characters in any script, so "cafe" finds "Café", "東京"
 * inside "東京タワー" and "wound" inside "wounded"; shorter runs (one emoji, one CJK character) are
 * matched by LIKE over the same table. Triggers keep it in step with characters (name, player,
 * notes, tags, the sheet's text), locations, encounter tables and rows, adventures, sessions,
 * inventory items, ledger reasons, injuries and the log, inside the transaction of each change.
 *
 * Rows are keyed by rowid = id × 16 + kind, so a trigger finds a row's entry without a scan.
 * `open_id` is what a hit opens (a row's table, an item's carrier, a log entry's own id) and
 * `game_time` / `game_end` when it happened, for the time filter.
 *
 * The Characters list orders by `name collate nocase`: indexes in that collation let it walk a
 * page in order instead of sorting every character on every page.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

type Row = 'new' | 't'

/** Every string inside a JSON text (keys and numbers left out), space-separated. */
const jsonText = (expr: string) =>
  `(case when json_valid(${expr}) then coalesce((select group_concat(value, ' ') from json_tree(${expr}) where type = 'text'), '') else ${expr} end)`

interface Kind {
  table: string
  code: number
  /** Which rows are indexed (a log entry that was undone is not). */
  when?: (r: Row) => string
  /** The columns that change what is indexed; other updates leave the index alone. */
  watch: string[]
  campaign: (r: Row) => string
  title: (r: Row) => string
  body: (r: Row) => string
  extra?: (r: Row) => string
  openId: (r: Row) => string
  gameTime?: (r: Row) => string
  gameEnd?: (r: Row) => string
}

/** Separates fields in one column, so a phrase never matches across two of them. */
const NL = `char(10)`

const SEARCH_KINDS: Kind[] = [
  {
    table: 'character', code: 1,
    watch: ['campaign_id', 'name', 'player_name', 'notes', 'tags', 'sheet'],
    campaign: (r) => `${r}.campaign_id`,
    title: (r) => `${r}.name`,
    body: (r) => `coalesce(${r}.player_name, '') || ${NL} || ${r}.notes || ${NL} || ${jsonText(`${r}.tags`)}`,
    extra: (r) => jsonText(`${r}.sheet`),
    openId: (r) => `${r}.id`,
  },
  {
    table: 'location', code: 2,
    watch: ['campaign_id', 'name', 'description'],
    campaign: (r) => `${r}.campaign_id`,
    title: (r) => `${r}.name`,
    body: (r) => `${r}.description`,
    openId: (r) => `${r}.id`,
  },
  {
    table: 'encounter_table', code: 3,
    watch: ['campaign_id', 'name'],
    campaign: (r) => `${r}.campaign_id`,
    title: (r) => `${r}.name`,
    body: () => `''`,
    openId: (r) => `${r}.id`,
  },
  {
    table: 'encounter_row', code: 4,
    watch: ['table_id', 'text'],
    campaign: (r) => `(select campaign_id from encounter_table where id = ${r}.table_id)`,
    title: (r) => `(select name from encounter_table where id = ${r}.table_id)`,
    body: (r) => `${r}.text`,
    openId: (r) => `${r}.table_id`,
  },
  {
    table: 'adventure', code: 5,
    watch: ['campaign_id', 'title', 'summary'],
    campaign: (r) => `${r}.campaign_id`,
    title: (r) => `${r}.title`,
    body: (r) => `${r}.summary`,
    openId: (r) => `${r}.id`,
  },
  {
    table: 'session', code: 6,
    watch: ['campaign_id', 'number', 'title', 'gm_notes', 'game_time_start', 'game_time_end'],
    campaign: (r) => `${r}.campaign_id`,
    title: (r) => `'Session ' || ${r}.number || ' ' || ${r}.title`,
    body: (r) => `${r}.gm_notes`,
    openId: (r) => `${r}.id`,
    gameTime: (r) => `${r}.game_time_start`,
    gameEnd: (r) => `coalesce(${r}.game_time_end, ${r}.game_time_start)`,
  },
  {
    table: 'inventory_item', code: 7,
    watch: ['character_id', 'name', 'details'],
    campaign: (r) => `(select campaign_id from character where id = ${r}.character_id)`,
    title: (r) => `${r}.name`,
    body: (r) => jsonText(`${r}.details`),
    openId: (r) => `${r}.character_id`,
  },
  {
    table: 'ledger_entry', code: 8,
    watch: ['campaign_id', 'character_id', 'reason', 'game_time'],
    campaign: (r) => `${r}.campaign_id`,
    title: () => `''`,
    body: (r) => `${r}.reason`,
    openId: (r) => `coalesce(${r}.character_id, 0)`,
    gameTime: (r) => `${r}.game_time`,
    gameEnd: (r) => `${r}.game_time`,
  },
  {
    table: 'injury', code: 9,
    watch: ['campaign_id', 'character_id', 'kind', 'description', 'details', 'taken_at'],
    campaign: (r) => `${r}.campaign_id`,
    title: (r) => `${r}.description`,
    body: (r) => `replace(replace(${r}.kind, '.', ' '), '-', ' ') || ${NL} || ${jsonText(`${r}.details`)}`,
    openId: (r) => `${r}.character_id`,
    gameTime: (r) => `${r}.taken_at`,
    gameEnd: (r) => `${r}.taken_at`,
  },
  {
    table: 'log_entry', code: 10,
    when: (r) => `${r}.undone = 0`,
    watch: ['campaign_id', 'session_id', 'game_time', 'kind', 'payload', 'undone'],
    campaign: (r) => `${r}.campaign_id`,
    title: () => `''`,
    // What the log line says is built from the payload's words (names, notes, reasons, items).
    body: (r) => jsonText(`${r}.payload`),
    extra: (r) => `replace(replace(${r}.kind, '.', ' '), '_', ' ')`,
    openId: (r) => `${r}.id`,
    gameTime: (r) => `${r}.game_time`,
    gameEnd: (r) => `${r}.game_time`,
  },
]

const COLUMNS = 'rowid, title, body, extra, campaign_id, kind, ref_id, open_id, game_time, game_end'

function values(k: Kind, r: Row): string {
  return [
    `${r}.id * 16 + ${k.code}`,
    k.title(r),
    k.body(r),
    k.extra ? k.extra(r) : `''`,
    k.campaign(r),
    `'${k.table}'`,
    `${r}.id`,
    k.openId(r),
    k.gameTime ? k.gameTime(r) : 'null',
    k.gameEnd ? k.gameEnd(r) : 'null',
  ].join(', ')
}

function triggers(k: Kind): string[] {
  const insert = `insert into search_index (${COLUMNS}) select ${values(k, 'new')}${k.when ? ` where ${k.when('new')}` : ''};`
  const remove = `delete from search_index where rowid = old.id * 16 + ${k.code};`
  return [
    `create trigger ${k.table}_search_ai after insert on ${k.table} begin ${insert} end`,
    `create trigger ${k.table}_search_au after update of ${k.watch.join(', ')} on ${k.table} begin ${remove} ${insert} end`,
    `create trigger ${k.table}_search_ad after delete on ${k.table} begin ${remove} end`,
  ]
}

const OLD_TRIGGERED = ['character', 'location', 'encounter_table', 'encounter_row', 'adventure', 'session']

export async function up(db: Db): Promise<void> {
  for (const t of OLD_TRIGGERED) {
    for (const s of ['ai', 'au', 'ad']) await sql.raw(`drop trigger if exists ${t}_search_${s}`).execute(db)
  }
  await sql`drop table if exists search_index`.execute(db)
  await sql`create virtual table search_index using fts5(
    title, body, extra,
    campaign_id unindexed, kind unindexed, ref_id unindexed, open_id unindexed, game_time unindexed, game_end unindexed,
    tokenize = 'trigram remove_diacritics 1', detail = 'full'
  )`.execute(db)
  for (const k of SEARCH_KINDS) {
    await sql.raw(`insert into search_index (${COLUMNS}) select ${values(k, 't')} from ${k.table} t${k.when ? ` where ${k.when('t')}` : ''}`).execute(db)
    for (const t of triggers(k)) await sql.raw(t).execute(db)
  }
  // A renamed table renames its rows' hits.
  await sql.raw(`create trigger encounter_table_search_rows after update of name on encounter_table begin
    update search_index set title = new.name where rowid in (select id * 16 + 4 from encounter_row where table_id = new.id); end`).execute(db)

  // Search's game-time filter: the log entries of a range ("what happened on day 3").
  await sql`create index log_entry_campaign_time on log_entry (campaign_id, game_time, id)`.execute(db)

  // The Characters list: a page in name order (ignoring case) for all characters or one kind; the
  // filters' columns are in the index, so skipping to a page and counting never read the rows.
  await sql`create index character_campaign_name_nocase on character (campaign_id, name collate nocase, id, kind, status)`.execute(db)
  await sql`create index character_campaign_kind_name_nocase on character (campaign_id, kind, name collate nocase, id, status)`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`drop index if exists log_entry_campaign_time`.execute(db)
  await sql`drop index if exists character_campaign_kind_name_nocase`.execute(db)
  await sql`drop index if exists character_campaign_name_nocase`.execute(db)
  await sql`drop table if exists search_index`.execute(db)
}
