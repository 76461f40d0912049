/**
 * The ledger's reads on a real SQLite file (issue 7): opening a character with 500 ledger entries
 * (balances + the newest page of the timeline with running balances), and the balance of one
 * currency over 10,000 and 100,000 entries, read from the sums kept beside the entries (migration
 * 0020), beside a bare sum of the entries (what it cost before), and ledger.earn, whose balance
 * check reads the same, and a Ladder roll by the character (its Plot Points read for the spends it
 * offers), beside a bare fsync'd insert. The timeline's running balances are a window
 * over the `ledger_balance` index. Baselines are bare better-sqlite3 queries.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCore } from '../src/main/app'
import { BenchGroup, settle } from './harness'
import { balanceOf } from '../src/main/services/ledger/ledger'
import { ledgerHolder } from '../src/main/services/ledger/holder'

export default async function (): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'lantern-bench-'))
  const core = await createCore({ dataFile: join(dir, 'bench.sqlite'), mode: 'browser', version: 'bench', checkOutputs: false })
  const gm = { scope: 'gm' as const }
  const sqlite = core.handle.sqlite
  const call = async (method: string, input: unknown) => {
    const r = await core.router.call(method, input, gm)
    if (!r.ok) throw new Error(r.error.message)
    return r.value
  }
  try {
    const { id: campaignId } = (await call('campaign.create', { name: 'Bench', system: 'ladder' })) as { id: number }
    const addCharacter = sqlite.prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, 'pc', ?, 't', 't')")
    const tai = Number(addCharacter.run(campaignId, 'Tai').lastInsertRowid)
    const orb = Number(addCharacter.run(campaignId, 'Orb').lastInsertRowid)
    const fill = sqlite.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (?, ?, ?, ?, ?, 't')")
    sqlite.transaction(() => {
      for (let i = 0; i < 500; i++) fill.run(campaignId, tai, i % 5 === 0 ? 'background' : 'pp', i % 4 === 3 ? -1 : 1, `entry ${i}`)
      for (let i = 0; i < 10_000; i++) fill.run(campaignId, orb, 'pp', i % 4 === 3 ? -1 : 1, `entry ${i}`)
    })()
    console.log('Library: a character with 500 ledger entries, another with 10,000 Plot Point entries.')

    const g1 = new BenchGroup('opening a character with 500 ledger entries (balances + newest 50 with running balances)')
    const rawBalances = sqlite.prepare('select currency, sum(amount) from ledger_entry where campaign_id = ? and character_id = ? group by currency')
    const rawPage = sqlite.prepare("select * from ledger_entry where campaign_id = ? and character_id = ? and currency = 'pp' order by id desc limit 50")
    await g1.add('bare better-sqlite3: sums + page (no running balance)', () => {
      rawBalances.all(campaignId, tai)
      rawPage.all(campaignId, tai)
    }, { baseline: true, minMs: 600 })
    await g1.add('router: ledger.balances + ledger.list', async () => {
      await call('ledger.balances', { campaignId, characterId: tai })
      await call('ledger.list', { campaignId, characterId: tai, currency: 'pp', limit: 50 })
    }, { minMs: 600 })
    g1.print()

    // The same at 10,000 and at 100,000 entries: a change's balance check reads the kept sum (migration 0020).
    const floorInsert = sqlite.prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (?, ?, 'background', 1, 'floor', 't')")
    const rawSum = sqlite.prepare("select sum(amount) from ledger_entry where campaign_id = ? and character_id = ? and currency = 'pp'")
    const holder = await ledgerHolder(core.deps.db, campaignId, orb)
    for (const size of [10_000, 100_000]) {
      const have = Number(sqlite.prepare('select count(*) from ledger_entry where character_id = ?').pluck().get(orb))
      sqlite.transaction(() => {
        for (let i = have; i < size; i++) fill.run(campaignId, orb, 'pp', i % 4 === 3 ? -1 : 1, `entry ${i}`)
      })()
      const g2 = new BenchGroup(`balance of one currency over ${size.toLocaleString('en')} entries`)
      await g2.add('bare better-sqlite3 sum of the entries (what the balance check did)', () => rawSum.get(campaignId, orb), { baseline: true, minMs: 600 })
      await g2.add('the balance check: balanceOf (the kept sum)', () => balanceOf(core.deps.db, holder, 'pp'), { minMs: 600 })
      await g2.add('router: ledger.balances', () => call('ledger.balances', { campaignId, characterId: orb }), { minMs: 600 })
      await g2.add('floor: a bare fsync\'d insert of an entry', () => floorInsert.run(campaignId, orb), { minMs: 600, fsyncCalls: 30 })
      await g2.add('router: ledger.earn (balance check, entry, log, event, search index)', async () => {
        await call('ledger.earn', { campaignId, characterId: orb, currency: 'pp', amount: 1, reason: 'bench' })
        await settle(core)
      }, { minMs: 600, fsyncCalls: 30 })
      // A roll reads the roller's Plot Points for the spends it offers (LAD-22), the kept sum too.
      await g2.add('router: ladder.roll by the same character (its Plot Points read for the spends offered)', async () => {
        await call('ladder.roll', { campaignId, characterId: orb, name: 'Orb', what: 'Climbing', asset: 'good', difficulty: 'good', extended: false, wonky: null, vulnerability: false, gmOnly: false })
        await settle(core)
      }, { minMs: 600, fsyncCalls: 30 })
      g2.print()
    }
  } finally {
    await core.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
