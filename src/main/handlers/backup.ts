/** The backup module's methods, bound to the backup service. */
import type { BackupMethod } from '../../shared/api/backup.names'
import type { ModuleHandlers } from '../router'
import { AppError, type ServiceDeps } from '../services/core'
import { listCampaigns } from '../services/campaigns'
import { backupFolder, createBackup, inspectBackup, KEPT_BACKUPS, listBackups, restoreBackup, type LibraryHost } from '../services/backup'

/** Backups are of a library file; a PostgreSQL server is backed up with its own tools. */
function fileOnly(library: LibraryHost): void {
  if (library.handle.dialect === 'postgres') {
    throw new AppError('refused', 'This library is kept by a PostgreSQL server, which Lantern does not back up: back it up with the server’s own tools (pg_dump, or its replication).')
  }
}

export function backupHandlers(deps: ServiceDeps, library: LibraryHost): ModuleHandlers<BackupMethod> {
  return {
    'backup.list': () => {
      fileOnly(library)
      return { folder: backupFolder(library.dataFile), kept: KEPT_BACKUPS, backups: listBackups(library.dataFile) }
    },
    'backup.create': () => {
      fileOnly(library)
      return createBackup(library)
    },
    'backup.inspect': async (i) => {
      fileOnly(library)
      const { backup, campaigns } = inspectBackup(library.dataFile, i.name)
      const current = (await listCampaigns(deps.db)).map((c) => ({ name: c.name, system: c.system, updatedAt: c.updatedAt }))
      return { backup, campaigns, current }
    },
    'backup.restore': (i) => {
      fileOnly(library)
      return restoreBackup(library, i.name)
    },
    // A PostgreSQL library, or one only in memory, is not checked here: it stays "unchecked".
    'backup.health': () => library.health?.state() ?? { state: 'unchecked', problem: null, message: null, checkedAt: null, newestGood: null },
  }
}
