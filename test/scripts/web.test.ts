import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { browserOpener, hasDisplay } from '../../scripts/web.mjs'

const url = 'http://127.0.0.1:5175/?token=abc'

describe('opening the browser mode’s address', () => {
  const bin = mkdtempSync(join(tmpdir(), 'lantern-opener-'))
  afterAll(() => rmSync(bin, { recursive: true, force: true }))
  writeFileSync(join(bin, 'xdg-open'), '')

  it('uses the desktop’s opener where there is a display', () => {
    expect(browserOpener(url, { DISPLAY: ':0', PATH: bin }, 'linux')).toEqual({ command: 'xdg-open', args: [url] })
    expect(browserOpener(url, { WAYLAND_DISPLAY: 'wayland-0', PATH: bin }, 'linux')).toEqual({ command: 'xdg-open', args: [url] })
    expect(browserOpener(url, {}, 'darwin')).toEqual({ command: 'open', args: [url] })
    expect(browserOpener(url, {}, 'win32')?.command).toBe('cmd')
  })

  it('does not open anything without a display or an opener, or when told not to', () => {
    expect(hasDisplay({}, 'linux')).toBe(false)
    expect(browserOpener(url, { PATH: bin }, 'linux')).toBeNull()
    expect(browserOpener(url, { DISPLAY: ':0', PATH: join(bin, 'nothing-here') }, 'linux')).toBeNull()
    expect(browserOpener(url, { DISPLAY: ':0', PATH: bin, LANTERN_NO_OPEN: '1' }, 'linux')).toBeNull()
    expect(browserOpener(url, { LANTERN_NO_OPEN: '1' }, 'darwin')).toBeNull()
    expect(browserOpener(url, { BROWSER: 'none' }, 'win32')).toBeNull()
    expect(browserOpener(url, { DISPLAY: ':0', PATH: bin, LANTERN_NO_OPEN: '0' }, 'linux')).not.toBeNull()
  })
})
