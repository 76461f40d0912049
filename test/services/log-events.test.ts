/**
 * What the screens hear of the log: each entry a change writes, as a `log.added`, until one change
 * writes more of a campaign's log than is worth sending one by one (a long downtime): then those
 * entries are told once, as a `log.many` with their count, kinds and ids. A real library, on SQLite
 * or on PostgreSQL.
 */
import { beforeEach, describe, expect, it } from 'vitest'
import type { EventMessage } from '../../src/shared/contract'
import { LOG_ENTRIES_TOLD_EACH } from '../../src/main/services/core/events'
import { libraryEach } from '../support/temp-library'
import { gm } from '../support/calls'
import { all } from '../support/sql'

const t = libraryEach()
let campaignId: number
let heard: EventMessage[]
beforeEach(async () => {
  campaignId = (await gm(t.core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  await gm(t.core, 'clock.setMode', { campaignId, mode: 'downtime' })
  await gm(t.core, 'timer.add', { campaignId, label: 'The tide turns', after: { hours: 6 }, hiddenFromPlayers: false, repeat: true })
  heard = []
  t.core.events.on((m) => heard.push(m))
})

const newLog = async (afterId: number) =>
  (await all(t.core, `select id, kind from log_entry where campaign_id = ${campaignId} and id > ${afterId} order by id`)) as { id: number; kind: string }[]
const lastId = async () => (await newLog(0)).at(-1)!.id

describe('the log as the screens hear it', () => {
  it('a change of a few entries sends each as it is written', async () => {
    const before = await lastId()
    await gm(t.core, 'clock.advance', { campaignId, span: { hours: 12 } })
    const written = await newLog(before)
    expect(written.length).toBeGreaterThan(1)
    expect(written.length).toBeLessThanOrEqual(LOG_ENTRIES_TOLD_EACH)
    const told = heard.filter((m) => m.event === 'log.added').map((m) => (m.payload as { id: number }).id)
    expect(told).toEqual(written.map((e) => e.id))
    expect(heard.some((m) => m.event === 'log.many')).toBe(false)
  })

  it('a month of downtime is told once: how many entries, their kinds and ids, and nothing entry by entry', async () => {
    const before = await lastId()
    await gm(t.core, 'clock.advance', { campaignId, span: { days: 30 } })
    const written = await newLog(before)
    // Four tides a day for thirty days, and the days themselves.
    expect(written.length).toBeGreaterThan(120)
    expect(heard.filter((m) => m.event === 'log.added')).toEqual([])
    const many = heard.filter((m) => m.event === 'log.many')
    expect(many).toEqual([
      {
        event: 'log.many',
        payload: {
          campaignId,
          count: written.length,
          kinds: [...new Set(written.map((e) => e.kind))],
          firstId: written[0]!.id,
          lastId: written.at(-1)!.id,
        },
      },
    ])
    // The other events of the change are still sent, after the log's.
    expect(heard.map((m) => m.event)).toContain('clock.moved')
    expect(heard.findIndex((m) => m.event === 'log.many')).toBeLessThan(heard.findIndex((m) => m.event === 'clock.moved'))
  })

  it('a note after the month is sent as itself again', async () => {
    await gm(t.core, 'clock.advance', { campaignId, span: { days: 30 } })
    heard.length = 0
    const note = await gm(t.core, 'log.note', { campaignId, text: 'The tide is out for good', gmOnly: false })
    expect(heard.filter((m) => m.event === 'log.added' || m.event === 'log.many')).toEqual([{ event: 'log.added', payload: note }])
  })
})
