/** Library backups: list, take one now, see what one holds, restore it. */
import { z } from 'zod'
import { NoInput, type MethodDef } from './common'
import type { BackupMethod } from './backup.names'

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
    summary: 'Backs up the whole library now (the newest seven are kept).',
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
    output: z.object({ restored: BackupInfo, undo: BackupInfo, campaigns: z.array(BackupCampaign) }),
  },
} as const satisfies Record<BackupMethod, MethodDef>
