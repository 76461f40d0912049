/** The installers' configuration keeps the packaged app hardened (Electron's fuses) and self-contained. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'
// electron-builder's own check of a configuration against its schema (what `npm run dist` runs first).
import { validateConfiguration } from 'app-builder-lib/out/util/config/config'
import { DebugLogger } from 'builder-util'

const config = parse(readFileSync(join(__dirname, '../../electron-builder.yml'), 'utf8')) as Record<string, unknown>

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
      resetAdHocDarwinSignature: true,
    })
  })

  // Flipping a fuse invalidates the binary's signature, and Apple Silicon will not launch an app
  // without one: the mac app is signed ad hoc after the flip, by the fuses' step and by
  // electron-builder's signing (identity '-'), without the hardened runtime that would refuse
  // Electron's ad-hoc-signed framework.
  it('signs the mac app ad hoc after the fuses are flipped, so that Apple Silicon launches it', () => {
    expect(config.mac).toMatchObject({ identity: '-', hardenedRuntime: false })
    expect(config).not.toHaveProperty('forceCodeSigning', true)
  })

  it('is a configuration electron-builder accepts', async () => {
    await expect(validateConfiguration(config as never, new DebugLogger(false))).resolves.toBeUndefined()
  })

  it('packs the build, with better-sqlite3 prebuilt binaries outside the asar and nothing rebuilt', () => {
    expect(config.files).toContain('out/**')
    expect(config.npmRebuild).toBe(false)
    expect(config.asarUnpack).toContain('node_modules/better-sqlite3/**/*.node')
  })
})
