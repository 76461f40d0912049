/** Method names of the library notices module (no schemas: the preload imports this). */
export const LIBRARY_NOTICE_METHODS = ['library.syncFolder'] as const
export type LibraryNoticeMethod = (typeof LIBRARY_NOTICE_METHODS)[number]
