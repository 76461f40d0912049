/** Real SQLite library files in a fresh temp folder, for service tests (no mocked database). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
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
