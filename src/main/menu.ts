/**
 * The desktop app's menu bar, as a template that tests read without Electron. `index.ts` builds it.
 */
import type { MenuItemConstructorOptions } from 'electron'

/** The View menu's items: zoom and full screen; in development also Reload, Force Reload and Toggle Developer Tools. */
export function viewMenuItems(isPackaged: boolean): MenuItemConstructorOptions[] {
  const development: MenuItemConstructorOptions[] = [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
  return [
    ...(isPackaged ? [] : development),
    { role: 'resetZoom' },
    { role: 'zoomIn' },
    { role: 'zoomOut' },
    { type: 'separator' },
    { role: 'togglefullscreen' },
  ]
}

/**
 * The menu bar: the app menu (macOS), File, Edit, View and Window. An installed app (`app.isPackaged`)
 * has no Reload (which would drop what the GM is typing) and no developer tools, nor their shortcuts.
 */
export function menuTemplate(isPackaged: boolean, platform: NodeJS.Platform = process.platform): MenuItemConstructorOptions[] {
  return [
    ...(platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    { role: 'editMenu' },
    { label: 'View', submenu: viewMenuItems(isPackaged) },
    { role: 'windowMenu' },
  ]
}
