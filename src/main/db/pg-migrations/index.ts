/**
 * The static registry of PostgreSQL's migrations: a bundled app cannot read a folder at run time
 * (STYLE.md), so every migration is imported here by name. Names sort in the order they run.
 *
 * PostgreSQL's migrations are a parallel, frozen, numbered set that starts at the schema SQLite
 * reached in its 0016: 0001-initial creates all of it at once. From now on a new migration is
 * written for both sets, SQLite's (../migrations) and this one, with the same number. Never edit a
 * migration that has shipped; add the next number.
 */
import type { Migration, MigrationProvider } from 'kysely/migration'
import * as m0001 from './0001-initial'
import * as m0017 from './0017-action-by'
import * as m0018 from './0018-audiences'
import * as m0019 from './0019-journeys'
import * as m0020 from './0020-ledger-sums'
import * as m0021 from './0021-players-version'
import * as m0022 from './0022-ranks-settled'

export const pgMigrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0017-action-by': m0017,
  '0018-audiences': m0018,
  '0019-journeys': m0019,
  '0020-ledger-sums': m0020,
  '0021-players-version': m0021,
  '0022-ranks-settled': m0022,
}

export const pgMigrationProvider: MigrationProvider = {
  async getMigrations() {
    return pgMigrations
  },
}
