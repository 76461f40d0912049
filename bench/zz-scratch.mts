import pg from 'pg'
import { createCore } from '../src/main/app'
import { startPostgres } from '../test/support/postgres-server'
import { backgroundIndexing } from '../src/main/services/core/log-search-queue'
async function main() {
const server = await startPostgres()
const alive = setInterval(() => {}, 1000)
try {
  const admin = new pg.Client({ connectionString: server.url }); await admin.connect(); await admin.query('create database s'); await admin.end()
  const core = await createCore({ dataFile: '/nonexistent/x.sqlite', databaseUrl: server.urlFor('s'), mode: 'browser', version: 'b', checkOutputs: false })
  const call = async (m: string, i: unknown) => { const r = await core.router.call(m, i, { scope: 'gm' }); if (!r.ok) throw new Error(r.error.message); return r.value as any }
  const { id } = await call('campaign.create', { name: 'x', system: process.argv[2] ?? 'ladder', seed: 's' })
  await call('play.start', { campaignId: id, attendance: [] })
  for (let i = 0; i < 3; i++) await call('clock.advance', { campaignId: id, span: { turns: 1 } })
  await backgroundIndexing(core.deps.db)
  const q = pg.Client.prototype.query as any
  const seen: string[] = []
  ;(pg.Client.prototype as any).query = function (...a: any[]) { seen.push(String(typeof a[0] === 'string' ? a[0] : a[0]?.text).replace(/\s+/g, ' ').slice(0, 150)); return q.apply(this, a) }
  await call('clock.advance', { campaignId: id, span: { turns: 1 } })
  console.log(seen.length); console.log(seen.join('\n'))
  ;(pg.Client.prototype as any).query = q
  await core.close()
} finally { clearInterval(alive); server.stop() }

}
void main()
