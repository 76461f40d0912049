import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../src/main/db/connection'
import { migrateToLatest } from '../../src/main/db/migrate'
import { migrations } from '../../src/main/db/migrations'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

let lib: TempLibrary
afterEach(() => lib?.cleanup())

describe('migration 0005 (ledger corrections) on a library with a ledger', () => {
  it('keeps every entry and its balance, and lets an old entry be reversed once', async () => {
    lib = tempLibrary()
    // A library as issue 7's first migration left it: ledger entries, no corrections yet.
    const old = openDatabase(lib.file)
    await migrateToLatest(old, {
      getMigrations: async () => ({ '0001-initial': migrations['0001-initial']!, '0002-campaign-records': migrations['0002-campaign-records']! }),
    })
    old.sqlite.exec(`
      insert into campaign (name, system, dice_seed, created_at, updated_at) values ('Clockwork City', 'ladder', 's', 't', 't');
      insert into character (campaign_id, kind, name, created_at, updated_at) values (1, 'pc', 'Tai', 't', 't');
      insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (1, 1, 'pp', 3, 'three episodes', 't');
      insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (1, 1, 'pp', -1, 'a torch', 't');
    `)
    await old.close()

    const core = await lib.open()
    expect(core.migration.applied).toContain('0005-ledger-corrections')
    const { items } = await gm(core, 'ledger.list', { campaignId: 1, characterId: 1, limit: 10 })
    expect(items.map((e) => [e.reason, e.amount, e.balanceAfter, e.correctsId, e.correctedById])).toEqual([
      ['a torch', -1, 2, null, null],
      ['three episodes', 3, 3, null, null],
    ])
    const fix = await gm(core, 'ledger.correct', { id: items[0]!.id })
    expect(fix).toMatchObject({ amount: 1, balanceAfter: 3, correctsId: items[0]!.id })
    expect((await refused(core, 'ledger.correct', { id: items[0]!.id })).code).toBe('conflict')
    // The unique index is a second line of defence behind the service's check.
    expect(() =>
      core.handle.sqlite
        .prepare("insert into ledger_entry (campaign_id, character_id, currency, amount, reason, corrects_id, created_at) values (1, 1, 'pp', 1, 'x', ?, 't')")
        .run(items[0]!.id),
    ).toThrow(/UNIQUE/)
    await core.close()
  })
})

describe('migration 0020 (ledger sums) on a library with a ledger', () => {
  it('back-fills each balance from the entries, and keeps it from then on', async () => {
    lib = tempLibrary()
    const before = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < '0020'))
    const old = openDatabase(lib.file)
    await migrateToLatest(old, { getMigrations: async () => before })
    old.sqlite.exec(`
      insert into campaign (name, system, dice_seed, created_at, updated_at) values ('Keep', 'ranks', 's', 't', 't');
      insert into character (campaign_id, kind, name, created_at, updated_at) values (1, 'npc', 'Tai', 't', 't');
      insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (1, 1, 'xp', 5, 'a duel', 't');
      insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (1, 1, 'xp', -2, 'a lesson', 't');
      insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (1, null, 'threat', 1, 'a rumour', 't');
      insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values (1, null, 'threat', -1, 'spent', 't');
    `)
    await old.close()

    const core = await lib.open()
    expect(core.migration.applied).toContain('0020-ledger-sums')
    // Threat came to 0: no row for it.
    expect(core.handle.sqlite.prepare('select holder, currency, balance from ledger_sum').all()).toEqual([{ holder: 1, currency: 'xp', balance: 3 }])
    await gm(core, 'ledger.earn', { campaignId: 1, characterId: 1, currency: 'xp', amount: 4, reason: 'a feast' })
    expect(await gm(core, 'ledger.balances', { campaignId: 1, characterId: 1 })).toContainEqual({ currency: 'xp', balance: 7 })
    await core.close()
  })
})
