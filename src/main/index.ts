/**
 * Electron entry: app lifecycle, one secure window, the app:// protocol and IPC. Thin on purpose:
 * every decision lives in plain modules (app.ts, security.ts, ipc.ts) that tests use without Electron.
 */
import { app, BrowserWindow, dialog, ipcMain, Menu, protocol, session, shell } from 'electron'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createCore, type Core } from './app'
import { LibraryOpenError } from './db/library-file'
import { bindIpc } from './ipc'
import { menuTemplate } from './menu'
import { enableSharing } from './server/share'
import { LIBRARY_FILE_NAME, databaseUrlFrom } from './paths'
import {
  APP_HOST,
  APP_ORIGIN,
  APP_SCHEME,
  contentSecurityPolicy,
  contentTypeFor,
  hardenWebContents,
  isAllowedExternalUrl,
  permissionCheckHandler,
  permissionRequestHandler,
  resolveAppAsset,
  secureWebPreferences,
} from './security'

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
])

const rendererDir = join(__dirname, '../renderer')
let core: Core | null = null

function openExternal(url: string): void {
  if (isAllowedExternalUrl(url)) void shell.openExternal(url)
}

function serveUi(): void {
  const csp = contentSecurityPolicy()
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url)
    const file = url.host === APP_HOST ? resolveAppAsset(rendererDir, url.pathname) : null
    if (!file) return new Response('Not found', { status: 404 })
    try {
      const body = await readFile(file)
      return new Response(body, {
        headers: { 'content-type': contentTypeFor(file), 'content-security-policy': csp, 'x-content-type-options': 'nosniff' },
      })
    } catch {
      return new Response('Not found', { status: 404 })
    }
  })
}

async function createWindow(c: Core): Promise<void> {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    title: 'Lantern',
    backgroundColor: '#15171c',
    show: false,
    webPreferences: secureWebPreferences(join(__dirname, '../preload/index.js'), app.isPackaged),
  })
  const unbind = bindIpc(ipcMain, c.router, c.events, win)
  win.on('closed', unbind)
  win.once('ready-to-show', () => win.show())
  await win.loadURL(`${APP_ORIGIN}/`)
}

app.on('web-contents-created', (_event, contents) => hardenWebContents(contents, openExternal))

// One desktop Lantern per library: a second start brings the first window forward and quits
// (the library's lock file refuses any other Lantern on the same file, browser mode included).
if (!app.requestSingleInstanceLock()) app.quit()
app.on('second-instance', () => {
  const win = BrowserWindow.getAllWindows()[0]
  if (win) {
    if (win.isMinimized()) win.restore()
    win.focus()
  }
})

app.whenReady().then(async () => {
  // Every permission is refused but writing to the clipboard from Lantern's own UI (security.ts).
  session.defaultSession.setPermissionRequestHandler(permissionRequestHandler)
  session.defaultSession.setPermissionCheckHandler(permissionCheckHandler)
  Menu.setApplicationMenu(Menu.buildFromTemplate(menuTemplate(app.isPackaged)))
  serveUi()
  // A PostgreSQL library shared with other GMs, when LANTERN_DATABASE_URL or library.json names one.
  const databaseUrl = databaseUrlFrom(app.getPath('userData'))
  const open = (openNewestBackup: boolean) =>
    createCore({
      openNewestBackup,
      dataFile: join(app.getPath('userData'), LIBRARY_FILE_NAME),
      ...(databaseUrl ? { databaseUrl } : {}),
      ...(process.env.LANTERN_GM_NAME ? { gmName: process.env.LANTERN_GM_NAME } : {}),
      mode: 'desktop',
      version: app.getVersion(),
      checkOutputs: !app.isPackaged,
      // The port of src/main/platform.ts: native dialogs over the focused window.
      dialogs: {
        async saveAs({ title, defaultName, filters }) {
          const win = BrowserWindow.getFocusedWindow()
          const options = { title, defaultPath: join(app.getPath('documents'), defaultName), filters }
          const r = win ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
          return r.canceled || !r.filePath ? null : r.filePath
        },
        async open({ title, filters }) {
          const win = BrowserWindow.getFocusedWindow()
          const options = { title, filters, properties: ['openFile' as const] }
          const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
          return r.canceled ? null : (r.filePaths[0] ?? null)
        },
        async chooseFolder({ title, defaultPath }) {
          const win = BrowserWindow.getFocusedWindow()
          const options = { title, defaultPath: defaultPath ?? app.getPath('documents'), properties: ['openDirectory' as const, 'createDirectory' as const] }
          const r = win ? await dialog.showOpenDialog(win, options) : await dialog.showOpenDialog(options)
          return r.canceled ? null : (r.filePaths[0] ?? null)
        },
      },
    })
  try {
    core = await open(false)
  } catch (err) {
    // A damaged library: offer the newest backup (the damaged file is kept aside, never overwritten).
    const offer = err instanceof LibraryOpenError && err.problem === 'damaged' && /--open-backup/.test(err.message)
    const choice = offer
      ? (await dialog.showMessageBox({ type: 'error', title: 'Lantern could not open its library', message: (err as Error).message.replace(/: start Lantern with --open-backup to/, '. Open it to'), buttons: ['Open the newest backup', 'Quit'], defaultId: 0, cancelId: 1 })).response
      : (dialog.showErrorBox('Lantern could not open its library', (err as Error).message), 1)
    if (choice !== 0) return app.quit()
    try {
      core = await open(true)
    } catch (again) {
      dialog.showErrorBox('Lantern could not open the backup either', (again as Error).message)
      return app.quit()
    }
  }
  // The players' screen: the same listener as in the browser mode, started when the GM shares.
  const sharing = enableSharing({ core, rendererDir })
  app.once('will-quit', () => void sharing.close())
  await createWindow(core)
  app.on('activate', () => {
    if (core && BrowserWindow.getAllWindows().length === 0) void createWindow(core)
  })
})

app.on('window-all-closed', () => {
  if (process.platform !== 'darwin') app.quit()
})

app.on('will-quit', () => {
  void core?.close()
})
