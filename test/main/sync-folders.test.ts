/**
 * A library in a folder that a sync client keeps is recognised from its path (and, for Syncthing,
 * the `.stfolder` marker in a folder above it), and the GM is told once per library, with what to
 * do instead; a library anywhere else is told nothing.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { forgetSyncNotices, syncFolderNotice, syncFolderOf, syncFolderWords } from '../../src/main/db/sync-folders'
import { gm } from '../support/calls'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

const none = (): boolean => false
/** A file-existence check that knows only the given paths. */
const only =
  (...paths: string[]) =>
  (p: string): boolean =>
    paths.includes(p)

describe('which sync client keeps the folder of a library', () => {
  it.each([
    ['/home/ann/Dropbox/Games/lantern.sqlite', 'Dropbox', '/home/ann/Dropbox'],
    ['/Users/ann/Dropbox (Personal)/lantern.sqlite', 'Dropbox', '/Users/ann/Dropbox (Personal)'],
    ['/Users/ann/Library/CloudStorage/Dropbox/lantern.sqlite', 'Dropbox', '/Users/ann/Library/CloudStorage/Dropbox'],
    ['C:\\Users\\ann\\OneDrive\\Documents\\Lantern\\lantern.sqlite', 'OneDrive', 'C:\\Users\\ann\\OneDrive'],
    ['C:\\Users\\ann\\OneDrive - Contoso\\lantern.sqlite', 'OneDrive', 'C:\\Users\\ann\\OneDrive - Contoso'],
    ['/Users/ann/Library/CloudStorage/OneDrive-Personal/Lantern/lantern.sqlite', 'OneDrive', '/Users/ann/Library/CloudStorage/OneDrive-Personal'],
    ['/Users/ann/Library/Mobile Documents/com~apple~CloudDocs/Lantern/lantern.sqlite', 'iCloud Drive', '/Users/ann/Library/Mobile Documents'],
    ['C:\\Users\\ann\\iCloudDrive\\lantern.sqlite', 'iCloud Drive', 'C:\\Users\\ann\\iCloudDrive'],
    ['/Users/ann/Library/CloudStorage/GoogleDrive-ann@example.com/My Drive/lantern.sqlite', 'Google Drive', '/Users/ann/Library/CloudStorage/GoogleDrive-ann@example.com'],
    ['G:\\My Drive\\Lantern\\lantern.sqlite', 'Google Drive', 'G:\\My Drive'],
    ['/Users/ann/Google Drive/lantern.sqlite', 'Google Drive', '/Users/ann/Google Drive'],
    ['/Users/ann/Library/CloudStorage/Box-Box/lantern.sqlite', 'Box', '/Users/ann/Library/CloudStorage/Box-Box'],
  ])('%s is kept by %s', (file, service, folder) => {
    expect(syncFolderOf(file, none)).toEqual({ service, folder })
  })

  it('finds Syncthing by the .stfolder marker in the nearest folder above the library that has one', () => {
    const file = '/home/ann/sync/campaigns/lantern.sqlite'
    expect(syncFolderOf(file, only('/home/ann/sync/.stfolder'))).toEqual({ service: 'Syncthing', folder: '/home/ann/sync' })
    expect(syncFolderOf(file, only('/home/ann/sync/campaigns/.stfolder', '/home/.stfolder'))).toEqual({ service: 'Syncthing', folder: '/home/ann/sync/campaigns' })
    expect(syncFolderOf(file, only('/.stfolder'))).toEqual({ service: 'Syncthing', folder: '/' })
    expect(syncFolderOf('D:\\Sync\\lantern.sqlite', only('D:\\Sync\\.stfolder'))).toEqual({ service: 'Syncthing', folder: 'D:\\Sync' })
  })

  it('says nothing of a library anywhere else, or of a file merely named like a sync folder', () => {
    for (const file of [
      '/home/ann/.config/Lantern/lantern.sqlite',
      'C:\\Users\\ann\\AppData\\Roaming\\Lantern\\lantern.sqlite',
      '/Users/ann/Library/Application Support/Lantern/lantern.sqlite',
      '/home/ann/games/Dropbox.sqlite',
      '/home/ann/dropbox-notes/lantern.sqlite',
    ]) {
      expect(syncFolderOf(file, none), file).toBeNull()
    }
  })
})

describe('telling the GM', () => {
  it('tells the desktop app to take its data folder out of sync, and the browser mode to move the file and name it with --data', () => {
    const sync = { service: 'Dropbox', folder: '/home/ann/Dropbox' }
    expect(syncFolderWords('/home/ann/Dropbox/lantern/lantern.sqlite', sync, true)).toContain('take Lantern’s data folder (/home/ann/Dropbox/lantern) out of Dropbox’s sync'.replaceAll('’', "'"))
    expect(syncFolderWords('/home/ann/Dropbox/lantern/lantern.sqlite', sync, false)).toContain('start Lantern with --data set to that folder')
  })

  let lib: TempLibrary
  const cores: Core[] = []
  afterEach(async () => {
    for (const c of cores.splice(0)) await c.close()
    forgetSyncNotices()
    lib?.cleanup()
  })
  const open = async (file: string): Promise<Core> => {
    const core = await createCore({ dataFile: file, mode: 'browser', version: 'test', autoBackup: false })
    cores.push(core)
    return core
  }

  it('says once per library what the risk is and what to do, for the rest of that run, and never again', async () => {
    lib = tempLibrary()
    writeFileSync(join(lib.dir, '.stfolder'), '')
    const file = join(lib.dir, 'campaigns', 'lantern.sqlite')
    mkdirSync(join(lib.dir, 'campaigns'))
    const core = await open(file)
    const notice = await gm(core, 'library.syncFolder', {})
    expect(notice).toEqual({
      service: 'Syncthing',
      folder: lib.dir,
      message:
        `Your library ${file} is in a folder that Syncthing keeps in sync (${lib.dir}). ` +
        'A sync client that copies the library while Lantern writes to it can damage it or lose your latest changes, and two computers opening the synced copy at once will. ' +
        'Keep the library in a folder no sync client keeps: close Lantern, move lantern.sqlite there, and start Lantern with --data set to that folder. ' +
        "Put copies in Syncthing instead: a backup (Settings › Backups, then copy the file) or an exported campaign (Export campaign in a campaign's Settings). " +
        'Nothing was changed; Lantern says this once for this library.',
    })
    // A page reloaded in the same run shows it again.
    expect(await gm(core, 'library.syncFolder', {})).toEqual(notice)
    await core.close()
    cores.length = 0

    // The next run remembers it was said.
    forgetSyncNotices()
    expect(await gm(await open(file), 'library.syncFolder', {})).toBeNull()
    expect(JSON.parse(readFileSync(`${file}.sync-notice`, 'utf8'))).toMatchObject({ service: 'Syncthing', folder: lib.dir })
  })

  it('says it again when the library is found in another synced folder, and nothing for a library outside one', async () => {
    lib = tempLibrary()
    const file = join(lib.dir, 'lantern.sqlite')
    expect(await gm(await open(file), 'library.syncFolder', {})).toBeNull()
    writeFileSync(`${file}.sync-notice`, JSON.stringify({ service: 'Dropbox', folder: '/elsewhere/Dropbox' }))
    forgetSyncNotices()
    expect(syncFolderNotice(file, only(join(lib.dir, '.stfolder')))?.service).toBe('Syncthing')
  })
})
