/**
 * Each ledger's balances are kept beside its entries (migration 0020) and are always the sum of
 * them (LAD-21: every change is a ledger entry; the balance is what the entries add up to): after
 * a random run of earns, spends, corrections, undos and redos, after a character's and a campaign's
 * deletion, and in a campaign imported from a file. A real library, on SQLite or PostgreSQL.
 */
import { describe, expect, it } from 'vitest'
import { libraryEach } from '../support/temp-library'
import { gm } from '../support/calls'
import { seededRandom as random } from '../../scripts/soak.mjs'
import { all } from '../support/sql'
import { exportCampaign, importCampaign } from '../../src/main/services/transfer'

const t = libraryEach()

interface Sum { campaign: number; holder: number; currency: string; balance: number }
const key = (s: Sum) => `${s.campaign}/${s.holder}/${s.currency}`
const sorted = (xs: Sum[]) => xs.map((s) => ({ ...s, balance: Number(s.balance) })).sort((a, b) => key(a).localeCompare(key(b)))

/** The kept sums, and the sums of the entries themselves (0 left out: a sum of 0 has no row). */
async function sums(): Promise<{ kept: Sum[]; summed: Sum[] }> {
  const kept = await all<Sum>(t.core, 'select campaign_id as campaign, holder, currency, balance from ledger_sum')
  const summed = await all<Sum>(
    t.core,
    `select campaign_id as campaign, coalesce(character_id, 0) as holder, currency, sum(amount) as balance from ledger_entry
     group by campaign_id, coalesce(character_id, 0), currency having sum(amount) <> 0`,
  )
  return { kept: sorted(kept), summed: sorted(summed) }
}

describe('the ledger’s kept balances (LAD-21)', () => {
  it('equal the sum of the entries after random earns, spends, corrections, undos and redos', async () => {
    const { id: campaignId } = await gm(t.core, 'campaign.create', { name: 'Clockwork City', system: 'ranks' })
    const people = [] as number[]
    for (const name of ['Tai', 'Orb', 'Vey']) people.push((await gm(t.core, 'character.create', { campaignId, kind: 'npc', name, draft: true })).id)
    const rnd = random(29)
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!
    const entries: number[] = []
    const done = { undo: 0, redo: 0, correct: 0 }
    for (let i = 0; i < 120; i++) {
      const roll = rnd()
      const holder = rnd() < 0.25 ? { currency: 'threat' as const } : { characterId: pick(people), currency: 'xp' as const }
      const amount = 1 + Math.floor(rnd() * 5)
      if (roll < 0.45) {
        entries.push((await gm(t.core, 'ledger.earn', { campaignId, ...holder, amount, reason: `earn ${i}` })).id)
      } else if (roll < 0.65) {
        const balances = await gm(t.core, 'ledger.balances', { campaignId, ...('characterId' in holder ? { characterId: holder.characterId } : {}) })
        const have = balances.find((b) => b.currency === holder.currency)?.balance ?? 0
        if (have > 0) entries.push((await gm(t.core, 'ledger.spend', { campaignId, ...holder, amount: Math.min(amount, have), reason: `spend ${i}` })).id)
      } else if (roll < 0.75 && entries.length > 0) {
        const r = await t.core.router.call('ledger.correct', { id: pick(entries) }, { scope: 'gm' })
        if (r.ok) (entries.push((r.value as { id: number }).id), done.correct++)
      } else if (roll < 0.9) {
        if ((await t.core.router.call('play.undo', { campaignId }, { scope: 'gm' })).ok) done.undo++
      } else {
        if ((await t.core.router.call('play.redo', { campaignId }, { scope: 'gm' })).ok) done.redo++
      }
      if (i % 10 === 9) {
        const { kept, summed } = await sums()
        expect(kept, `after step ${i}`).toEqual(summed)
      }
    }
    const { kept, summed } = await sums()
    expect(kept).toEqual(summed)
    expect(kept.length).toBeGreaterThan(1)
    // The run took entries back and made them again, not only added them.
    expect(Math.min(done.undo, done.redo, done.correct)).toBeGreaterThan(2)
    // What the GM sees is the same sum.
    for (const pc of people) {
      const shown = await gm(t.core, 'ledger.balances', { campaignId, characterId: pc })
      const xp = summed.find((s) => s.holder === pc && s.currency === 'xp')?.balance ?? 0
      expect(shown.find((b) => b.currency === 'xp')?.balance).toBe(xp)
    }
  })

  it('follow a character’s and a campaign’s deletion, and an imported campaign', async () => {
    const { id: campaignId } = await gm(t.core, 'campaign.create', { name: 'Keep', system: 'ladder' })
    const tai = (await gm(t.core, 'character.create', { campaignId, kind: 'npc', name: 'Tai', draft: true })).id
    const orb = (await gm(t.core, 'character.create', { campaignId, kind: 'npc', name: 'Orb', draft: true })).id
    await gm(t.core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 3, reason: 'three episodes' })
    await gm(t.core, 'ledger.spend', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'a torch' })
    await gm(t.core, 'ledger.earn', { campaignId, characterId: orb, currency: 'pp', amount: 2, reason: 'a joke' })
    const before = (await sums()).kept
    expect(new Map(before.map((s) => [s.holder, s.balance]))).toEqual(new Map([[tai, 2], [orb, 2]]))

    // Imported into the same library: the copy's balances kept too, the original's untouched.
    const file = await exportCampaign(t.core.handle, campaignId, new Date())
    const copy = await importCampaign(t.core.handle, file.data, new Date())
    const { kept, summed } = await sums()
    expect(kept).toEqual(summed)
    expect(kept.filter((s) => s.campaign === copy.campaignId).map((s) => s.balance)).toEqual([2, 2])

    await gm(t.core, 'character.delete', { id: orb })
    expect((await sums()).kept.filter((s) => s.campaign === campaignId).map((s) => [s.holder, s.balance])).toEqual([[tai, 2]])
    await gm(t.core, 'campaign.delete', { id: campaignId, confirmName: 'Keep' })
    const after = await sums()
    expect(after.kept).toEqual(after.summed)
    expect(after.kept.every((s) => s.campaign === copy.campaignId)).toBe(true)
  })
})
