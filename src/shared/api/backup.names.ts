/** Method and event names of the library backup module (no schemas: the preload imports this). */
export const BACKUP_METHODS = ['backup.list', 'backup.create', 'backup.inspect', 'backup.restore', 'backup.health'] as const
export type BackupMethod = (typeof BACKUP_METHODS)[number]

export const BACKUP_EVENTS = ['library.health'] as const
export type BackupEvent = (typeof BACKUP_EVENTS)[number]
