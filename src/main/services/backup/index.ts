/**
 * Library backups: whole copies of the library file taken with SQLite's online backup API and
 * proved whole by SQLite's integrity check before they count, kept in
 * `<library folder>/backups/lantern-YYYYMMDD-HHMMSS.sqlite` (UTC; a library not named
 * `lantern.sqlite` has its own `<name>-backups` folder), the newest seven kept. One is
 * taken on start when the newest is older than a day, and whenever the GM asks; one library's
 * backups, restores and checks run one at a time. The open library is checked for damage as it
 * opens and every hour (`LibraryHealth`); a damaged one refuses changes and offers the newest good
 * backup. Restoring one first backs up the library as it is (so a restore can itself be undone).
 */
export { KEPT_BACKUPS, backupFolder, listBackups, type BackupInfo } from './names'
export { AUTO_BACKUP_AGE_MS, backupIfDue, createBackup, pruneBackups, type BackupSource } from './create'
export { inspectBackup, newestBackupOffer, restoreBackup, useNewestBackup, type BackupContents, type LibraryHost, type RestoreResult } from './restore'
export { LibraryHealth, CHECK_EVERY_MS, type HealthOptions, type HealthState } from './health'
export { CHECK_INLINE_UP_TO_BYTES, checkFile, libraryFileProblem } from './check'
