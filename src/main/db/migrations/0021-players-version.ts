/**
 * Frozen: a version of what the players' gate reads of each campaign — the foes met with what is
 * revealed of them (`players_foe`, `player_reveal`), the player characters and who attends the
 * session being played (`character`, `session`, `session_attendance`) — so that the gate's reading
 * of a campaign is kept between changes and read again only when one of them changed
 * (players/audience/visibility.ts). Triggers give the campaign's row a new random version in the
 * transaction of every insert, delete and change of those rows that the gate reads, whoever writes
 * them. A version is never given twice (random, 52 bits), so a version written by a transaction
 * that was rolled back names nothing anyone will read. Rows are removed with their campaign; a
 * delete only ever updates the row, so rows deleted with their campaign leave nothing behind.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/** A new version for the campaign `id` names, made when it has none. */
const bump = (id: string) =>
  `insert into players_version (campaign_id, version) values (${id}, random() >> 11)
     on conflict (campaign_id) do update set version = excluded.version;`
/** A new version for the campaign `id` names, only where it has one (a delete, perhaps with its campaign). */
const touch = (id: string) => `update players_version set version = random() >> 11 where campaign_id = ${id};`
const ofSession = (row: 'new' | 'old') => `(select campaign_id from session where id = ${row}.session_id)`

const TRIGGERS: [name: string, on: string, body: string][] = [
  ['players_version_campaign', 'after insert on campaign', bump('new.id')],
  ['players_version_foe_insert', 'after insert on players_foe', bump('new.campaign_id')],
  ['players_version_foe_update', 'after update on players_foe', `${touch('old.campaign_id')} ${bump('new.campaign_id')}`],
  ['players_version_foe_delete', 'after delete on players_foe', touch('old.campaign_id')],
  ['players_version_reveal_insert', 'after insert on player_reveal', bump('new.campaign_id')],
  ['players_version_reveal_update', 'after update on player_reveal', `${touch('old.campaign_id')} ${bump('new.campaign_id')}`],
  ['players_version_reveal_delete', 'after delete on player_reveal', touch('old.campaign_id')],
  ['players_version_character_insert', 'after insert on character', bump('new.campaign_id')],
  ['players_version_character_update', 'after update of campaign_id, kind, name on character', `${touch('old.campaign_id')} ${bump('new.campaign_id')}`],
  ['players_version_character_delete', 'after delete on character', touch('old.campaign_id')],
  ['players_version_session_insert', 'after insert on session', bump('new.campaign_id')],
  ['players_version_session_update', 'after update of campaign_id, status on session', `${touch('old.campaign_id')} ${bump('new.campaign_id')}`],
  ['players_version_session_delete', 'after delete on session', touch('old.campaign_id')],
  ['players_version_attendance_insert', 'after insert on session_attendance', touch(ofSession('new'))],
  ['players_version_attendance_update', 'after update on session_attendance', `${touch(ofSession('old'))} ${touch(ofSession('new'))}`],
  ['players_version_attendance_delete', 'after delete on session_attendance', touch(ofSession('old'))],
]

export async function up(db: Db): Promise<void> {
  await sql`create table players_version (
    campaign_id integer primary key references campaign (id) on delete cascade,
    version integer not null
  )`.execute(db)
  await sql`insert into players_version (campaign_id, version) select id, random() >> 11 from campaign`.execute(db)
  for (const [name, on, body] of TRIGGERS) await sql.raw(`create trigger ${name} ${on} begin ${body} end`).execute(db)
}

export async function down(db: Db): Promise<void> {
  for (const [name] of TRIGGERS) await sql.raw(`drop trigger if exists ${name}`).execute(db)
  await sql`drop table if exists players_version`.execute(db)
}
