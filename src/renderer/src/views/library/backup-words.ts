/** How the backup screens word a backup's time and what a restore did. */
import type { MethodOutput } from '../../../../shared/contract'

export type Restored = MethodOutput<'backup.restore'>

/** @example whenTaken('2025-03-01T12:00:00.000Z') // 'Sat, Mar 1, 2025, 12:00:00 PM' (in the GM's locale and time zone) */
export const whenTaken = (iso: string): string =>
  new Date(iso).toLocaleString(undefined, { weekday: 'short', year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' })

/** What a restore did, and how to undo it or where the damaged library went. */
export function restoredWords(r: Restored): string {
  const done = `Restored the backup of ${whenTaken(r.restored.takenAt)}.`
  if (r.undo) return `${done} The library as it was is kept as the backup of ${whenTaken(r.undo.takenAt)}: restore that one to undo this.`
  return `${done} The damaged library was not deleted: it is kept at ${r.damagedKeptAt ?? 'its old place'}.`
}
