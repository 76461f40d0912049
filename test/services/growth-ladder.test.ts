/**
 * The Ladder between sessions: starting Plot Points credited as a player character is created
 * (LAD-21's episodes, LAD-30's pool of 3) or offered when they never were, and an adventure
 * survived (+1 PP and a new episode, LAD-21). Tai's episodes are the seed's example. Real router,
 * real library; every growth an action that Ctrl+Z takes back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { everyTableCount } from '../support/records'
import { insert } from '../support/sql'
import { nightOwl, taiGivar } from './sheets/fixtures'

let lib: TempLibrary
let core: Core
let campaignId: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: 'growth-ladder' })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const pc = (name: string, sheet: Record<string, unknown> = taiGivar) => gm(core, 'character.create', { campaignId, kind: 'pc', name, playerName: 'Sara', status: 'active', notes: '', tags: [], sheet, draft: false })
/** A character written straight into the library, as one made before its start was credited. */
const older = (name: string, sheet: object = taiGivar, status = 'active') => insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, status, sheet: JSON.stringify(sheet), created_at: 't', updated_at: 't' })
const balance = async (characterId: number, currency: 'pp' | 'background' = 'pp') =>
  (await gm(core, 'ledger.balances', { campaignId, characterId })).find((b) => b.currency === currency)!.balance
const state = () => gm(core, 'growth.ladder.state', { campaignId })
const sheetOf = async (id: number) => (await gm(core, 'character.get', { id })).sheet as typeof taiGivar

describe('LAD-21, LAD-30: starting Plot Points', () => {
  it('LAD-21: Tai, created with 2 written episodes, starts with 2 Plot Points in the ledger, in the same transaction', async () => {
    const tai = await pc('Tai')
    expect(await balance(tai.id)).toBe(2)
    expect(tai.facts).toContainEqual({ label: 'Plot Points now', value: '2', rule: 'LAD-22' })
    const [entry] = (await gm(core, 'ledger.list', { campaignId, characterId: tai.id, currency: 'pp', limit: 5 })).items
    expect(entry).toMatchObject({ amount: 2, reason: '2 episodes at creation (LAD-21)' })
    expect((await logKinds(core, campaignId)).slice(-2)).toEqual(['character.created', 'ledger.earned'])
    // A character made elsewhere than a session, so the next recap tells it between sessions.
    expect(entry!.sessionId).toBeNull()
    expect((await state()).unpaid).toEqual([])
    // The credit is the character's own record, not play from before undo's history began.
    expect(await gm(core, 'play.history', { campaignId })).toMatchObject({ items: [], earlierPlay: false })
  })

  it('LAD-21: no episode written, an NPC or another system: nothing is credited', async () => {
    const blank = await pc('Orb', { ...taiGivar, episodes: [] })
    expect(await balance(blank.id)).toBe(0)
    const npc = await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Big Sal', playerName: null, status: 'active', notes: '', tags: [], sheet: taiGivar, draft: false })
    expect(await balance(npc.id)).toBe(0)
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = await gm(core, 'character.create', { campaignId: osr, kind: 'npc', name: 'Glam', playerName: null, status: 'active', notes: '', tags: [], draft: true })
    expect(glam.balances).toEqual({ gold: 0, xp: 0 })
  })

  it('LAD-21: a draft NPC becoming a PC is credited once, however often it changes back and forth', async () => {
    const sal = await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Sal', playerName: null, status: 'active', notes: '', tags: [], sheet: { ...taiGivar, concept: '' }, draft: true })
    expect(await balance(sal.id)).toBe(0)
    await gm(core, 'character.update', { id: sal.id, kind: 'pc', draft: false, sheet: taiGivar })
    expect(await balance(sal.id)).toBe(2)
    await gm(core, 'character.update', { id: sal.id, kind: 'npc' })
    await gm(core, 'character.update', { id: sal.id, kind: 'pc' })
    expect(await balance(sal.id)).toBe(2)
  })

  it('LAD-30: a new super’s pool starts at 3, so the first session’s close has nothing to top up', async () => {
    const owl = await pc('Night Owl', nightOwl)
    expect(await balance(owl.id)).toBe(3)
    expect((await gm(core, 'ledger.list', { campaignId, characterId: owl.id, currency: 'pp', limit: 5 })).items[0]!.reason).toBe('a super\'s starting pool (LAD-30)')
    const s = await gm(core, 'play.start', { campaignId, attendance: [owl.id] })
    expect((await gm(core, 'play.close', { id: s.id })).topUps).toEqual([])
  })

  it('LAD-21: a character made before the credit is offered it between sessions, one click credits it, Ctrl+Z takes it back', async () => {
    const tai = await older('Tai')
    expect((await state()).unpaid).toEqual([{ characterId: tai, name: 'Tai', amount: 2, text: 'Tai’s 2 episodes were never credited', rule: 'LAD-21' }])
    const done = await gm(core, 'growth.ladder.creditStart', { campaignId, characterId: tai })
    expect(done.text).toBe('Tai gained 2 Plot Points: 2 episodes at creation (LAD-21).')
    expect(await balance(tai)).toBe(2)
    expect((await state()).unpaid).toEqual([])

    const before = await everyTableCount(core)
    const again = await refused(core, 'growth.ladder.creditStart', { campaignId, characterId: tai })
    expect(again.message).toBe('Tai’s start was credited already: “2 episodes at creation (LAD-21)”, 2 Plot Points. Nothing was changed.')
    expect(await everyTableCount(core)).toEqual(before)

    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Tai gained 2 Plot Points: 2 episodes at creation (LAD-21) (now 2)')
    expect(await balance(tai)).toBe(0)
    expect((await state()).unpaid.map((u) => u.name)).toEqual(['Tai'])
  })

  it('LAD-21, LAD-30: the GM’s own credit counts; a super is offered the pool only while no Plot Point ever moved', async () => {
    const tai = await older('Tai')
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 2, reason: 'two episodes' })
    const owl = await older('Night Owl', nightOwl)
    const kite = await older('Kite', { ...nightOwl, concept: 'Sky pirate' })
    await gm(core, 'ledger.earn', { campaignId, characterId: kite, currency: 'pp', amount: 3, reason: 'session end: pool topped up to 3' })
    expect((await state()).unpaid).toEqual([{ characterId: owl, name: 'Night Owl', amount: 3, text: 'Night Owl’s starting pool of 3 was never credited', rule: 'LAD-30' }])
    const orb = await older('Orb', { ...taiGivar, episodes: [] })
    const err = await refused(core, 'growth.ladder.creditStart', { campaignId, characterId: orb })
    expect(err.message).toBe('Orb has no written episode yet; each one written is worth 1 starting Plot Point (LAD-21). Nothing was changed.')
  })

  it('refuses another system’s campaign and another campaign’s character in words', async () => {
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    expect((await refused(core, 'growth.ladder.state', { campaignId: osr })).message).toBe(
      'This campaign plays Old-school core; Plot Points, episodes and assets grow only in a Ladder campaign. Nothing was changed.',
    )
    const other = (await gm(core, 'campaign.create', { name: 'Elsewhere', system: 'ladder' })).id
    const stranger = await insert(core, 'character', { campaign_id: other, kind: 'pc', name: 'Stranger', sheet: JSON.stringify(taiGivar), created_at: 't', updated_at: 't' })
    expect((await refused(core, 'growth.ladder.creditStart', { campaignId, characterId: stranger })).code).toBe('not_found')
  })
})

