/**
 * Two Lanterns on one PostgreSQL library, each playing its own campaign at the same time: a
 * campaign's changes take its own lock and the library's shared (writer-lock.ts), so two tables
 * never wait on each other, while what spans the library still holds every table off. Each
 * Lantern presses clock steps, earns, spends and notes on its campaign, all in flight together;
 * each campaign's log, clock, ledger and history are then exactly what its own calls made, and
 * PostgreSQL's own lock table shows both campaigns' changes under way at the same moment.
 */
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { createCore, type Core } from '../../src/main/app'
import { takeWriterLock, type LockTarget } from '../../src/main/services/core'
import { gm } from '../support/calls'
import { insert, value } from '../support/sql'

const ROUNDS = 25
const TURN = 300
const START = 10

const server = inject('postgres')

/** Settles with 'done' or, if `p` takes longer than `ms`, with 'waiting'. */
const within = (p: Promise<unknown>, ms: number): Promise<'done' | 'waiting'> =>
  Promise.race([p.then(() => 'done' as const), new Promise<'waiting'>((r) => setTimeout(() => r('waiting'), ms))])

describe.skipIf(!server)('two Lanterns on one PostgreSQL library, each on its own campaign', () => {
  let a: Core
  let b: Core
  const table = { a: { campaignId: 0, pc: 0 }, b: { campaignId: 0, pc: 0 } }

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: server!.url })
    await admin.connect()
    await admin.query(`create database lantern_two_tables template ${server!.template}`)
    await admin.end()
    const url = server!.url.replace(/\/[^/]*$/, '/lantern_two_tables')
    a = await createCore({ dataFile: '/nonexistent/a.sqlite', databaseUrl: url, gmName: 'Ann', mode: 'browser', version: 'test' })
    b = await createCore({ dataFile: '/nonexistent/b.sqlite', databaseUrl: url, gmName: 'Bo', mode: 'browser', version: 'test' })
    for (const [key, core, name] of [['a', a, 'The Westmarch'], ['b', b, 'The Barrowdeep']] as const) {
      const campaignId = (await gm(core, 'campaign.create', { name, system: 'ladder', seed: name })).id
      const pc = await insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name: `Hero of ${name}`, created_at: 't', updated_at: 't' })
      await gm(core, 'ledger.earn', { campaignId, characterId: pc, currency: 'pp', amount: START, reason: 'the start' })
      table[key] = { campaignId, pc }
    }
  }, 60_000)

  afterAll(async () => {
    await a?.close()
    await b?.close()
  })

  /** Holds `target`'s lock in a transaction of `core`'s pool until `release` is called. */
  async function holding(core: Core, target: LockTarget): Promise<() => Promise<void>> {
    const trx = await core.deps.db.startTransaction().execute()
    await takeWriterLock(trx, target)
    return () => trx.rollback().execute()
  }

  const clockTime = async (core: Core, campaignId: number) =>
    (JSON.parse((await value<string>(core, 'select state from clock where campaign_id = ?', campaignId)) ?? '{"time":0}') as { time: number }).time
  const balance = async (core: Core, key: 'a' | 'b') =>
    Number(await value(core, "select sum(amount) from ledger_entry where campaign_id = ? and character_id = ? and currency = 'pp'", table[key].campaignId, table[key].pc))

  const step = (core: Core, campaignId: number) => core.router.call('clock.advance', { campaignId, span: { turns: 1 } }, { scope: 'gm' })

  it("goes on with one campaign while another's change is open, and waits for what spans the library", async () => {
    // A change of campaign A open (its lock held): B's step goes through, A's waits for it.
    const release = await holding(a, { campaignId: table.a.campaignId })
    const stepB = step(b, table.b.campaignId)
    const stepA = step(b, table.a.campaignId)
    expect(await within(stepB, 5_000)).toBe('done')
    expect(await within(stepA, 300)).toBe('waiting')
    await release()
    expect(await within(stepA, 5_000)).toBe('done')

    // The library's lock (an import, a campaign made or deleted) holds both off until it ends.
    const releaseLibrary = await holding(a, 'library')
    const held = [step(a, table.a.campaignId), step(b, table.b.campaignId)]
    expect(await within(Promise.race(held), 300)).toBe('waiting')
    await releaseLibrary()
    expect(await within(Promise.all(held), 5_000)).toBe('done')
    for (const r of await Promise.all([stepB, stepA, ...held])) expect(r.ok).toBe(true)

    // A change naming only a record (a ledger entry's id) locks that record's campaign.
    const entry = Number(await value(a, 'select max(id) from ledger_entry where campaign_id = ?', table.a.campaignId))
    const releaseA = await holding(a, { campaignId: table.a.campaignId })
    const reason = b.router.call('ledger.giveReason', { ledgerEntryId: entry, reason: 'the start, said better' }, { scope: 'gm' })
    expect(await within(step(b, table.b.campaignId), 5_000)).toBe('done')
    expect(await within(reason, 300)).toBe('waiting')
    await releaseA()
    expect((await reason).ok).toBe(true)
  }, 60_000)

  it("keeps each campaign's log, clock and ledger exactly what its own calls made, both at once", async () => {
    const before = {
      a: Number(await value(a, 'select count(*) from clock_step where campaign_id = ? and undone = 0', table.a.campaignId)),
      b: Number(await value(b, 'select count(*) from clock_step where campaign_id = ? and undone = 0', table.b.campaignId)),
    }
    // PostgreSQL's lock table, read while both press: the campaigns' locks held at the same moment.
    const watcher = new pg.Client({ connectionString: server!.url.replace(/\/[^/]*$/, '/lantern_two_tables') })
    await watcher.connect()
    let both = 0
    let pressing = true
    const watching = (async () => {
      while (pressing) {
        const { rows } = await watcher.query<{ n: number }>(
          `select count(distinct objid)::int as n from pg_locks where locktype = 'advisory' and granted and objsubid = 2 and classid = $1 and objid = any($2::oid[])`,
          [0x4c616e74, [table.a.campaignId, table.b.campaignId]],
        )
        if (rows[0]!.n === 2) both++
        await new Promise((r) => setTimeout(r, 2))
      }
    })()

    const press = (core: Core, key: 'a' | 'b') => {
      const { campaignId, pc } = table[key]
      return Array.from({ length: ROUNDS }, (_, i) =>
        Promise.all([
          core.router.call('clock.advance', { campaignId, span: { turns: 1 } }, { scope: 'gm' }),
          core.router.call('ledger.earn', { campaignId, characterId: pc, currency: 'pp', amount: 2, reason: `${key} earns ${i}` }, { scope: 'gm' }),
          core.router.call('ledger.spend', { campaignId, characterId: pc, currency: 'pp', amount: 1, reason: `${key} spends ${i}` }, { scope: 'gm' }),
          core.router.call('log.note', { campaignId, text: `${key} notes ${i}` }, { scope: 'gm' }),
        ]),
      )
    }
    const results = (await Promise.all([...press(a, 'a'), ...press(b, 'b')])).flat()
    pressing = false
    await watching
    await watcher.end()
    expect(results.filter((r) => !r.ok)).toEqual([])
    expect(both).toBeGreaterThan(0)

    for (const [key, core] of [['a', b], ['b', a]] as const) {
      const { campaignId, pc } = table[key]
      const other = key === 'a' ? 'b' : 'a'
      // The clock: the single steps of the first test (A two, B three) and this one's, all its own.
      expect(await clockTime(core, campaignId)).toBe((key === 'a' ? 2 : 3) * TURN + ROUNDS * TURN)
      expect(Number(await value(core, 'select count(*) from clock_step where campaign_id = ? and undone = 0', campaignId))).toBe(before[key] + ROUNDS)
      // The ledger: the start, then +2 and −1 each round.
      expect(await balance(core, key)).toBe(START + ROUNDS)
      const reasons = (await core.deps.db.selectFrom('ledger_entry').select('reason').where('campaign_id', '=', campaignId).execute()).map((r) => r.reason)
      expect(reasons.filter((r) => r.startsWith(`${key} `)).sort()).toEqual(
        Array.from({ length: ROUNDS }, (_, i) => [`${key} earns ${i}`, `${key} spends ${i}`]).flat().sort(),
      )
      expect(reasons.some((r) => r.startsWith(`${other} `))).toBe(false)
      // The log: its own notes, each once, and none of the other table's.
      const notes = (await core.deps.db.selectFrom('log_entry').select('payload').where('campaign_id', '=', campaignId).where('kind', '=', 'note').execute()).map(
        (r) => (JSON.parse(r.payload) as { text: string }).text,
      )
      expect(notes.sort()).toEqual(Array.from({ length: ROUNDS }, (_, i) => `${key} notes ${i}`).sort())
      // The history: every change one action of this campaign, by its own GM.
      const byGm = await core.deps.db
        .selectFrom('action')
        .select(['made_by', (eb) => eb.fn.countAll<number>().as('n')])
        .where('campaign_id', '=', campaignId)
        .where('method', 'in', ['ledger.earn', 'ledger.spend', 'log.note'])
        .groupBy('made_by')
        .execute()
      expect(byGm.map((r) => [r.made_by, Number(r.n)])).toEqual([[key === 'a' ? 'Ann' : 'Bo', 3 * ROUNDS + 1]])
    }
  }, 120_000)

  it('undoes one campaign back while the other presses on, each undo its own', async () => {
    const undos = 20
    const [timeA, balanceA, timeB, balanceB] = [await clockTime(a, table.a.campaignId), await balance(a, 'a'), await clockTime(b, table.b.campaignId), await balance(b, 'b')]
    const undoing = async () => {
      const undone: { campaign_id: number; method: string }[] = []
      for (let i = 0; i < undos; i++) {
        const { actionId } = await gm(a, 'play.undo', { campaignId: table.a.campaignId })
        undone.push(await a.deps.db.selectFrom('action').select(['campaign_id', 'method']).where('id', '=', actionId).executeTakeFirstOrThrow())
      }
      return undone
    }
    const pressing = Array.from({ length: undos }, (_, i) =>
      Promise.all([step(b, table.b.campaignId), b.router.call('log.note', { campaignId: table.b.campaignId, text: `b later ${i}` }, { scope: 'gm' })]),
    )
    const [undone, pressed] = await Promise.all([undoing(), Promise.all(pressing)])
    expect(pressed.flat().filter((r) => !r.ok)).toEqual([])
    expect(new Set(undone.map((u) => u.campaign_id))).toEqual(new Set([table.a.campaignId]))
    const count = (method: string) => undone.filter((u) => u.method === method).length
    // A lost exactly what its undos took back; B has exactly what it pressed.
    expect(await clockTime(a, table.a.campaignId)).toBe(timeA - count('clock.advance') * TURN)
    expect(await balance(a, 'a')).toBe(balanceA - 2 * count('ledger.earn') + count('ledger.spend'))
    expect(await clockTime(b, table.b.campaignId)).toBe(timeB + undos * TURN)
    expect(await balance(b, 'b')).toBe(balanceB)
    expect(Number(await value(a, "select count(*) from log_entry where campaign_id = ? and kind = 'note' and undone = 0 and payload like '%b later%'", table.b.campaignId))).toBe(undos)
  }, 60_000)
})
