import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { failLogWrites, insertCharacter, rowCounts } from '../support/records'
import { insert, run, value } from '../support/sql'

const TABLES = ['ledger_entry', 'log_entry'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
let orb: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })).id
  tai = await insertCharacter(core, campaignId, 'pc', 'Tai')
  orb = await insertCharacter(core, campaignId, 'pc', 'Orb')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const pp = (characterId: number, amount: number, reason: string) => ({ campaignId, characterId, currency: 'pp' as const, amount, reason })

describe('the ledger (LAD-21, LAD-22)', () => {
  it('earns and spends Plot Points, each one entry with its own log entry, and derives the balance', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => m.event === 'record.changed' && heard.push(m))
    const first = await gm(core, 'ledger.earn', pp(tai, 2, '2 episodes at creation'))
    await gm(core, 'ledger.earn', pp(tai, 1, 'made the table laugh'))
    const torch = await gm(core, 'ledger.spend', pp(tai, 1, 'prop: I remembered a torch'))
    await gm(core, 'ledger.earn', pp(orb, 1, 'clever thinking'))

    expect(first).toMatchObject({ characterId: tai, currency: 'pp', amount: 2, balanceAfter: 2, correctsId: null, gameTime: 0 })
    expect(torch).toMatchObject({ amount: -1, reason: 'prop: I remembered a torch', balanceAfter: 2 })
    expect(await gm(core, 'ledger.balances', { campaignId, characterId: tai })).toEqual([
      { currency: 'pp', balance: 2 },
      { currency: 'background', balance: 0 },
    ])
    expect(await gm(core, 'ledger.balances', { campaignId, characterId: orb })).toEqual([
      { currency: 'pp', balance: 1 },
      { currency: 'background', balance: 0 },
    ])
    expect(await logKinds(core, campaignId)).toEqual(['campaign.created', 'ledger.earned', 'ledger.earned', 'ledger.spent', 'ledger.earned'])

    // Each entry points at the log entry its change wrote, which tells the same story.
    const log = (await gm(core, 'log.list', { campaignId, limit: 10 })).find((l) => l.id === torch.logEntryId)
    expect(log).toMatchObject({ kind: 'ledger.spent', payload: { id: torch.id, name: 'Tai', currency: 'pp', amount: -1, balance: 2 } })
    expect(heard.map((m) => m.payload)).toContainEqual({ campaignId, kind: 'ledger', id: torch.id, change: 'created', characterId: tai })
    expect(heard).toHaveLength(4)
  })

  it('refuses a spend the balance cannot cover, saying the balance, and writes nothing', async () => {
    await gm(core, 'ledger.earn', pp(tai, 1, 'an episode at creation'))
    const before = await rowCounts(core, TABLES)
    const error = await refused(core, 'ledger.spend', pp(tai, 2, 'bought Superb with no roll'))
    expect(error.code).toBe('refused')
    expect(error.message).toBe('Tai has 1 Plot Point, and this needs 2 (bought Superb with no roll). Nothing was spent.')
    expect(error.details).toEqual([{ field: 'amount', problem: 'Tai has 1 Plot Point, and this needs 2 (bought Superb with no roll).' }])
    expect(await rowCounts(core, TABLES)).toEqual(before)
    // The Background Pool is a balance of its own (LAD-30).
    expect((await refused(core, 'ledger.spend', { ...pp(tai, 1, 'raise an asset'), currency: 'background' })).message).toBe(
      'Tai has 0 Plot Points in the Background Pool, and this needs 1 (raise an asset). Nothing was spent.',
    )
  })

  it('keeps balances exact over many entries, and pages the history newest first with the running balance', async () => {
    let expected = 0
    for (let i = 1; i <= 60; i++) {
      const earnIt = i % 3 !== 0 || expected === 0
      const amount = (i % 4) + 1
      if (!earnIt && amount > expected) continue
      await gm(core, earnIt ? 'ledger.earn' : 'ledger.spend', pp(tai, amount, `entry ${i}`))
      expected += earnIt ? amount : -amount
    }
    const [balance] = await gm(core, 'ledger.balances', { campaignId, characterId: tai })
    expect(balance).toEqual({ currency: 'pp', balance: expected })

    const first = await gm(core, 'ledger.list', { campaignId, characterId: tai, currency: 'pp', limit: 25 })
    const rest = await gm(core, 'ledger.list', { campaignId, characterId: tai, currency: 'pp', limit: 500, beforeId: first.items.at(-1)!.id })
    const all = [...first.items, ...rest.items]
    expect(first.total).toBe(all.length)
    expect(all[0]!.balanceAfter).toBe(expected)
    // Newest first; each running balance is the next older one plus this entry's amount.
    for (let i = 0; i < all.length - 1; i++) {
      expect(all[i]!.id).toBeGreaterThan(all[i + 1]!.id)
      expect(all[i]!.balanceAfter).toBe(all[i + 1]!.balanceAfter + all[i]!.amount)
    }
    expect(all.at(-1)!.balanceAfter).toBe(all.at(-1)!.amount)
  })

  it('sums 10,000 entries into the same balance the database adds up itself', async () => {
    let sum = 0
    // A thousand rows a statement: the same entries, without ten thousand round trips.
    for (let start = 0; start < 10_000; start += 1000) {
      const params: number[] = []
      for (let i = start; i < start + 1000; i++) {
        const amount = i % 7 === 6 ? -3 : 1
        params.push(campaignId, tai, amount)
        sum += amount
      }
      const rows = Array.from({ length: 1000 }, () => "(?, ?, 'pp', ?, 'bulk', 't')").join(', ')
      await run(core, `insert into ledger_entry (campaign_id, character_id, currency, amount, reason, created_at) values ${rows}`, ...params)
    }
    const [balance] = await gm(core, 'ledger.balances', { campaignId, characterId: tai })
    expect(balance).toEqual({ currency: 'pp', balance: sum })
    expect(await value(core, "select sum(amount) from ledger_entry where character_id = ? and currency = 'pp'", tai)).toBe(sum)
    const page = await gm(core, 'ledger.list', { campaignId, characterId: tai, limit: 50 })
    expect(page.total).toBe(10_000)
    expect(page.items[0]!.balanceAfter).toBe(sum)
  })

  it('corrects a mistake with a new, opposite entry that names it, once, and never edits history', async () => {
    await gm(core, 'ledger.earn', pp(tai, 1, 'an episode at creation'))
    const twice = await gm(core, 'ledger.earn', pp(tai, 2, 'bravery'))
    const fix = await gm(core, 'ledger.correct', { id: twice.id, note: 'awarded twice' })
    expect(fix).toMatchObject({ amount: -2, correctsId: twice.id, balanceAfter: 1, reason: 'Correction of “bravery” (+2) — awarded twice' })

    const { items } = await gm(core, 'ledger.list', { campaignId, characterId: tai, limit: 10 })
    expect(items.map((e) => [e.amount, e.reason, e.correctedById])).toEqual([
      [-2, 'Correction of “bravery” (+2) — awarded twice', null],
      [2, 'bravery', fix.id],
      [1, 'an episode at creation', null],
    ])
    expect((await logKinds(core, campaignId)).at(-1)).toBe('ledger.corrected')

    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'ledger.correct', { id: twice.id })).code).toBe('conflict')
    expect((await refused(core, 'ledger.correct', { id: fix.id })).details).toEqual([{ field: 'id', problem: 'is a correction' }])
    expect((await refused(core, 'ledger.correct', { id: 999 })).code).toBe('not_found')
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('refuses a correction that would take the balance below 0, with the balance', async () => {
    const award = await gm(core, 'ledger.earn', pp(tai, 2, 'clever thinking'))
    await gm(core, 'ledger.spend', pp(tai, 2, 'bought Superb with no roll'))
    const before = await rowCounts(core, TABLES)
    const error = await refused(core, 'ledger.correct', { id: award.id })
    expect(error.message).toBe('Tai has 0 Plot Points, and this needs 2 (Correction of “clever thinking” (+2)). Nothing was changed.')
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('offers only the currencies of the campaign’s system, and names the field it refuses', async () => {
    const before = await rowCounts(core, TABLES)
    const destiny = await refused(core, 'ledger.earn', { ...pp(tai, 1, 'fate'), currency: 'destiny' })
    expect(destiny.details).toEqual([{ field: 'currency', problem: 'The Ladder keeps Plot Points and Background Pool, not Destiny' }])
    expect((await refused(core, 'ledger.earn', pp(tai, 0, 'nothing'))).details).toEqual([{ field: 'amount', problem: 'must be 1 or more' }])
    expect((await refused(core, 'ledger.earn', pp(tai, 1, '   '))).details).toEqual([{ field: 'reason', problem: 'say why, for the ledger' }])
    expect((await refused(core, 'ledger.earn', { ...pp(tai, 1, 'x'), currency: 'karma' })).details[0]?.field).toBe('currency')
    expect((await refused(core, 'ledger.earn', { campaignId, currency: 'pp', amount: 1, reason: 'x' })).details).toEqual([
      { field: 'characterId', problem: 'Plot Points belong to a character; say whose' },
    ])
    const elsewhere = (await gm(core, 'campaign.create', { name: 'Other', system: 'ladder' })).id
    const stranger = await insertCharacter(core, elsewhere, 'pc', 'Stranger')
    expect((await refused(core, 'ledger.earn', pp(stranger, 1, 'x'))).details).toEqual([
      { field: 'characterId', problem: 'no character of this campaign has this id' },
    ])
    expect(await rowCounts(core, TABLES)).toEqual({ ...before, log_entry: before.log_entry! + 1 }) // only the other campaign's creation
  })

  it('stamps an entry with its session and game time, and refuses a session of another campaign', async () => {
    const session = await insert(core, 'session', { campaign_id: campaignId, number: 3, created_at: 't', updated_at: 't' })
    const entry = await gm(core, 'ledger.earn', { ...pp(tai, 1, 'adventure survived'), sessionId: Number(session), gameTime: 2 * 86400 + 3600 })
    expect(entry).toMatchObject({ sessionId: Number(session), sessionNumber: 3, gameTime: 2 * 86400 + 3600 })
    const [log] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(log).toMatchObject({ sessionId: Number(session), gameTime: 2 * 86400 + 3600 })
    expect((await refused(core, 'ledger.earn', { ...pp(tai, 1, 'x'), sessionId: 999 })).details[0]?.field).toBe('sessionId')
    expect((await refused(core, 'ledger.earn', { ...pp(tai, 1, 'x'), gameTime: -5 })).details[0]?.field).toBe('gameTime')
  })

  it('leaves nothing behind when the log write fails part-way, and announces nothing', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => heard.push(m))
    const before = await rowCounts(core, TABLES)
    const restore = await failLogWrites(core, 'ledger.earned')
    expect((await refused(core, 'ledger.earn', pp(tai, 1, 'x'))).code).toBe('internal')
    await restore()
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect(heard).toEqual([])
  })
})

