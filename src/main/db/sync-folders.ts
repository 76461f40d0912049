/**
 * Whether a library file sits in a folder that a sync client keeps (Dropbox, OneDrive, iCloud
 * Drive, Google Drive, Syncthing, or any provider under macOS's ~/Library/CloudStorage). SQLite's
 * write-ahead log and a sync client do not mix: the client copies the library, its -wal and -shm
 * files one at a time while Lantern writes, and a copy of one without the others — or a "conflicted
 * copy" put back in its place — is a damaged library or lost changes. The GM is told once per
 * library, with what to do instead.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { basename, dirname } from 'node:path'

export interface SyncFolder {
  /** The sync client, as its users call it. */
  service: string
  /** The folder it keeps in sync that holds the library (its top, as far as the path tells). */
  folder: string
}

/** Folder names that the common clients give the folder they keep, matched on one part of the path. */
const BY_NAME: [RegExp, string][] = [
  [/^dropbox( \(.+\))?$/i, 'Dropbox'],
  [/^onedrive( - .+)?$/i, 'OneDrive'],
  [/^icloud ?drive$/i, 'iCloud Drive'],
  [/^google ?drive$|^googledrive-.+$|^my drive$/i, 'Google Drive'],
]

/** Names of providers' folders under ~/Library/CloudStorage (macOS), e.g. "OneDrive-Personal". */
const CLOUD_STORAGE: [RegExp, string][] = [
  [/^dropbox/i, 'Dropbox'],
  [/^onedrive/i, 'OneDrive'],
  [/^googledrive/i, 'Google Drive'],
  [/^box/i, 'Box'],
]

/**
 * The sync client keeping the folder that holds `file`, from the path alone and, for Syncthing,
 * the `.stfolder` marker it keeps at the top of each folder it shares (looked for with `exists`,
 * in every folder from the library's own up to the root). Null when none is recognised.
 * @example syncFolderOf('/Users/ann/Dropbox/Games/lantern.sqlite', existsSync) // { service: 'Dropbox', folder: '/Users/ann/Dropbox' }
 */
export function syncFolderOf(file: string, exists: (path: string) => boolean = existsSync): SyncFolder | null {
  const sep = file.includes('\\') && !file.includes('/') ? '\\' : '/'
  const parts = file.split(/[\\/]/)
  const folderOf = (last: number): string => parts.slice(0, last + 1).join(sep) || sep
  // Folders only: the file's own name says nothing.
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i]!
    if (part === 'Mobile Documents' && parts[i - 1] === 'Library') return { service: 'iCloud Drive', folder: folderOf(i) }
    if (part === 'CloudStorage' && parts[i - 1] === 'Library' && i + 1 < parts.length - 1) {
      const provider = parts[i + 1]!
      const known = CLOUD_STORAGE.find(([name]) => name.test(provider))
      return { service: known?.[1] ?? provider.split('-')[0]!, folder: folderOf(i + 1) }
    }
    const named = BY_NAME.find(([name]) => name.test(part))
    if (named) return { service: named[1], folder: folderOf(i) }
  }
  for (let i = parts.length - 2; i >= 0; i--) {
    const folder = folderOf(i)
    if (exists(`${folder === sep ? '' : folder}${sep}.stfolder`)) return { service: 'Syncthing', folder }
  }
  return null
}

/**
 * What the GM is told about a library in a synced folder: the risk, and what to do.
 * @example syncFolderWords('/Users/ann/Dropbox/lantern.sqlite', { service: 'Dropbox', folder: '/Users/ann/Dropbox' })
 */
export function syncFolderWords(file: string, sync: SyncFolder, desktop = false): string {
  // The desktop app keeps its library in its own data folder; the browser mode's is where --data says.
  const move = desktop
    ? `Keep the library where no sync client keeps it: take Lantern's data folder (${dirname(file)}) out of ${sync.service}'s sync. `
    : `Keep the library in a folder no sync client keeps: close Lantern, move ${basename(file)} there, and start Lantern with --data set to that folder. `
  return (
    `Your library ${file} is in a folder that ${sync.service} keeps in sync (${sync.folder}). ` +
    `A sync client that copies the library while Lantern writes to it can damage it or lose your latest changes, and two computers opening the synced copy at once will. ` +
    move +
    `Put copies in ${sync.service} instead: a backup (Settings › Backups, then copy the file) or an exported campaign (Export campaign in a campaign's Settings). ` +
    `Nothing was changed; Lantern says this once for this library.`
  )
}

/** Where it is remembered that the GM was told: a small file beside the library. */
const markerOf = (file: string): string => `${file}.sync-notice`

/**
 * The notice for a library in a synced folder, the first time it is asked for (and for the rest of
 * this run, so a page reloaded shows it again); null for a library outside one, or once told
 * (remembered beside the library, for the same sync client and folder).
 * @example const notice = syncFolderNotice('/Users/ann/Dropbox/lantern.sqlite') // { service, folder, message } or null
 */
export function syncFolderNotice(file: string, exists: (path: string) => boolean = existsSync, desktop = false): (SyncFolder & { message: string }) | null {
  if (file === ':memory:') return null
  const said = toldThisRun.get(file)
  if (said !== undefined) return said
  const sync = syncFolderOf(file, exists)
  let notice: (SyncFolder & { message: string }) | null = sync ? { ...sync, message: syncFolderWords(file, sync, desktop) } : null
  if (sync && toldBefore(file, sync)) notice = null
  else if (sync) remember(file, sync)
  toldThisRun.set(file, notice)
  return notice
}

const toldThisRun = new Map<string, (SyncFolder & { message: string }) | null>()

function toldBefore(file: string, sync: SyncFolder): boolean {
  try {
    const told = JSON.parse(readFileSync(markerOf(file), 'utf8')) as Partial<SyncFolder>
    return told.service === sync.service && told.folder === sync.folder
  } catch {
    return false
  }
}

function remember(file: string, sync: SyncFolder): void {
  try {
    writeFileSync(markerOf(file), `${JSON.stringify({ ...sync, told: new Date().toISOString() })}\n`)
  } catch {
    // A folder Lantern cannot write to: the notice is said again next time, which is no harm.
  }
}

/** @internal For tests: forget what this run has said. */
export function forgetSyncNotices(): void {
  toldThisRun.clear()
}

