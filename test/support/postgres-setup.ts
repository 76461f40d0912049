/**
 * Vitest's global set-up for a run against PostgreSQL (`LANTERN_TEST_DATABASE=postgres`): starts
 * one server for the run (test/support/postgres-server.ts), migrates a template database once, and
 * hands its address to the tests (`inject('postgres')`); each test library is a copy of the
 * template (`create database … template`). The server is stopped and removed after the run.
 */
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { openPostgres } from '../../src/main/db/postgres'
import { migrateToLatest } from '../../src/main/db/migrate'
import { startPostgres } from './postgres-server'
import { requireRecentNode } from './node-version'

export const TEMPLATE = 'lantern_template'

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: { url: string; template: string } | null
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void> | void> {
  requireRecentNode()
  if (process.env.LANTERN_TEST_DATABASE !== 'postgres') {
    project.provide('postgres', null)
    return () => {}
  }
  const server = await startPostgres()
  const admin = new pg.Client({ connectionString: server.url })
  await admin.connect()
  await admin.query(`create database ${TEMPLATE}`)
  await admin.end()
  const handle = openPostgres(server.urlFor(TEMPLATE))
  await migrateToLatest(handle)
  await handle.close()
  project.provide('postgres', { url: server.url, template: TEMPLATE })
  // Not `stop()`: removing the cluster's files in this process's thread would keep Vitest from
  // seeing its last workers exit meanwhile ("Timeout terminating forks worker").
  return () => server.close()
}
