/** Real SQLite library files in a fresh temp folder, for service tests (no mocked database). */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import { afterEach, beforeEach, inject } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { value } from './sql'

export interface TempLibrary {
  dir: string
  file: string
  open(): Promise<Core>
  /**
   * Removes the folder, and on PostgreSQL drops the library's database (settled when it is gone,
   * or left to the run's end when something still uses it): the run's server keeps only the
   * databases in use, not one for every test it ran.
   */
  cleanup(): Promise<void>
}

let databases = 0

/**
 * A fresh library: a SQLite file in a temp folder, or under `LANTERN_TEST_DATABASE=postgres` a new
 * database on the run's PostgreSQL server (a copy of the migrated template, made on first open;
 * every open after that opens the same database).
 */
export function tempLibrary(): TempLibrary {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-test-'))
  const file = join(dir, 'lantern.sqlite')
  const postgres = inject('postgres')
  let databaseUrl: Promise<string> | null = null
  const name = `lantern_${process.pid}_${++databases}`
  const asAdmin = async (server: { url: string }, query: string): Promise<void> => {
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    try {
      await admin.query(query)
    } finally {
      await admin.end()
    }
  }
  const database = async (server: { url: string; template: string }): Promise<string> => {
    await asAdmin(server, `create database ${name} template ${server.template}`)
    return server.url.replace(/\/[^/]*$/, `/${name}`)
  }
  return {
    dir,
    file,
    open: async () =>
      postgres
        ? createCore({ dataFile: file, databaseUrl: await (databaseUrl ??= database(postgres)), mode: 'browser', version: 'test' })
        : createCore({ dataFile: file, mode: 'browser', version: 'test' }),
    cleanup: async () => {
      rmSync(dir, { recursive: true, force: true })
      if (!postgres || !databaseUrl) return
      const made = databaseUrl
      databaseUrl = null
      // Made, and still used by a library left open: dropped with the server at the run's end.
      await made.then(() => asAdmin(postgres, `drop database if exists ${name}`)).catch(() => {})
    },
  }
}

/** Row counts straight from the library, to prove what a call did or did not write. */
export async function counts(core: Core): Promise<{ campaigns: number; logs: number; settings: number }> {
  const n = async (t: string) => Number(await value(core, `select count(*) as n from ${t}`))
  return { campaigns: await n('campaign'), logs: await n('log_entry'), settings: await n('setting') }
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
    await t.lib.cleanup()
  })
  return t
}
