/**
 * Every security default of the desktop shell, as plain functions and data that tests import
 * without Electron. `index.ts` only applies them.
 */
import { normalize, resolve, sep } from 'node:path'

/** The custom scheme the UI is served from (never `file://`). */
export const APP_SCHEME = 'app'
export const APP_HOST = 'lantern'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`

/**
 * The renderer's webPreferences: isolated, sandboxed, no Node, no webviews, no insecure content.
 * @example new BrowserWindow({ webPreferences: secureWebPreferences(preloadPath) })
 */
export function secureWebPreferences(preload: string, packaged = false) {
  return {
    preload,
    // An installed app opens no developer tools, by any shortcut (its menu has none either: menu.ts).
    devTools: !packaged,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: true,
  } as const
}

/**
 * The Content-Security-Policy for the UI: only our own scripts, styles and images; no eval, no
 * inline script, no plugins, no framing. `connect` adds the WebSocket origin in browser mode.
 */
export function contentSecurityPolicy(connect: readonly string[] = []): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${["'self'", ...connect].join(' ')}`,
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'",
  ].join('; ')
}

/** Is this a page of our own UI? */
export function isAppUrl(url: string): boolean {
  try {
    const u = new URL(url)
    return u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST
  } catch {
    return false
  }
}

/**
 * Only plain `https:` links to a real host, with no credentials in them, may leave the app for
 * the system browser. Everything else (file:, javascript:, custom schemes, http:) is refused.
 */
export function isAllowedExternalUrl(url: string): boolean {
  let u: URL
  try {
    u = new URL(url)
  } catch {
    return false
  }
  return u.protocol === 'https:' && u.username === '' && u.password === '' && /^[a-z0-9.-]+\.[a-z]{2,}$/i.test(u.hostname)
}

/**
 * Lantern uses one permission: `clipboard-sanitized-write` (navigator.clipboard.writeText, the
 * recap's Copy), and only from the main frame of its own UI. Everything else (camera, microphone,
 * notifications, reading the clipboard, geolocation …) is refused, from every page.
 */
export function isPermissionAllowed(permission: string, requestingUrl: string | undefined, isMainFrame: boolean): boolean {
  return permission === 'clipboard-sanitized-write' && isMainFrame && requestingUrl !== undefined && isAppUrl(requestingUrl)
}

/** For `session.setPermissionRequestHandler`: grants what isPermissionAllowed allows. */
export function permissionRequestHandler(
  _webContents: unknown,
  permission: string,
  callback: (granted: boolean) => void,
  details: { requestingUrl: string; isMainFrame: boolean },
): void {
  callback(isPermissionAllowed(permission, details.requestingUrl, details.isMainFrame))
}

/**
 * For `session.setPermissionCheckHandler` (Chromium checks before it asks): the requesting origin
 * and, when given, the frame's URL must both be Lantern's own UI.
 */
export function permissionCheckHandler(
  _webContents: unknown,
  permission: string,
  requestingOrigin: string,
  details: { requestingUrl?: string; isMainFrame: boolean },
): boolean {
  return isPermissionAllowed(permission, requestingOrigin, details.isMainFrame) && (details.requestingUrl === undefined || isAppUrl(details.requestingUrl))
}

/** The parts of Electron's IPC event that the sender check reads. */
export interface IpcSenderLike {
  sender: { id: number }
  senderFrame: { url: string; parent: unknown } | null
}

/**
 * An IPC call is served only when it comes from the main frame of our own window, showing our
 * own UI: not from another window, a sub-frame, or a page that navigated elsewhere.
 */
export function isTrustedSender(event: IpcSenderLike, expectedWebContentsId: number): boolean {
  const frame = event.senderFrame
  if (!frame) return false // the frame navigated away or was destroyed mid-call
  return event.sender.id === expectedWebContentsId && frame.parent === null && isAppUrl(frame.url)
}

/** The parts of Electron's WebContents that `hardenWebContents` touches. */
export interface WebContentsLike {
  on(event: 'will-navigate' | 'will-redirect' | 'will-attach-webview', listener: (e: { preventDefault(): void }, url?: string) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
}

/**
 * No navigation, no new windows, no webviews. A link to an allowed `https:` page opens in the
 * system browser instead.
 */
export function hardenWebContents(contents: WebContentsLike, openExternal: (url: string) => void): void {
  const leave = (url: string | undefined) => {
    if (url && isAllowedExternalUrl(url)) openExternal(url)
  }
  contents.on('will-navigate', (e, url) => {
    if (url && isAppUrl(url)) return // the hash router changing route is not navigation away
    e.preventDefault()
    leave(url)
  })
  contents.on('will-redirect', (e, url) => {
    if (url && isAppUrl(url)) return
    e.preventDefault()
  })
  contents.on('will-attach-webview', (e) => e.preventDefault())
  contents.setWindowOpenHandler(({ url }) => {
    leave(url)
    return { action: 'deny' }
  })
}

/**
 * Maps a request for the GM's UI to a file under `root`, or null when it is malformed or names a
 * hidden file (`.vite/manifest.json`). `..` in any spelling (encoded slashes and dots too) is
 * resolved from `/`, so it never leaves `root`; backslashes and NUL are refused. `/` and routes
 * without a file extension serve index.html (the single-page app's routes). The players' listener
 * does not use this: it serves a fixed list of files (server/players-page.ts).
 */
export function resolveAppAsset(root: string, pathname: string): string | null {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return null
  }
  if (decoded.includes('\0') || decoded.includes('\\')) return null
  const rel = decoded === '/' || !/\.[a-z0-9]+$/i.test(decoded) ? '/index.html' : normalize(decoded)
  if (rel.split(/[\\/]/).some((part) => part.startsWith('.'))) return null
  const base = resolve(root)
  const full = resolve(base, '.' + rel)
  return full === base || full.startsWith(base + sep) ? full : null
}

/** Content types for the files the UI is built into. */
export function contentTypeFor(file: string): string {
  const ext = file.slice(file.lastIndexOf('.') + 1).toLowerCase()
  const types: Record<string, string> = {
    html: 'text/html; charset=utf-8',
    js: 'text/javascript; charset=utf-8',
    css: 'text/css; charset=utf-8',
    svg: 'image/svg+xml',
    png: 'image/png',
    ico: 'image/x-icon',
    woff2: 'font/woff2',
    json: 'application/json',
    webmanifest: 'application/manifest+json',
  }
  return types[ext] ?? 'application/octet-stream'
}
