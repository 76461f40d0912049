import { describe, expect, it } from 'vitest'
import { EventEmitter } from 'node:events'
import { join, resolve } from 'node:path'
import {
  contentSecurityPolicy,
  hardenWebContents,
  isAllowedExternalUrl,
  isTrustedSender,
  permissionCheckHandler,
  permissionRequestHandler,
  resolveAppAsset,
  secureWebPreferences,
  type WebContentsLike,
} from '../../src/main/security'

describe('the window', () => {
  it('is isolated and sandboxed, with no Node in the page, no webviews and no insecure content', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.js')
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.js',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    })
    // Developer tools in development only: an installed app opens none.
    expect(secureWebPreferences('/p', false).devTools).toBe(true)
    expect(secureWebPreferences('/p', true).devTools).toBe(false)
  })

  it('has a strict CSP: own scripts only, no eval or inline script, no plugins or framing', () => {
    const csp = contentSecurityPolicy()
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("script-src 'self'")
    expect(csp).not.toMatch(/unsafe-(inline|eval)/)
    expect(csp).toContain("object-src 'none'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(contentSecurityPolicy(['ws://127.0.0.1:5175'])).toContain("connect-src 'self' ws://127.0.0.1:5175")
  })
})

describe('IPC sender check', () => {
  const ours = { sender: { id: 7 }, senderFrame: { url: 'app://lantern/#/c/1', parent: null } }
  it('serves our own window main frame showing our own UI', () => {
    expect(isTrustedSender(ours, 7)).toBe(true)
  })
  it('refuses another window, a sub-frame, a page elsewhere, and a destroyed frame', () => {
    expect(isTrustedSender({ ...ours, sender: { id: 8 } }, 7)).toBe(false)
    expect(isTrustedSender({ ...ours, senderFrame: { url: 'app://lantern/', parent: {} } }, 7)).toBe(false)
    expect(isTrustedSender({ ...ours, senderFrame: { url: 'https://evil.example/', parent: null } }, 7)).toBe(false)
    expect(isTrustedSender({ ...ours, senderFrame: { url: 'file:///etc/passwd', parent: null } }, 7)).toBe(false)
    expect(isTrustedSender({ ...ours, senderFrame: { url: 'app://other/', parent: null } }, 7)).toBe(false)
    expect(isTrustedSender({ ...ours, senderFrame: null }, 7)).toBe(false)
  })
})

describe('external links', () => {
  it('opens only plain https links to a real host', () => {
    expect(isAllowedExternalUrl('https://example.org/rules')).toBe(true)
    for (const bad of [
      'http://example.org/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'app://lantern/',
      'https://user:pw@example.org/',
      'https://localhost/',
      'smb://share/x',
      'not a url',
    ]) {
      expect(isAllowedExternalUrl(bad), bad).toBe(false)
    }
  })
})

describe('navigation and new windows', () => {
  class FakeContents extends EventEmitter implements WebContentsLike {
    openHandler: ((d: { url: string }) => { action: 'deny' }) | null = null
    setWindowOpenHandler(h: (d: { url: string }) => { action: 'deny' }): void {
      this.openHandler = h
    }
  }
  function attempt(c: FakeContents, event: string, url: string): boolean {
    let prevented = false
    c.emit(event, { preventDefault: () => (prevented = true) }, url)
    return prevented
  }

  it('blocks navigating away and every new window, handing allowed https links to the system browser', () => {
    const c = new FakeContents()
    const opened: string[] = []
    hardenWebContents(c, (u) => opened.push(u))
    expect(attempt(c, 'will-navigate', 'https://evil.example/phish')).toBe(true)
    expect(attempt(c, 'will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(attempt(c, 'will-navigate', 'app://lantern/#/settings')).toBe(false)
    expect(attempt(c, 'will-redirect', 'https://evil.example/')).toBe(true)
    expect(attempt(c, 'will-attach-webview', 'about:blank')).toBe(true)
    expect(c.openHandler!({ url: 'https://example.org/srd' })).toEqual({ action: 'deny' })
    expect(c.openHandler!({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://evil.example/phish', 'https://example.org/srd'])
  })
})

describe('serving the UI from app://', () => {
  const root = resolve('/srv/renderer')
  it('maps routes to index.html and files to themselves', () => {
    expect(resolveAppAsset(root, '/')).toBe(join(root, 'index.html'))
    expect(resolveAppAsset(root, '/c/1/settings')).toBe(join(root, 'index.html'))
    expect(resolveAppAsset(root, '/assets/index-abc.js')).toBe(join(root, 'assets/index-abc.js'))
  })
  it('never escapes the renderer folder', () => {
    expect(resolveAppAsset(root, '/../../etc/passwd.txt')).toBe(join(root, 'etc/passwd.txt'))
    expect(resolveAppAsset(root, '/%2e%2e/%2e%2e/etc/passwd.txt')).toBe(join(root, 'etc/passwd.txt'))
    expect(resolveAppAsset(root, '/..%5c..%5cwin.ini')).toBeNull()
    expect(resolveAppAsset(root, '/%00.js')).toBeNull()
    expect(resolveAppAsset(root, '/%E0%A4%A')).toBeNull()
  })
})

describe('permissions', () => {
  const request = (permission: string, requestingUrl: string, isMainFrame = true) => {
    let granted: boolean | null = null
    permissionRequestHandler(null, permission, (g) => (granted = g), { requestingUrl, isMainFrame })
    return granted
  }
  const check = (permission: string, origin: string, requestingUrl?: string, isMainFrame = true) =>
    permissionCheckHandler(null, permission, origin, { isMainFrame, ...(requestingUrl === undefined ? {} : { requestingUrl }) })

  it('lets Lantern’s own UI write to the clipboard (the recap’s Copy)', () => {
    expect(request('clipboard-sanitized-write', 'app://lantern/#/c/1/sessions/2/recap')).toBe(true)
    expect(check('clipboard-sanitized-write', 'app://lantern', 'app://lantern/#/c/1/sessions/2/recap')).toBe(true)
    expect(check('clipboard-sanitized-write', 'app://lantern')).toBe(true)
  })

  it('refuses the clipboard to any other page or to a sub-frame', () => {
    for (const elsewhere of ['https://evil.example/', 'file:///tmp/x.html', 'app://other/', 'http://127.0.0.1:5175/', 'not a url']) {
      expect(request('clipboard-sanitized-write', elsewhere), elsewhere).toBe(false)
      expect(check('clipboard-sanitized-write', elsewhere), elsewhere).toBe(false)
    }
    expect(check('clipboard-sanitized-write', 'app://lantern', 'https://evil.example/')).toBe(false)
    expect(request('clipboard-sanitized-write', 'app://lantern/', false)).toBe(false)
    expect(check('clipboard-sanitized-write', 'app://lantern', 'app://lantern/', false)).toBe(false)
  })

  it('refuses every other permission, reading the clipboard included, even to Lantern’s own UI', () => {
    for (const permission of ['clipboard-read', 'deprecated-sync-clipboard-read', 'media', 'notifications', 'geolocation', 'openExternal', 'fullscreen', 'hid', 'unknown']) {
      expect(request(permission, 'app://lantern/'), permission).toBe(false)
      expect(check(permission, 'app://lantern', 'app://lantern/'), permission).toBe(false)
    }
  })
})
