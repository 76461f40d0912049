/**
 * Frozen: SQLite's 0021 on PostgreSQL: each campaign's version of what the players' gate reads of
 * it (the foes met and what is revealed of them, the player characters, who attends the session
 * being played), made new by row triggers in the transaction of every change to those rows. A
 * version is a random number (52 bits), as on SQLite, not a sequence's: a sequence gives the same
 * numbers again in a copy of the database or in one restored from a dump, each time to another
 * state, where a random version names one state wherever it is read. A delete only updates a
 * campaign's row, so rows deleted with their campaign leave nothing behind.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/** [trigger, the events it follows, table]. */
const TRIGGERS: [string, string, string][] = [
  ['players_version_campaign', 'insert', 'campaign'],
  ['players_version_foe', 'insert or update or delete', 'players_foe'],
  ['players_version_reveal', 'insert or update or delete', 'player_reveal'],
  ['players_version_character', 'insert or delete or update of campaign_id, kind, name', 'character'],
  ['players_version_session', 'insert or delete or update of campaign_id, status', 'session'],
  ['players_version_attendance', 'insert or update or delete', 'session_attendance'],
]

export async function up(db: Db): Promise<void> {
  await sql`create table players_version (
    campaign_id integer primary key references campaign (id) on delete cascade,
    version bigint not null
  )`.execute(db)
  await sql`insert into players_version (campaign_id, version) select id, (random() * 4503599627370496)::bigint from campaign`.execute(db)
  await sql`create function players_version_row() returns trigger language plpgsql as $$
  declare
    was integer;
    now integer;
  begin
    if TG_TABLE_NAME = 'campaign' then
      now := NEW.id;
    elsif TG_TABLE_NAME = 'session_attendance' then
      if TG_OP <> 'INSERT' then select campaign_id into was from session where id = OLD.session_id; end if;
      if TG_OP <> 'DELETE' then select campaign_id into now from session where id = NEW.session_id; end if;
    else
      if TG_OP <> 'INSERT' then was := OLD.campaign_id; end if;
      if TG_OP <> 'DELETE' then now := NEW.campaign_id; end if;
    end if;
    if was is not null then
      update players_version set version = (random() * 4503599627370496)::bigint where campaign_id = was;
    end if;
    if now is not null then
      insert into players_version (campaign_id, version) values (now, (random() * 4503599627370496)::bigint)
        on conflict (campaign_id) do update set version = excluded.version;
    end if;
    return null;
  end $$`.execute(db)
  for (const [name, events, table] of TRIGGERS) {
    await sql.raw(`create trigger ${name} after ${events} on ${table} for each row execute function players_version_row()`).execute(db)
  }
}

export async function down(db: Db): Promise<void> {
  for (const [name, , table] of TRIGGERS) await sql.raw(`drop trigger if exists ${name} on ${table}`).execute(db)
  await sql`drop function if exists players_version_row()`.execute(db)
  await sql`drop table if exists players_version`.execute(db)
}
