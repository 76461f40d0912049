/** Real SQLite library files in a fresh temp folder, for service tests (no mocked database). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { createCore, type Core } from '../../src/main/app'

export interface TempLibrary {
  dir: string
  file: string
  open(): Promise<Core>
  cleanup(): void
}

export function tempLibrary(): TempLibrary {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-test-'))
  const file = join(dir, 'lantern.sqlite')
  return {
    dir,
    file,
    open: () => createCore({ dataFile: file, mode: 'browser', version: 'test' }),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  }
}

/** Row counts straight from SQLite, to prove what a call did or did not write. */
export function counts(core: Core): { campaigns: number; logs: number; settings: number } {
  const n = (t: string) => (core.handle.sqlite.prepare(`select count(*) as n from ${t}`).get() as { n: number }).n
  return { campaigns: n('campaign'), logs: n('log_entry'), settings: n('setting') }
}

/** A test's library, opened before each test and removed after it; `core` may be reopened by the test. */
export interface LibraryEach {
  lib: TempLibrary
  core: Core
}

/**
 * Opens a fresh library before each test of the file (or describe) and closes and removes it after.
 * @example const t = libraryEach(); it('…', async () => { await gm(t.core, 'campaign.list', {}) })
 */
export function libraryEach(): LibraryEach {
  const t = {} as LibraryEach
  beforeEach(async () => {
    t.lib = tempLibrary()
    t.core = await t.lib.open()
  })
  afterEach(async () => {
    await t.core.close()
    t.lib.cleanup()
  })
  return t
}
