/**
 * The story is what stands: a play with actions undone (and made again) tells the same recap, GM's
 * and players', the same ledger history and balances, and the same search hits as the same play
 * without them (LAD-21: a ledger entry is never erased, so undo reverses it with one of its own,
 * which is undo's bookkeeping and no part of the story). Two real libraries, one played with undo
 * and redo, one played straight.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { insertCharacter } from '../support/records'

const libs: TempLibrary[] = []
const cores: Core[] = []
afterEach(async () => {
  for (const c of cores.splice(0)) await c.close()
  for (const l of libs.splice(0)) l.cleanup()
})

/** A Ladder campaign with Tai at an open session, in a library of its own. */
async function table(): Promise<{ core: Core; campaignId: number; tai: number; sessionId: number }> {
  const lib = tempLibrary()
  libs.push(lib)
  const core = await lib.open()
  cores.push(core)
  const campaignId = (await gm(core, 'campaign.create', { name: 'Westmarch', system: 'ladder', seed: 'undo-story' })).id
  const tai = await insertCharacter(core, campaignId, 'pc', 'Tai')
  const sessionId = (await gm(core, 'play.start', { campaignId, title: 'The bridge', attendance: [tai] })).id
  return { core, campaignId, tai, sessionId }
}

/** What the story of a table says: both recaps, Tai's ledger history and balances, and search. */
async function story(t: Awaited<ReturnType<typeof table>>) {
  const { core, campaignId, tai, sessionId } = t
  const ledger = (await gm(core, 'ledger.list', { campaignId, characterId: tai, limit: 50 })).items
  const hits = await gm(core, 'search.query', { campaignId, text: 'lucky dodge', limit: 50 })
  return {
    gm: (await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown,
    players: (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown,
    ledger: ledger.map((e) => ({ amount: e.amount, reason: e.reason, balanceAfter: e.balanceAfter, correctedById: e.correctedById })),
    balances: await gm(core, 'ledger.balances', { campaignId, characterId: tai }),
    hits: hits.map((h) => ({ kind: h.kind, snippet: h.snippet })),
  }
}

describe('the story after undo and redo (LAD-21)', () => {
  it('earn, spend, an injury, undo all three, redo all three: the same story as playing them once', async () => {
    const played = await table()
    const straight = await table()
    for (const t of [played, straight]) {
      await gm(t.core, 'ledger.earn', { campaignId: t.campaignId, characterId: t.tai, currency: 'pp', amount: 1, reason: 'bravery' })
      await gm(t.core, 'ledger.spend', { campaignId: t.campaignId, characterId: t.tai, currency: 'pp', amount: 1, reason: 'a lucky dodge' })
      await gm(t.core, 'injury.record', { characterId: t.tai, kind: 'ladder.damage', level: 'wounded', location: 'arm' })
    }
    for (let i = 0; i < 3; i++) await gm(played.core, 'play.undo', { campaignId: played.campaignId })
    for (let i = 0; i < 3; i++) await gm(played.core, 'play.redo', { campaignId: played.campaignId })

    const a = await story(played)
    const b = await story(straight)
    expect(a).toEqual(b)
    expect(a.gm).toContain('Plot Points, Tai: gained 1, spent 1')
    expect(a.players).not.toMatch(/Undone|Redone|deleted/)
    expect(a.ledger).toHaveLength(2)
    expect(a.hits.filter((h) => h.kind === 'ledger_entry')).toHaveLength(1)
  })

  it('earn and spend, then undo both and play something else: the story holds only what stands', async () => {
    const played = await table()
    const straight = await table()
    await gm(played.core, 'ledger.earn', { campaignId: played.campaignId, characterId: played.tai, currency: 'pp', amount: 2, reason: 'bravery' })
    await gm(played.core, 'ledger.spend', { campaignId: played.campaignId, characterId: played.tai, currency: 'pp', amount: 1, reason: 'a lucky dodge' })
    await gm(played.core, 'play.undo', { campaignId: played.campaignId })
    await gm(played.core, 'play.undo', { campaignId: played.campaignId })
    for (const t of [played, straight]) await gm(t.core, 'log.note', { campaignId: t.campaignId, text: 'The bridge holds.' })
    const a = await story(played)
    expect(a).toEqual(await story(straight))
    expect(a.gm).not.toContain('Plot Points')
    expect(a.ledger).toEqual([])
    expect(a.balances.find((b) => b.currency === 'pp')!.balance).toBe(0)
  })

  it('a reveal redone after its fight was redone follows the fight: the redo of a Ladder conflict gives it a new id', async () => {
    const t = await table()
    const fight = await gm(t.core, 'ladder.conflict.start', { campaignId: t.campaignId, kind: 'combat', combatants: [{ characterId: t.tai, name: 'Tai', asset: 'good' }, { name: 'Brute', asset: 'expert' }] })
    const key = `ladder:${fight.id}:Brute`
    await gm(t.core, 'players.reveal', { campaignId: t.campaignId, key, what: 'foe', shown: true })
    await gm(t.core, 'play.undo', { campaignId: t.campaignId })
    await gm(t.core, 'play.undo', { campaignId: t.campaignId })
    await gm(t.core, 'play.redo', { campaignId: t.campaignId })
    expect((await gm(t.core, 'play.redo', { campaignId: t.campaignId })).redone).toBe('Shown to the players: Brute')
    const foes = (await gm(t.core, 'players.controls', { campaignId: t.campaignId })).foes
    expect(foes).toEqual([expect.objectContaining({ name: 'Brute', revealed: true })])
    expect(foes[0]!.key).not.toBe(key)
  })
})

