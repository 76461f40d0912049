/**
 * The static migration registry: a bundled app cannot read a folder at run time (STYLE.md), so
 * every migration is imported here by name. Names sort in the order they run. Never edit a
 * migration that has shipped; add the next number.
 */
import type { Migration, MigrationProvider } from 'kysely/migration'
import * as m0001 from './0001-initial'
import * as m0002 from './0002-campaign-records'
import * as m0005 from './0005-ledger-corrections'
import * as m0006 from './0006-clock'
import * as m0007 from './0007-table-ladder'
import * as m0008 from './0008-table-osr'
import * as m0009 from './0009-table-lode'
import * as m0010 from './0010-table-challenge'
import * as m0011 from './0011-table-ranks'
import * as m0012 from './0012-actions'
import * as m0013 from './0013-search-everything'
import * as m0014 from './0014-log-indexes'
import * as m0015 from './0015-players'
import * as m0016 from './0016-log-search-queue'
import * as m0017 from './0017-action-by'
import * as m0018 from './0018-audiences'
import * as m0019 from './0019-journeys'
import * as m0020 from './0020-ledger-sums'
import * as m0021 from './0021-players-version'
import * as m0022 from './0022-ranks-settled'

export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-campaign-records': m0002,
  '0005-ledger-corrections': m0005,
  '0006-clock': m0006,
  '0007-table-ladder': m0007,
  '0008-table-osr': m0008,
  '0009-table-lode': m0009,
  '0010-table-challenge': m0010,
  '0011-table-ranks': m0011,
  '0012-actions': m0012,
  '0013-search-everything': m0013,
  '0014-log-indexes': m0014,
  '0015-players': m0015,
  '0016-log-search-queue': m0016,
  '0017-action-by': m0017,
  '0018-audiences': m0018,
  '0019-journeys': m0019,
  '0020-ledger-sums': m0020,
  '0021-players-version': m0021,
  '0022-ranks-settled': m0022,
}

export const migrationProvider: MigrationProvider = {
  async getMigrations() {
    return migrations
  },
}
