/**
 * A read from a PostgreSQL library while its server is away: the GM is told the server cannot be
 * reached and that nothing was changed — not that a change was not saved, for there was none — and
 * a change made at the same time is still told as a change not saved.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { startPostgres, type PostgresServer } from '../support/postgres-server'
import { gm } from '../support/calls'
import { onPostgres } from '../support/sql'

const READ_AWAY =
  'Lantern cannot reach the PostgreSQL server that holds your library, so it could not read what you asked for (nothing was changed). It keeps trying; try again once the server answers.'

describe.skipIf(!onPostgres())('reading a PostgreSQL library while its server is away', () => {
  let server: PostgresServer
  let core: Core
  const heard: string[] = []

  beforeAll(async () => {
    server = await startPostgres()
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query('create database away')
    await admin.end()
    core = await createCore({ dataFile: '/nonexistent/away.sqlite', databaseUrl: server.urlFor('away'), mode: 'browser', version: 'test' })
    core.events.on((m) => void (m.event === 'library.connection' && heard.push((m.payload as { state: string }).state)))
  }, 60_000)

  afterAll(async () => {
    await core?.close()
    server?.stop()
  })

  it('says the server is away and nothing was changed, and reads again once it is back', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Westmarch', system: 'ladder', seed: 'away' })).id
    await gm(core, 'log.note', { campaignId, text: 'Before the outage.' })
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      server.pause()
      await vi.waitFor(() => expect(heard).toEqual(['lost']), { timeout: 10_000 })
      for (const [method, input] of [
        ['campaign.list', {}],
        ['log.list', { campaignId, limit: 10 }],
        ['character.list', { campaignId }],
      ] as const) {
        const r = await core.router.call(method, input, { scope: 'gm' })
        expect(r.ok, method).toBe(false)
        expect(r.ok ? '' : r.error.message, method).toBe(READ_AWAY)
      }
      const change = await core.router.call('log.note', { campaignId, text: 'During the outage.' }, { scope: 'gm' })
      expect(change.ok ? '' : change.error.message).toMatch(/^Lantern cannot reach the PostgreSQL server that holds your library, so this change was not saved/)
    } finally {
      server.resume()
      quiet.mockRestore()
    }
    await vi.waitFor(() => expect(heard).toEqual(['lost', 'open']), { timeout: 15_000 })
    expect((await gm(core, 'campaign.list', {})).map((c) => c.name)).toEqual(['The Westmarch'])
  }, 90_000)
})
