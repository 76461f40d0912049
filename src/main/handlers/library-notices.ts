/** Notices about where the library lives, for the GM's screens. */
import type { LibraryNoticeMethod } from '../../shared/api/library-notices.names'
import type { ModuleHandlers } from '../router'
import { syncFolderNotice } from '../db/sync-folders'
import type { AppInfo } from './core'

export function libraryNoticeHandlers(info: AppInfo): ModuleHandlers<LibraryNoticeMethod> {
  return {
    // A library on PostgreSQL is no file in a folder: nothing to say.
    'library.syncFolder': () => (info.database === null ? syncFolderNotice(info.dataFile, undefined, info.mode === 'desktop') : null),
  }
}
