/** Notices about where the library lives: a folder that a sync client keeps. */
import { z } from 'zod'
import { NoInput, type MethodDef } from './common'
import type { LibraryNoticeMethod } from './library-notices.names'

export const SyncFolderNotice = z.object({
  /** The sync client, as its users call it (Dropbox, OneDrive, iCloud Drive, Google Drive, Syncthing …). */
  service: z.string(),
  /** The synced folder that holds the library. */
  folder: z.string(),
  /** What the GM is told: the risk, and what to do. */
  message: z.string(),
})
export type SyncFolderNotice = z.infer<typeof SyncFolderNotice>

export const libraryNoticeContract = {
  'library.syncFolder': {
    scope: 'gm',
    summary: 'Whether the library file is in a folder a sync client keeps, with what to do; told once per library (null otherwise).',
    input: NoInput,
    output: SyncFolderNotice.nullable(),
  },
} as const satisfies Record<LibraryNoticeMethod, MethodDef>
