/** Method names of the library backup module (no schemas: the preload imports this). */
export const BACKUP_METHODS = ['backup.list', 'backup.create', 'backup.inspect', 'backup.restore'] as const
export type BackupMethod = (typeof BACKUP_METHODS)[number]