describe('Threat and the other systems’ currencies', () => {
  it('keeps Threat for the whole campaign (RK-7) and XP per character (RK-6)', async () => {
    const ranks = (await gm(core, 'campaign.create', { name: 'Dark Harbour', system: 'ranks' })).id
    const georgia = await insertCharacter(core, ranks, 'pc', 'Georgia')
    const alexis = await insertCharacter(core, ranks, 'pc', 'Alexis')
    await gm(core, 'ledger.earn', { campaignId: ranks, currency: 'threat', amount: 6, reason: 'session 1: 2 PCs × 3' })
    await gm(core, 'ledger.spend', { campaignId: ranks, currency: 'threat', amount: 1, reason: 'Danger: the cultist’s minions' })
    await gm(core, 'ledger.earn', { campaignId: ranks, characterId: georgia, currency: 'xp', amount: 1, reason: 'accepted a Terrible result' })

    expect(await gm(core, 'ledger.balances', { campaignId: ranks })).toEqual([{ currency: 'threat', balance: 5 }])
    expect(await gm(core, 'ledger.balances', { campaignId: ranks, characterId: georgia })).toEqual([{ currency: 'xp', balance: 1 }])
    expect(await gm(core, 'ledger.balances', { campaignId: ranks, characterId: alexis })).toEqual([{ currency: 'xp', balance: 0 }])
    const campaignWide = await gm(core, 'ledger.list', { campaignId: ranks, limit: 10 })
    expect(campaignWide.items.map((e) => [e.characterId, e.amount])).toEqual([[null, -1], [null, 6]])

    expect((await refused(core, 'ledger.spend', { campaignId: ranks, currency: 'threat', amount: 9, reason: 'a dragon' })).message).toBe(
      'The GM has 5 Threat, and this needs 9 (a dragon). Nothing was spent.',
    )
    expect((await refused(core, 'ledger.earn', { campaignId: ranks, characterId: georgia, currency: 'threat', amount: 1, reason: 'x' })).details).toEqual([
      { field: 'characterId', problem: "Threat is the GM's, for the whole campaign (RK-7); leave the character out" },
    ])
  })

  it('keeps gold and XP for the old-school core, and Destiny and Energy for LODE', async () => {
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = await insertCharacter(core, osr, 'pc', 'Glam')
    await gm(core, 'ledger.earn', { campaignId: osr, characterId: glam, currency: 'gold', amount: 45, reason: 'starting gold: 3d6 × 5 (OSR-5)' })
    expect((await refused(core, 'ledger.spend', { campaignId: osr, characterId: glam, currency: 'gold', amount: 50, reason: 'chainmail' })).message).toBe(
      'Glam has 45 GP, and this needs 50 (chainmail). Nothing was spent.',
    )
    expect(await gm(core, 'ledger.balances', { campaignId: osr, characterId: glam })).toEqual([
      { currency: 'gold', balance: 45 },
      { currency: 'xp', balance: 0 },
    ])
    const lode = (await gm(core, 'campaign.create', { name: 'Web', system: 'lode' })).id
    const ivy = await insertCharacter(core, lode, 'pc', 'Ivy')
    expect((await refused(core, 'ledger.spend', { campaignId: lode, characterId: ivy, currency: 'destiny', amount: 1, reason: 'a re-roll' })).message).toBe(
      'Ivy has 0 Destiny points, and this needs 1 (a re-roll). Nothing was spent.',
    )
    expect((await gm(core, 'ledger.balances', { campaignId: lode, characterId: ivy })).map((b) => b.currency)).toEqual(['destiny', 'energy', 'xp'])
  })
})
