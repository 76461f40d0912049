/**
 * Frozen: the log at size. A session's entries in game-time order from an index (the recap reads
 * them so, and scanned the whole log without one); each campaign's number of log entries kept by
 * triggers beside the log, so showing it does not count a million rows; and the ledger's balances
 * summed from an index that holds the amounts.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await sql`create index log_entry_session_time on log_entry (session_id, game_time, id)`.execute(db)
  await sql`create index ledger_balance_amount on ledger_entry (campaign_id, character_id, currency, id, amount)`.execute(db)

  await sql`create table log_tally (
    campaign_id integer primary key references campaign (id) on delete cascade,
    entries integer not null
  )`.execute(db)
  await sql`insert into log_tally (campaign_id, entries) select campaign_id, count(*) from log_entry group by campaign_id`.execute(db)
  await sql`create trigger log_tally_insert after insert on log_entry begin
    insert into log_tally (campaign_id, entries) values (new.campaign_id, 1)
      on conflict (campaign_id) do update set entries = entries + 1;
  end`.execute(db)
  await sql`create trigger log_tally_delete after delete on log_entry begin
    update log_tally set entries = entries - 1 where campaign_id = old.campaign_id;
  end`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`drop trigger if exists log_tally_delete`.execute(db)
  await sql`drop trigger if exists log_tally_insert`.execute(db)
  await sql`drop table if exists log_tally`.execute(db)
  await sql`drop index if exists ledger_balance_amount`.execute(db)
  await sql`drop index if exists log_entry_session_time`.execute(db)
}
