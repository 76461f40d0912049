/**
 * A ledger entry's reason given after the change (the party column's one-click +1 and −1): the
 * words replace the entry's reason, search finds them, the log keeps the old words, and undo and
 * redo walk it like any other action.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insertCharacter } from '../support/records'

let lib: TempLibrary
let core: Core
let campaignId: number
let glam: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
  glam = await insertCharacter(core, campaignId, 'pc', 'Glam')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const xp = () => gm(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'xp', amount: 1, reason: 'no reason given' })
const reasons = async () => (await gm(core, 'ledger.list', { campaignId, characterId: glam, currency: 'xp' })).items.map((e) => [e.amount, e.reason])

describe('a reason given after a one-click change', () => {
  it('replaces the reason, keeps the amount and balance, is found by search and is told in the log with the old words', async () => {
    const entry = await xp()
    const given = await gm(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: '  found the secret door ' })
    expect(given).toMatchObject({ id: entry.id, amount: 1, balanceAfter: 1, reason: 'found the secret door', gameTime: entry.gameTime })
    expect(await reasons()).toEqual([[1, 'found the secret door']])
    const hits = await gm(core, 'search.query', { campaignId, text: 'secret door', kinds: ['ledger_entry'] })
    expect(hits.map((h) => h.id)).toEqual([entry.id])
    const log = await gm(core, 'log.list', { campaignId, limit: 5 })
    expect(log.find((l) => l.kind === 'ledger.reasoned')).toMatchObject({ payload: { id: entry.id, name: 'Glam', from: 'no reason given', to: 'found the secret door' } })
  })

  it('is undone and redone like any action: the old words come back, then the new ones', async () => {
    const entry = await xp()
    await gm(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: 'found the secret door' })
    const undone = await gm(core, 'play.undo', { campaignId })
    expect(undone.undone).toBe('Glam’s +1 XP: found the secret door (the reason was “no reason given”)')
    expect(await reasons()).toEqual([[1, 'no reason given']])
    expect(await gm(core, 'search.query', { campaignId, text: 'secret door', kinds: ['ledger_entry'] })).toEqual([])
    await gm(core, 'play.redo', { campaignId })
    expect(await reasons()).toEqual([[1, 'found the secret door']])
  })

  it('follows the entry when the change itself is undone and redone before it', async () => {
    const entry = await xp()
    await gm(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: 'found the secret door' })
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.undo', { campaignId })
    expect(await reasons()).toEqual([])
    await gm(core, 'play.redo', { campaignId })
    await gm(core, 'play.redo', { campaignId })
    expect(await reasons()).toEqual([[1, 'found the secret door']])
  })

  it('is told in the session’s recap as the change’s own reason, for the GM and the players', async () => {
    const session = await gm(core, 'play.start', { campaignId, title: 'The gate', attendance: [glam] })
    const entry = await xp()
    await gm(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: 'found the secret door' })
    for (const variant of ['gm', 'players'] as const) {
      const { markdown } = await gm(core, 'recap.session', { sessionId: session.id, variant })
      expect(markdown, variant).toContain('Glam gained 1 XP: found the secret door (now 1).')
      expect(markdown, variant).not.toContain('no reason given')
    }
  })

  it('says a spend it cannot cover without a reason when none was given yet', async () => {
    const spend = (currency: 'gold' | 'xp') => refused(core, 'ledger.spend', { campaignId, characterId: glam, currency, amount: 1, reason: 'no reason given' })
    expect((await spend('gold')).message).toBe('Glam has 0 GP, and this needs 1. Nothing was spent.')
  })

  it('refuses, in words, an empty reason, the same words again and a change that was undone', async () => {
    const entry = await xp()
    expect((await refused(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: '   ' })).message).toMatch(/say why, for the ledger/)
    expect((await refused(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: 'no reason given' })).message).toBe(
      'The reason is already “no reason given”. Nothing was changed.',
    )
    await gm(core, 'play.undo', { campaignId })
    expect((await refused(core, 'ledger.giveReason', { ledgerEntryId: entry.id, reason: 'too late' })).message).toBe(
      'That change was undone, so it has no reason to give. Nothing was changed.',
    )
  })
})
