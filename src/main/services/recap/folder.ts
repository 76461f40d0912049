/**
 * Writing a recap into a folder the GM keeps (an Obsidian vault): the desktop's "Save to folder…"
 * calls this with the folder it remembers. A file already there is never overwritten with other
 * words: the recap then takes the next free name ("Session 03 – The Crypt (2).md").
 */
import { constants } from 'node:fs'
import { open, readFile, stat } from 'node:fs/promises'
import { join, parse } from 'node:path'
import { AppError } from '../core'

/**
 * Writes `markdown` as `filename` in `folder` and says where it went. The same words already
 * there under that name are left as they are (saving twice makes one file).
 * @example await writeRecapToFolder('/vault/Sessions', 'Session 03 – The Crypt.md', '# …') // { path: '/vault/Sessions/Session 03 – The Crypt.md', written: true }
 */
export async function writeRecapToFolder(folder: string, filename: string, markdown: string): Promise<{ path: string; written: boolean }> {
  const where = await stat(folder).catch(() => null)
  if (!where?.isDirectory()) {
    throw new AppError('refused', `The folder ${folder} is not there any more (moved, renamed, or on a drive that is not connected): choose the folder again.`, [
      { field: 'folder', problem: 'not found' },
    ])
  }
  const { name, ext } = parse(filename)
  for (let n = 1; n < 1000; n++) {
    const path = join(folder, n === 1 ? filename : `${name} (${n})${ext}`)
    const existing = await readFile(path, 'utf8').catch(() => null)
    if (existing === markdown) return { path, written: false }
    if (existing !== null) continue
    try {
      // wx: fails rather than overwrite a file made since the check.
      const file = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL)
      try {
        await file.writeFile(markdown, 'utf8')
      } finally {
        await file.close()
      }
      return { path, written: true }
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue
      if ((err as NodeJS.ErrnoException).code === 'EACCES' || (err as NodeJS.ErrnoException).code === 'EPERM' || (err as NodeJS.ErrnoException).code === 'EROFS') {
        throw new AppError('refused', `Lantern may not write into ${folder}: choose a folder you can write to.`, [{ field: 'folder', problem: 'not writable' }])
      }
      throw err
    }
  }
  throw new AppError('refused', `${folder} already holds 999 recaps named ${filename}: move some away, or choose another folder.`, [{ field: 'folder', problem: 'full of copies' }])
}
