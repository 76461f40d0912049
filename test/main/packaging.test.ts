/** The installers' configuration keeps the packaged app hardened (Electron's fuses) and self-contained. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { load } from 'js-yaml'
import { describe, expect, it } from 'vitest'

const config = load(readFileSync(join(__dirname, '../../electron-builder.yml'), 'utf8')) as Record<string, unknown>

describe('the packaged app', () => {
  it('flips the fuses: no run-as-Node, no NODE_OPTIONS or inspect arguments, code only from a validated asar, encrypted cookies', () => {
    expect(config.asar).toBe(true)
    expect(config.electronFuses).toEqual({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      onlyLoadAppFromAsar: true,
      enableEmbeddedAsarIntegrityValidation: true,
      enableCookieEncryption: true,
      grantFileProtocolExtraPrivileges: false,
    })
  })

  it('packs the build, with better-sqlite3 prebuilt binaries outside the asar and nothing rebuilt', () => {
    expect(config.files).toContain('out/**')
    expect(config.npmRebuild).toBe(false)
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*.node')
  })
})
