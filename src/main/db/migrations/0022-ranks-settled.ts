/**
 * Frozen: Resolution and Ranks' latest settled roll (RK-9: the roll a Concession or Sacrifice acts
 * on, shown at the table after every change) found down an index by the time it was settled,
 * rather than by sorting every roll the campaign has made.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await sql`create index ranks_roll_settled on ranks_roll (campaign_id, updated_at, id)`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`drop index if exists ranks_roll_settled`.execute(db)
}
