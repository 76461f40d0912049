import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { unitOfWork } from '../../src/main/services/core/context'
import { appendLog } from '../../src/main/services/core/log'
import { counts, tempLibrary, type TempLibrary } from '../support/temp-library'

let lib: TempLibrary
let core: Core
const gm = { scope: 'gm' as const }

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('router: refused input writes nothing and names the field', () => {
  it('refuses an empty campaign name, naming the field, and writes no row', async () => {
    const r = await core.router.call('campaign.create', { name: '   ', system: 'osr' }, gm)
    expect(r.ok).toBe(false)
    if (r.ok) return
    expect(r.error.code).toBe('invalid_input')
    expect(r.error.details).toEqual([{ field: 'name', problem: 'a campaign needs a name' }])
    expect(r.error.message).toBe('Name: a campaign needs a name. Nothing was changed.')
    expect(await counts(core)).toEqual({ campaigns: 0, logs: 0, settings: 0 })
  })

  it('names every bad field at once, including an unknown rules system and an unexpected field', async () => {
    const r = await core.router.call('campaign.create', { name: 42, system: 'gurps', colour: 'red' }, gm)
    expect(r.ok).toBe(false)
    if (r.ok) return
    const fields = r.error.details.map((d) => d.field).sort()
    expect(fields).toEqual(['input', 'name', 'system'])
    expect(r.error.details.find((d) => d.field === 'system')?.problem).toMatch(/ladder, osr, lode, challenge, ranks/)
    expect(r.error.details.find((d) => d.field === 'input')?.problem).toMatch(/colour/)
    expect((await counts(core)).campaigns).toBe(0)
  })

  it('refuses an unknown method and a GM method called with the player scope', async () => {
    const unknown = await core.router.call('campaign.drop', {}, gm)
    expect(unknown).toMatchObject({ ok: false, error: { code: 'unknown_method' } })
    const forbidden = await core.router.call('campaign.create', { name: 'X', system: 'osr' }, { scope: 'player' })
    expect(forbidden).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    expect((await counts(core)).campaigns).toBe(0)
    const ping = await core.router.call('app.ping', {}, { scope: 'player' })
    expect(ping).toMatchObject({ ok: true, value: { scope: 'player' } })
  })

  it('refuses a bad setting value with its reason and keeps the old value', async () => {
    const c = await core.router.call('campaign.create', { name: 'Ladder', system: 'ladder' }, gm)
    if (!c.ok) throw new Error('create failed')
    const id = (c.value as { id: number }).id
    const ok = await core.router.call('setting.set', { campaignId: id, key: 'ladder.roundSeconds', value: 15 }, gm)
    expect(ok.ok).toBe(true)
    const before = await counts(core)
    const bad = await core.router.call('setting.set', { campaignId: id, key: 'ladder.roundSeconds', value: 45 }, gm)
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ field: 'value', problem: 'must be at most 30 seconds' }] } })
    expect(await counts(core)).toEqual(before)
    const list = await core.router.call('setting.list', { campaignId: id }, gm)
    expect(list.ok && (list.value as { key: string; value: unknown }[]).find((s) => s.key === 'ladder.roundSeconds')?.value).toBe(15)
  })

  it('refuses a delete whose confirmation does not match, deleting nothing', async () => {
    const c = await core.router.call('campaign.create', { name: 'The Sunken Keep', system: 'osr' }, gm)
    if (!c.ok) throw new Error('create failed')
    const id = (c.value as { id: number }).id
    const r = await core.router.call('campaign.delete', { id, confirmName: 'Sunken' }, gm)
    expect(r).toMatchObject({ ok: false, error: { code: 'refused', details: [{ field: 'confirmName' }] } })
    expect((await counts(core)).campaigns).toBe(1)
    const done = await core.router.call('campaign.delete', { id, confirmName: 'The Sunken Keep' }, gm)
    expect(done).toEqual({ ok: true, value: { id } })
    // Foreign keys cascade: the campaign's log goes with it.
    expect(await counts(core)).toEqual({ campaigns: 0, logs: 0, settings: 0 })
  })

  it('campaign.get counts the log a GM would lose by deleting', async () => {
    const c = await core.router.call('campaign.create', { name: 'Keep', system: 'osr' }, gm)
    if (!c.ok) throw new Error('create failed')
    const id = (c.value as { id: number }).id
    await core.router.call('log.note', { campaignId: id, text: 'The bridge is out.' }, gm)
    await core.router.call('log.note', { campaignId: id, text: 'Glam lights a torch.', gmOnly: true }, gm)
    const got = await core.router.call('campaign.get', { id }, gm)
    expect(got).toMatchObject({ ok: true, value: { name: 'Keep', logCount: 3 } })
  })

  it('answers a missing campaign with not_found, not an empty success', async () => {
    const r = await core.router.call('campaign.rename', { id: 999, name: 'Nope' }, gm)
    expect(r).toMatchObject({ ok: false, error: { code: 'not_found' } })
  })
})

describe('every change is one transaction with its log entry', () => {
  it('creating and renaming a campaign each write the change and one log entry, then push events', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))
    const c = await core.router.call('campaign.create', { name: 'Keep', system: 'lode' }, gm)
    if (!c.ok) throw new Error('create failed')
    const id = (c.value as { id: number }).id
    await core.router.call('campaign.rename', { id, name: 'Drowned Keep' }, gm)
    const log = await core.router.call('log.list', { campaignId: id }, gm)
    expect(log.ok && (log.value as { kind: string; payload: unknown }[]).map((e) => [e.kind, e.payload])).toEqual([
      ['campaign.renamed', { from: 'Keep', to: 'Drowned Keep' }],
      ['campaign.created', { name: 'Keep', system: 'lode', systemName: 'LODE' }],
    ])
    expect(heard.map((m) => m.event)).toEqual(['log.added', 'campaign.changed', 'log.added', 'campaign.changed'])
  })

  it('a failure part-way leaves nothing behind and sends no event', async () => {
    const c = await core.router.call('campaign.create', { name: 'Keep', system: 'osr' }, gm)
    if (!c.ok) throw new Error('create failed')
    const id = (c.value as { id: number }).id
    const before = await counts(core)
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))
    await expect(
      unitOfWork(core.deps, async (tx) => {
        await tx.trx.updateTable('campaign').set({ name: 'half-written' }).where('id', '=', id).execute()
        await appendLog(tx, { campaignId: id, kind: 'note', payload: { text: 'half' } })
        throw new Error('disk full')
      }),
    ).rejects.toThrow('disk full')
    expect(await counts(core)).toEqual(before)
    const again = await core.router.call('campaign.get', { id }, gm)
    expect(again.ok && (again.value as { name: string }).name).toBe('Keep')
    expect(heard).toEqual([])
  })
})
