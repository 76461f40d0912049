/**
 * Frozen: each ledger's balances kept beside its entries, so a change's check of the balance
 * (LAD-22) and the balances shown read one row, however long the ledger. `ledger_sum` holds, for
 * each campaign, holder (a character's id, 0 for the campaign's own ledger) and currency, the sum
 * of the entries' amounts; a sum of 0 has no row. Triggers keep it in the transaction of every
 * insert, delete and change of an entry, whoever writes it (a change, an undo or redo, an import,
 * a deletion); back-filled here from the entries.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await sql`create table ledger_sum (
    campaign_id integer not null references campaign (id) on delete cascade,
    holder integer not null,
    currency text not null,
    balance integer not null,
    primary key (campaign_id, holder, currency)
  ) without rowid`.execute(db)
  await sql`insert into ledger_sum (campaign_id, holder, currency, balance)
    select campaign_id, coalesce(character_id, 0), currency, sum(amount) from ledger_entry
    group by campaign_id, coalesce(character_id, 0), currency having sum(amount) <> 0`.execute(db)
  // An entry's amount added to its sum (made when missing), and the sum's row gone at 0.
  const add = (row: 'new' | 'old', sign: '' | '-') => `
    insert into ledger_sum (campaign_id, holder, currency, balance) values (${row}.campaign_id, coalesce(${row}.character_id, 0), ${row}.currency, ${sign}${row}.amount)
      on conflict (campaign_id, holder, currency) do update set balance = balance + excluded.balance;
    delete from ledger_sum where campaign_id = ${row}.campaign_id and holder = coalesce(${row}.character_id, 0) and currency = ${row}.currency and balance = 0;`
  // An entry's amount taken away: an update only, never a new row, so an entry deleted with its
  // campaign (whose sums go with it) leaves nothing behind.
  const take = `
    update ledger_sum set balance = balance - old.amount where campaign_id = old.campaign_id and holder = coalesce(old.character_id, 0) and currency = old.currency;
    delete from ledger_sum where campaign_id = old.campaign_id and holder = coalesce(old.character_id, 0) and currency = old.currency and balance = 0;`
  await sql.raw(`create trigger ledger_sum_insert after insert on ledger_entry begin ${add('new', '')} end`).execute(db)
  await sql.raw(`create trigger ledger_sum_delete after delete on ledger_entry begin ${take} end`).execute(db)
  await sql.raw(`create trigger ledger_sum_update after update of campaign_id, character_id, currency, amount on ledger_entry begin ${take} ${add('new', '')} end`).execute(db)
}

export async function down(db: Db): Promise<void> {
  for (const t of ['ledger_sum_update', 'ledger_sum_delete', 'ledger_sum_insert']) await sql.raw(`drop trigger if exists ${t}`).execute(db)
  await sql`drop table if exists ledger_sum`.execute(db)
}
