/**
 * Many log entries appended in one change (a year of downtime writes thousands): each written in
 * the order given, under the id it was answered with, on SQLite and PostgreSQL alike.
 */
import { expect, it } from 'vitest'
import { unitOfWork } from '../../src/main/services/core/context'
import { appendLogs } from '../../src/main/services/core/log'
import { libraryEach } from '../support/temp-library'
import { gm } from '../support/calls'

const t = libraryEach()

it('a run of entries longer than one batch, and not a whole number of batches, keeps its order and its ids', async () => {
  const campaignId = (await gm(t.core, 'campaign.create', { name: 'The Long Winter', system: 'osr' })).id
  const other = (await gm(t.core, 'campaign.create', { name: 'Elsewhere', system: 'osr' })).id
  const before = await unitOfWork(t.core.deps, (tx) => appendLogs(tx, other, [{ kind: 'note', payload: { text: 'before' } }]))
  const wanted = Array.from({ length: 203 }, (_, i) => ({ kind: 'note', payload: { text: `Day ${i + 1}: snow.` }, gameTime: i * 86_400, gmOnly: i % 7 === 0 }))
  const answered = await unitOfWork(t.core.deps, (tx) => appendLogs(tx, campaignId, wanted))
  expect(answered.map((e) => (e.payload as { text: string }).text)).toEqual(wanted.map((w) => w.payload.text))
  // Fresh ids, rising in the order given, after every id already used.
  for (let i = 1; i < answered.length; i++) expect(answered[i]!.id).toBeGreaterThan(answered[i - 1]!.id)
  expect(answered[0]!.id).toBeGreaterThan(before[0]!.id)
  const stored = await t.core.deps.db.selectFrom('log_entry').select(['id', 'payload', 'game_time', 'gm_only']).where('campaign_id', '=', campaignId).where('kind', '=', 'note').orderBy('id').execute()
  expect(stored.map((r) => r.id)).toEqual(answered.map((e) => e.id))
  expect(stored.map((r) => (JSON.parse(r.payload) as { text: string }).text)).toEqual(wanted.map((w) => w.payload.text))
  expect(stored.map((r) => r.game_time)).toEqual(wanted.map((w) => w.gameTime))
  expect(stored.map((r) => Boolean(r.gm_only))).toEqual(wanted.map((w) => w.gmOnly))
})
