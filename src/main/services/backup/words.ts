/** What Lantern tells the GM about a damaged library and its backups, in one place. */
import type { BackupInfo } from './names'

/** @example when('2025-03-01T12:00:00.000Z') // '2025-03-01 12:00 UTC' */
export function when(iso: string): string {
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`
}

/** The offer of the newest good backup, or the words for when there is none. */
export function goodBackupOffer(newest: BackupInfo | null, folder: string): string {
  if (!newest) return `There is no good backup of it in ${folder}; copy the library file somewhere safe before anything else.`
  return `The newest good backup is from ${when(newest.takenAt)} (${newest.name}): restore it in Settings › Backups.`
}

/** What the GM is told when a check finds the open library damaged. */
export function damageFound(file: string, detail: string, newest: BackupInfo | null, folder: string): string {
  const keep = newest ? ' Restoring it keeps the damaged file beside the library, renamed, never deleted.' : ''
  return `Lantern found damage in your library ${file} (SQLite's check: “${detail}”). You can still read everything, but changes are refused so the damage does not spread. ${goodBackupOffer(newest, folder)}${keep}`
}

/** The refusal of a change while the library is damaged. */
export const DAMAGED_WRITE =
  'Your library file is damaged, so Lantern did not write this change into it: nothing of it was saved. Restore the newest good backup (the notice at the top of the page, or Settings › Backups); until then you can read everything but change nothing.'