describe('LAD-21: an adventure survived', () => {
  /** Tai with 3 episodes, as many as count at creation: the one she earns is a 4th (LAD-24's limit is a creation rule). */
  const episodes = [...taiGivar.episodes, 'Won a ship back at cards']
  let tai: number
  let orb: number
  let mara: number
  let owl: number
  let heist: number
  beforeEach(async () => {
    tai = await older('Tai', { ...taiGivar, episodes })
    orb = await older('Orb')
    mara = await older('Mara')
    owl = await older('Night Owl', nightOwl)
    heist = (await gm(core, 'adventure.create', { campaignId, title: 'The Clockwork Heist', status: 'active', summary: '' })).id
    for (const attendance of [[tai, mara], [tai, owl]]) {
      const s = await gm(core, 'play.start', { campaignId, adventureId: heist, attendance })
      await gm(core, 'play.close', { id: s.id })
    }
    await gm(core, 'character.update', { id: mara, status: 'dead' })
  })

  it('is offered once the adventure is finished, to who played in it and lives', async () => {
    expect((await state()).adventures).toEqual([])
    const err = await refused(core, 'growth.ladder.survived', { campaignId, adventureId: heist, survivors: [{ characterId: tai, episode: 'Stole the mainspring' }] })
    expect(err.message).toBe('“The Clockwork Heist” is not finished yet: surviving it earns a Plot Point and an episode once it ends (LAD-21). Nothing was changed.')
    await gm(core, 'adventure.update', { id: heist, status: 'finished' })
    expect((await state()).adventures).toEqual([
      {
        adventureId: heist,
        title: 'The Clockwork Heist',
        sessions: [1, 2],
        survivors: [
          { characterId: owl, name: 'Night Owl', super: true, credited: false },
          { characterId: tai, name: 'Tai', super: false, credited: false },
        ],
        fallen: ['Mara'],
      },
    ])
  })

  it('credits +1 Plot Point and writes the new episode, remembers it by the log, and Ctrl+Z takes both back', async () => {
    await gm(core, 'adventure.update', { id: heist, status: 'finished' })
    const done = await gm(core, 'growth.ladder.survived', { campaignId, adventureId: heist, survivors: [{ characterId: tai, episode: ' Stole the mainspring from the Clock Tower ' }] })
    expect(done.text).toBe('Tai survived “The Clockwork Heist”: +1 Plot Point and a new episode, “Stole the mainspring from the Clock Tower” (LAD-21).')
    expect(await balance(tai)).toBe(1)
    const sheet = await sheetOf(tai)
    expect(sheet.episodes).toEqual([...episodes, 'Stole the mainspring from the Clock Tower'])
    expect(sheet.developed).toBe(true)
    expect((await gm(core, 'character.get', { id: tai })).problems).toEqual([])
    expect((await state()).adventures[0]!.survivors.find((s) => s.name === 'Tai')!.credited).toBe(true)

    const before = await everyTableCount(core)
    const twice = await refused(core, 'growth.ladder.survived', { campaignId, adventureId: heist, survivors: [{ characterId: tai, episode: 'Again' }] })
    expect(twice.message).toBe('Tai was credited for surviving “The Clockwork Heist” already. Nothing was changed.')
    expect(await everyTableCount(core)).toEqual(before)

    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Tai survived “The Clockwork Heist”: +1 Plot Point and a new episode, “Stole the mainspring from the Clock Tower” (LAD-21)')
    expect(await balance(tai)).toBe(0)
    expect((await sheetOf(tai)).episodes).toEqual(episodes)
    expect((await state()).adventures[0]!.survivors.find((s) => s.name === 'Tai')!.credited).toBe(false)
  })

  it('credits everyone at once as one action; a super’s point may go to the Background Pool (LAD-30)', async () => {
    await gm(core, 'adventure.update', { id: heist, status: 'finished' })
    await gm(core, 'growth.ladder.survived', {
      campaignId,
      adventureId: heist,
      survivors: [
        { characterId: tai, episode: 'Stole the mainspring' },
        { characterId: owl, episode: 'Glided off the Clock Tower', pool: 'background' },
      ],
    })
    // Night Owl's pool was topped up to 3 as each session closed; the point earned is saved apart.
    expect([await balance(tai), await balance(owl), await balance(owl, 'background')]).toEqual([1, 3, 1])
    expect((await state()).adventures).toEqual([])
    await gm(core, 'play.undo', { campaignId })
    expect([await balance(tai), await balance(owl, 'background')]).toEqual([0, 0])
    expect((await state()).adventures[0]!.survivors.every((s) => !s.credited)).toBe(true)
  })

  it('refuses in words, changing nothing: no episode written, not there, dead, a Background Pool for someone who is no super', async () => {
    await gm(core, 'adventure.update', { id: heist, status: 'finished' })
    const before = await everyTableCount(core)
    const call = (characterId: number, episode: string, pool: 'pp' | 'background' = 'pp') =>
      refused(core, 'growth.ladder.survived', { campaignId, adventureId: heist, survivors: [{ characterId: tai, episode: 'Fine' }, { characterId, episode, pool }] })
    expect((await call(owl, '  ')).message).toBe('Write the new episode Night Owl earned by surviving the adventure (LAD-21). Nothing was changed.')
    expect((await call(owl, '  ')).details).toEqual([{ field: 'survivors.1.episode', problem: 'Write the new episode Night Owl earned by surviving the adventure (LAD-21).' }])
    expect((await call(orb, 'Slept through it')).message).toBe('Orb played in no session of “The Clockwork Heist”. Nothing was changed.')
    expect((await call(mara, 'Died')).message).toBe('Mara did not survive “The Clockwork Heist”. Nothing was changed.')
    expect((await call(tai, 'Twice')).message).toBe('Tai is named twice. Nothing was changed.')
    const pool = await refused(core, 'growth.ladder.survived', { campaignId, adventureId: heist, survivors: [{ characterId: tai, episode: 'Fine', pool: 'background' }] })
    expect(pool.message).toBe('Only a super keeps a Background Pool (LAD-30); Tai’s Plot Point goes to their Plot Points. Nothing was changed.')
    expect(await everyTableCount(core)).toEqual(before)
  })

  it('is told in the next session’s recap, between sessions', async () => {
    await gm(core, 'adventure.update', { id: heist, status: 'finished' })
    await gm(core, 'growth.ladder.survived', { campaignId, adventureId: heist, survivors: [{ characterId: tai, episode: 'Stole the mainspring' }] })
    const next = await gm(core, 'play.start', { campaignId, attendance: [tai] })
    const recap = (await gm(core, 'recap.session', { sessionId: next.id, variant: 'gm' })).markdown
    expect(recap).toContain('## Since the last session')
    expect(recap).toContain('Tai survived “The Clockwork Heist”: +1 Plot Point and a new episode, “Stole the mainspring” (LAD-21).')
    expect(recap).not.toContain('Adventure survived: “The Clockwork Heist” (LAD-21) (now 1)')
  })
})
