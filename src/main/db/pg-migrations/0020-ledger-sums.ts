/**
 * Frozen: SQLite's 0020 on PostgreSQL: each ledger's balances kept beside its entries
 * (`ledger_sum`: per campaign, holder — a character's id, 0 for the campaign's own — and currency,
 * the sum of the amounts; no row for a sum of 0), back-filled from the entries. Kept once per
 * statement from its transition tables, as the log's tally is (0001): an import's thousands of
 * entries update each sum once.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

/** The sums the statement's rows belong to removed where they came to 0. */
function zeroes(rows: 'new_rows' | 'old_rows'): string {
  return `delete from ledger_sum s using (select distinct campaign_id, coalesce(character_id, 0) as holder, currency from ${rows}) d
      where s.campaign_id = d.campaign_id and s.holder = d.holder and s.currency = d.currency and s.balance = 0;`
}

export async function up(db: Db): Promise<void> {
  await sql`create table ledger_sum (
    campaign_id integer not null references campaign (id) on delete cascade,
    holder integer not null,
    currency text not null,
    balance integer not null,
    primary key (campaign_id, holder, currency)
  )`.execute(db)
  await sql`insert into ledger_sum (campaign_id, holder, currency, balance)
    select campaign_id, coalesce(character_id, 0), currency, sum(amount) from ledger_entry
    group by campaign_id, coalesce(character_id, 0), currency having sum(amount) <> 0`.execute(db)
  // Entries added: their sums added (rows made when missing); sums at 0 removed.
  await sql`create function ledger_sum_insert() returns trigger language plpgsql as $$
  begin
    insert into ledger_sum (campaign_id, holder, currency, balance)
      select campaign_id, coalesce(character_id, 0), currency, sum(amount) from new_rows group by 1, 2, 3
      on conflict (campaign_id, holder, currency) do update set balance = ledger_sum.balance + excluded.balance;
    ${sql.raw(zeroes('new_rows'))}
    return null;
  end $$`.execute(db)
  // Entries deleted: their sums taken away, never a new row (entries deleted with their campaign,
  // whose sums go with it, leave nothing behind).
  await sql`create function ledger_sum_delete() returns trigger language plpgsql as $$
  begin
    update ledger_sum s set balance = s.balance - d.amount
      from (select campaign_id, coalesce(character_id, 0) as holder, currency, sum(amount) as amount from old_rows group by 1, 2, 3) d
      where s.campaign_id = d.campaign_id and s.holder = d.holder and s.currency = d.currency;
    ${sql.raw(zeroes('old_rows'))}
    return null;
  end $$`.execute(db)
  // Entries changed: the new amounts less the old, per sum (a changed reason changes no sum).
  await sql`create function ledger_sum_update() returns trigger language plpgsql as $$
  begin
    insert into ledger_sum (campaign_id, holder, currency, balance)
      select campaign_id, holder, currency, sum(amount) from (
        select campaign_id, coalesce(character_id, 0) as holder, currency, amount from new_rows
        union all select campaign_id, coalesce(character_id, 0), currency, -amount from old_rows
      ) d group by 1, 2, 3 having sum(amount) <> 0
      on conflict (campaign_id, holder, currency) do update set balance = ledger_sum.balance + excluded.balance;
    ${sql.raw(zeroes('old_rows'))}
    ${sql.raw(zeroes('new_rows'))}
    return null;
  end $$`.execute(db)
  await sql`create trigger ledger_sum_insert after insert on ledger_entry referencing new table as new_rows
    for each statement execute function ledger_sum_insert()`.execute(db)
  await sql`create trigger ledger_sum_delete after delete on ledger_entry referencing old table as old_rows
    for each statement execute function ledger_sum_delete()`.execute(db)
  await sql`create trigger ledger_sum_update after update on ledger_entry referencing old table as old_rows new table as new_rows
    for each statement execute function ledger_sum_update()`.execute(db)
}

export async function down(db: Db): Promise<void> {
  for (const t of ['ledger_sum_update', 'ledger_sum_delete', 'ledger_sum_insert']) {
    await sql.raw(`drop trigger if exists ${t} on ledger_entry`).execute(db)
    await sql.raw(`drop function if exists ${t}()`).execute(db)
  }
  await sql`drop table if exists ledger_sum`.execute(db)
}
