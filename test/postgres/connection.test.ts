/**
 * A PostgreSQL library whose server goes away and comes back: the GM's screens hear that it is out
 * of reach (the banner), a change made meanwhile is refused whole in plain words with nothing of it
 * written, and once the server answers again Lantern carries on by itself.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { startPostgres, type PostgresServer } from '../support/postgres-server'
import { gm } from '../support/calls'
import { value } from '../support/sql'
import { onPostgres } from '../support/sql'

describe.skipIf(!onPostgres())('a PostgreSQL server out of reach', () => {
  let server: PostgresServer
  let core: Core
  const heard: string[] = []

  beforeAll(async () => {
    server = await startPostgres()
    const admin = new pg.Client({ connectionString: server.url })
    await admin.connect()
    await admin.query('create database lost')
    await admin.end()
    core = await createCore({ dataFile: '/nonexistent/lost.sqlite', databaseUrl: server.urlFor('lost'), mode: 'browser', version: 'test' })
    core.events.on((m) => void (m.event === 'library.connection' && heard.push((m.payload as { state: string }).state)))
  }, 60_000)

  afterAll(async () => {
    await core?.close()
    server?.stop()
  })

  it('says so, refuses a change whole, and carries on once the server is back', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Westmarch', system: 'osr', seed: 'lost' })).id
    await gm(core, 'log.note', { campaignId, text: 'Before the storm.' })
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      server.pause()
      await vi.waitFor(() => expect(heard).toEqual(['lost']), { timeout: 10_000 })
      const r = await core.router.call('log.note', { campaignId, text: 'During the storm.' }, { scope: 'gm' })
      expect(r.ok ? '' : r.error.message).toMatch(/^Lantern cannot reach the PostgreSQL server that holds your library, so this change was not saved/)
      expect(r.ok ? '' : r.error.message).not.toMatch(/postgres:\/\//)
    } finally {
      server.resume()
      quiet.mockRestore()
    }
    await vi.waitFor(() => expect(heard).toEqual(['lost', 'open']), { timeout: 15_000 })
    await gm(core, 'log.note', { campaignId, text: 'After the storm.' })
    const notes = (await gm(core, 'log.list', { campaignId, kind: 'note', limit: 10 })).map((e) => (e.payload as { text: string }).text)
    expect(notes).toEqual(['After the storm.', 'Before the storm.'])
    expect(await value(core, 'select count(*) from action where campaign_id = ?', campaignId)).toBe(2)
  }, 90_000)

  it('leaves backups to the server’s own tools, and says where the library is without its password', async () => {
    for (const method of ['backup.list', 'backup.create'] as const) {
      const r = await core.router.call(method, {}, { scope: 'gm' })
      expect(r.ok ? '' : r.error.message).toBe('This library is kept by a PostgreSQL server, which Lantern does not back up: back it up with the server’s own tools (pg_dump, or its replication).')
    }
    const info = await gm(core, 'app.info', {})
    expect(info.database).toBe(server.urlFor('lost'))
    expect(info.gmName).not.toBe('')
  })
})
