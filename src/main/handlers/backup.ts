/** The backup module's methods, bound to the backup service. */
import type { BackupMethod } from '../../shared/api/backup.names'
import type { ModuleHandlers } from '../router'
import type { ServiceDeps } from '../services/core'
import { listCampaigns } from '../services/campaigns'
import { backupFolder, createBackup, inspectBackup, KEPT_BACKUPS, listBackups, restoreBackup, type LibraryHost } from '../services/backup'

export function backupHandlers(deps: ServiceDeps, library: LibraryHost): ModuleHandlers<BackupMethod> {
  return {
    'backup.list': () => ({ folder: backupFolder(library.dataFile), kept: KEPT_BACKUPS, backups: listBackups(library.dataFile) }),
    'backup.create': () => createBackup(library),
    'backup.inspect': async (i) => {
      const { backup, campaigns } = inspectBackup(library.dataFile, i.name)
      const current = (await listCampaigns(deps.db)).map((c) => ({ name: c.name, system: c.system, updatedAt: c.updatedAt }))
      return { backup, campaigns, current }
    },
    'backup.restore': (i) => restoreBackup(library, i.name),
  }
}
