/**
 * Frozen: who made each action, for a library several GMs share (the undo history says who did
 * what). Empty for a library one GM keeps, and for every action made before.
 */
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Db = Kysely<any>

export async function up(db: Db): Promise<void> {
  await sql`alter table action add column made_by text not null default ''`.execute(db)
}

export async function down(db: Db): Promise<void> {
  await sql`alter table action drop column made_by`.execute(db)
}
