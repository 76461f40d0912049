/**
 * Two Lanterns on one PostgreSQL library, pressing at once: each advances the same campaign's
 * clock and spends from the same balance 500 times, all calls in flight together. Every change is
 * one transaction taken one after another (context.ts), so no step is lost and no spend passes
 * the balance; every undo, from either Lantern, puts back exactly the newest change standing; and
 * each Lantern hears the other's changes (LISTEN/NOTIFY).
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { gm } from '../support/calls'
import { insert, value } from '../support/sql'

const PRESSES = 500
const TURN = 300
const BALANCE = 700

const server = inject('postgres')

describe.skipIf(!server)('two Lanterns on one PostgreSQL library', () => {
  let a: Core
  let b: Core
  let campaignId: number
  let tai: number

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: server!.url })
    await admin.connect()
    await admin.query(`create database lantern_two_gms template ${server!.template}`)
    await admin.end()
    const url = server!.url.replace(/\/[^/]*$/, '/lantern_two_gms')
    a = await createCore({ dataFile: '/nonexistent/a.sqlite', databaseUrl: url, gmName: 'Ann', mode: 'browser', version: 'test' })
    b = await createCore({ dataFile: '/nonexistent/b.sqlite', databaseUrl: url, gmName: 'Bo', mode: 'browser', version: 'test' })
    campaignId = (await gm(a, 'campaign.create', { name: 'The Westmarch', system: 'ladder', seed: 'two-gms' })).id
    tai = await insert(a, 'character', { campaign_id: campaignId, kind: 'pc', name: 'Tai', created_at: 't', updated_at: 't' })
    await gm(a, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: BALANCE, reason: 'a season of play' })
  }, 60_000)

  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  const clockTime = async (core: Core) => (JSON.parse((await value<string>(core, 'select state from clock where campaign_id = ?', campaignId)) ?? '{"time":0}') as { time: number }).time
  const balance = async (core: Core) => Number(await value(core, "select coalesce(sum(amount), 0) from ledger_entry where character_id = ? and currency = 'pp'", tai))
  const standing = async (core: Core, method: string) =>
    Number(await value(core, "select count(*) from action where campaign_id = ? and method = ? and status <> 'undone'", campaignId, method))

  it('loses no step, spends nothing past the balance, and each hears the other', async () => {
    const heard = { a: 0, b: 0 }
    a.events.on((m) => void (m.event === 'clock.moved' && heard.a++))
    b.events.on((m) => void (m.event === 'clock.moved' && heard.b++))
    const press = (core: Core) =>
      Array.from({ length: PRESSES }, async () => {
        const step = core.router.call('clock.advance', { campaignId, span: { turns: 1 } }, { scope: 'gm' })
        const spend = core.router.call('ledger.spend', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'a prop' }, { scope: 'gm' })
        return Promise.all([step, spend])
      })
    const results = (await Promise.all([...press(a), ...press(b)])).flat()

    const steps = results.filter((_, i) => i % 2 === 0)
    const spends = results.filter((_, i) => i % 2 === 1)
    expect(steps.filter((r) => !r.ok)).toEqual([])
    expect(await clockTime(a)).toBe(2 * PRESSES * TURN)
    expect(await clockTime(b)).toBe(2 * PRESSES * TURN)
    // 1,000 spends of 1 against 700: exactly 700 taken, the rest refused with the balance.
    expect(spends.filter((r) => r.ok)).toHaveLength(BALANCE)
    const refusals = spends.filter((r) => !r.ok)
    expect(refusals).toHaveLength(2 * PRESSES - BALANCE)
    for (const r of refusals) expect(r.ok ? '' : r.error.message).toMatch(/^Tai has 0 Plot Points/)
    expect(await balance(b)).toBe(0)

    // The history says who did what: each GM's 500 steps are theirs.
    for (const gmName of ['Ann', 'Bo']) {
      expect(await value(a, "select count(*) from action where campaign_id = ? and method = 'clock.advance' and made_by = ?", campaignId, gmName)).toBe(PRESSES)
    }
    const shown = (await gm(b, 'play.history', { campaignId, limit: 50 })).items
    expect(new Set(shown.map((i) => i.by))).toEqual(new Set(['Ann', 'Bo']))

    // Each Lantern hears its own 500 steps and the other's 500.
    for (let i = 0; i < 100 && (heard.a < 2 * PRESSES || heard.b < 2 * PRESSES); i++) await new Promise((r) => setTimeout(r, 50))
    expect(heard).toEqual({ a: 2 * PRESSES, b: 2 * PRESSES })
    // A minute alone; a machine loaded past its cores takes several.
  }, 600_000)

  it('undoes, from either Lantern in turn, exactly the newest change standing, back to the start', async () => {
    let steps = await standing(a, 'clock.advance')
    let spent = await standing(a, 'ledger.spend')
    expect([steps, spent]).toEqual([2 * PRESSES, BALANCE])
    for (let n = 0; steps + spent > 0; n++) {
      const core = n % 2 === 0 ? a : b
      const undone = await gm(core, 'play.undo', { campaignId })
      const method = await value<string>(core, 'select method from action where id = ?', undone.actionId)
      if (method === 'clock.advance') steps--
      else if (method === 'ledger.spend') spent--
      else throw new Error(`undid ${method}`)
      expect(await clockTime(core)).toBe(steps * TURN)
      expect(await balance(n % 2 === 0 ? b : a)).toBe(BALANCE - spent)
    }
    expect(await clockTime(b)).toBe(0)
    expect(await balance(a)).toBe(BALANCE)
  }, 600_000)
})
