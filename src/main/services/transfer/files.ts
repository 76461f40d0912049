/** Campaign files on disk, beside the library: `<library folder>/exports/`. */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { AppError } from '../errors'
import type { LibraryHost } from '../backup'
import { exportCampaign } from './index'

/** @example exportFolder('/libs/lantern.sqlite') // '/libs/exports' */
export function exportFolder(dataFile: string): string {
  return join(dirname(dataFile), 'exports')
}

/**
 * Exports a campaign to `<library folder>/exports/<name>-<day>.lantern.gz` (for the desktop app,
 * which has no download; a browser downloads the file over HTTP instead).
 * @example await exportCampaignToFolder(core.library, 3, new Date()) // { path: '/libs/exports/The-Sunken-Keep-2025-03-01.lantern.gz', … }
 */
export async function exportCampaignToFolder(
  library: Pick<LibraryHost, 'dataFile' | 'handle'>,
  campaignId: number,
  now: Date,
): Promise<{ path: string; fileName: string; bytes: number; rows: number }> {
  if (library.dataFile === ':memory:') throw new AppError('refused', 'This library lives only in memory; there is no folder to export to.')
  const { data, fileName, rows } = await exportCampaign(library.handle.sqlite, campaignId, now)
  const dir = exportFolder(library.dataFile)
  mkdirSync(dir, { recursive: true })
  const path = join(dir, fileName)
  writeFileSync(path, data)
  return { path, fileName, bytes: data.length, rows }
}
