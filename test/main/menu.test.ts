import { describe, expect, it } from 'vitest'
import type { MenuItemConstructorOptions } from 'electron'
import { menuTemplate } from '../../src/main/menu'

/** Every role in a menu template, submenus included. */
function roles(items: MenuItemConstructorOptions[]): string[] {
  return items.flatMap((item) => [
    ...(item.role ? [item.role] : []),
    ...(Array.isArray(item.submenu) ? roles(item.submenu as MenuItemConstructorOptions[]) : []),
  ])
}
const view = (items: MenuItemConstructorOptions[]) => items.find((item) => item.label === 'View')!.submenu as MenuItemConstructorOptions[]

describe('the menu bar', () => {
  it('has no Reload, Force Reload or developer tools in the installed app', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      const menu = menuTemplate(true, platform)
      for (const role of ['reload', 'forceReload', 'toggleDevTools', 'viewMenu']) expect(roles(menu), `${platform} ${role}`).not.toContain(role)
    }
    expect(roles(view(menuTemplate(true, 'linux')))).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
  })

  it('keeps them in development', () => {
    expect(roles(view(menuTemplate(false, 'linux')))).toEqual(['reload', 'forceReload', 'toggleDevTools', 'resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen'])
  })

  it('has File, Edit, View and Window everywhere, and the app menu on macOS', () => {
    expect(menuTemplate(true, 'linux').map((item) => item.role ?? item.label)).toEqual(['fileMenu', 'editMenu', 'View', 'windowMenu'])
    expect(menuTemplate(true, 'darwin').map((item) => item.role ?? item.label)).toEqual(['appMenu', 'fileMenu', 'editMenu', 'View', 'windowMenu'])
  })
})
