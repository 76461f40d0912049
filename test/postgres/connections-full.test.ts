/**
 * A PostgreSQL server with every connection taken (its `max_connections`, by other Lanterns or
 * programs): a Lantern that needs one more is refused by the server. The GM is told so in plain
 * words, a change made then is refused whole with nothing of it written, and once a connection is
 * free again the same change goes through.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { startPostgres, type PostgresServer } from '../support/postgres-server'
import { gm } from '../support/calls'
import { onPostgres, value } from '../support/sql'

describe.skipIf(!onPostgres())('a PostgreSQL server with no connection to spare', () => {
  let server: PostgresServer
  let core: Core
  const others: pg.Client[] = []

  beforeAll(async () => {
    server = await startPostgres({ maxConnections: 12 })
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query('create database full_house')
    await admin.end()
    core = await createCore({ dataFile: '/nonexistent/full.sqlite', databaseUrl: server.urlFor('full_house'), mode: 'browser', version: 'test' })
  }, 60_000)

  afterAll(async () => {
    for (const c of others) await c.end().catch(() => {})
    await core?.close()
    server?.stop()
  })

  it('says the server has no connection to spare, saves nothing, and goes on once one is free', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Westmarch', system: 'osr', seed: 'full' })).id
    // The Lantern's pooled connections are closed by the server (its listening one stays), and others
    // take every connection left. Lantern's own background work (search indexing, the listener's
    // reconnect) may open a pooled connection meanwhile: close and fill again until it holds none.
    const admin = new pg.Client({ connectionString: server.urlFor('full_house'), application_name: 'admin' })
    await admin.connect()
    others.push(admin)
    const lanterns = "from pg_stat_activity where datname = 'full_house' and pid <> pg_backend_pid() and application_name not in ('admin', 'other') and query not ilike 'listen%'"
    for (let round = 0; round < 10; round++) {
      // Closed, and gone: a backend told to end still holds its slot until it has exited.
      const pids = (await admin.query<{ pid: number }>(`select pid ${lanterns}`)).rows.map((r) => r.pid)
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [pids])
      while (Number((await admin.query('select count(*) as n from pg_stat_activity where pid = any($1::int[])', [pids])).rows[0].n) > 0) await new Promise((r) => setTimeout(r, 20))
      for (;;) {
        const c = new pg.Client({ connectionString: server.urlFor('full_house'), application_name: 'other' })
        c.on('error', () => {})
        try {
          await c.connect()
        } catch {
          break
        }
        others.push(c)
      }
      if (Number((await admin.query(`select count(*) as n ${lanterns}`)).rows[0].n) === 0) break
    }
    expect(others.length).toBeGreaterThan(1)

    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const change = await core.router.call('log.note', { campaignId, text: 'No room at the inn.' }, { scope: 'gm' })
      expect(change.ok ? '' : change.error.message).toBe(
        'The PostgreSQL server that holds your library has no connection to spare (all of its max_connections are in use), so this change was not saved (nothing of it was written). Try again in a moment; if it goes on, ask whoever runs the server to raise max_connections.',
      )
      const read = await core.router.call('log.list', { campaignId, limit: 10 }, { scope: 'gm' })
      expect(read.ok ? '' : read.error.message).toMatch(/^The PostgreSQL server that holds your library has no connection to spare .*, so Lantern could not read what you asked for \(nothing was changed\)/)
    } finally {
      quiet.mockRestore()
    }

    await others.pop()!.end()
    await gm(core, 'log.note', { campaignId, text: 'A room after all.' })
    const notes = (await gm(core, 'log.list', { campaignId, kind: 'note', limit: 10 })).map((e) => (e.payload as { text: string }).text)
    expect(notes).toEqual(['A room after all.'])
    expect(await value(core, "select count(*) from log_entry where campaign_id = ? and kind = 'note'", campaignId)).toBe(1)
  }, 60_000)
})
