/** Library backups: list, take one now, see what one holds, restore it; whether the library is whole. */
import { z } from 'zod'
import { NoInput, type EventDef, type MethodDef } from './common'
import type { BackupEvent, BackupMethod } from './backup.names'

export const BackupInfo = z.object({
  /** The file name in the library's backups folder; also the backup's id. */
  name: z.string(),
  /** When it was taken (ISO). */
  takenAt: z.string(),
  bytes: z.number().int(),
})
export type BackupInfo = z.infer<typeof BackupInfo>

export const BackupCampaign = z.object({ name: z.string(), system: z.string(), updatedAt: z.string() })
export type BackupCampaign = z.infer<typeof BackupCampaign>

/** Whether the open library is whole, as SQLite's last check of it found. */
export const LibraryHealth = z.object({
  /** unchecked: not yet checked since it opened (a large library is checked in the background). */
  state: z.enum(['unchecked', 'ok', 'damaged']),
  /** SQLite's first finding, when damaged. */
  problem: z.string().nullable(),
  /** What the GM is told, when damaged. */
  message: z.string().nullable(),
  /** When it was last checked (ISO). */
  checkedAt: z.string().nullable(),
  /** The newest backup SQLite finds whole, offered when the library is damaged. */
  newestGood: BackupInfo.nullable(),
})
export type LibraryHealth = z.infer<typeof LibraryHealth>

const BackupName = z.object({ name: z.string({ error: 'must be a backup file name' }).min(1, 'name a backup').max(200) }).strict()

export const backupContract = {
  'backup.list': {
    scope: 'gm',
    summary: "The library's backups, newest first, and the folder they are kept in.",
    input: NoInput,
    output: z.object({ folder: z.string(), kept: z.number().int(), backups: z.array(BackupInfo) }),
  },
  'backup.create': {
    scope: 'gm',
    summary: 'Backs up the whole library now, checked whole before it counts (the newest seven are kept).',
    input: NoInput,
    output: BackupInfo,
  },
  'backup.inspect': {
    scope: 'gm',
    summary: 'What restoring a backup would replace: its campaigns and when it was taken, and the campaigns in the library now.',
    input: BackupName,
    output: z.object({ backup: BackupInfo, campaigns: z.array(BackupCampaign), current: z.array(BackupCampaign) }),
  },
  'backup.restore': {
    scope: 'gm',
    summary: 'Replaces the whole library with a backup, backing up the library as it is first.',
    input: BackupName,
    output: z.object({
      restored: BackupInfo,
      /** The backup of the library as it was, to undo the restore; null when that library was damaged. */
      undo: BackupInfo.nullable(),
      /** Where the damaged library was moved (renamed beside it), when it was damaged. */
      damagedKeptAt: z.string().nullable(),
      campaigns: z.array(BackupCampaign),
    }),
  },
  'backup.health': {
    scope: 'gm',
    summary: 'Whether the library file is whole, as SQLite last found it, and the newest good backup when it is damaged.',
    input: NoInput,
    output: LibraryHealth,
  },
} as const satisfies Record<BackupMethod, MethodDef>

export const backupEvents = {
  /** The library was found damaged (changes are refused from then on), or whole again after a restore. */
  'library.health': { scope: 'gm', payload: LibraryHealth },
} as const satisfies Record<BackupEvent, EventDef>
