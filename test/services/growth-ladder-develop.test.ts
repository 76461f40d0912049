/**
 * The Ladder's development between sessions (LAD-23, LAD-29, LAD-30): what each change costs and
 * who pays, the limits refused in a sentence the GM may override (and the log saying so), and the
 * assets unused for five or six sessions, read from the log's rolls. Tai Givar is the seed's
 * character. Real router, real library; every change an action that Ctrl+Z takes back.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { LadderChange } from '../../src/shared/api/growth-ladder.contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { everyTableCount } from '../support/records'
import { insert } from '../support/sql'
import { nightOwl, taiGivar } from './sheets/fixtures'

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: 'growth-ladder' })).id
  tai = await add('Tai')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

async function add(name: string, sheet: object = taiGivar): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, sheet: JSON.stringify(sheet), created_at: 't', updated_at: 't' })
}
const earn = (characterId: number, amount: number, currency: 'pp' | 'background' = 'pp') => gm(core, 'ledger.earn', { campaignId, characterId, currency, amount, reason: 'bravery', sessionId: null })
const balance = async (characterId: number, currency: 'pp' | 'background' = 'pp') =>
  (await gm(core, 'ledger.balances', { campaignId, characterId })).find((b) => b.currency === currency)!.balance
const develop = (change: LadderChange, override = false, characterId = tai) => gm(core, 'growth.ladder.develop', { campaignId, characterId, change, override })
const refusal = (change: LadderChange, override = false, characterId = tai) => refused(core, 'growth.ladder.develop', { campaignId, characterId, change, override })
const sheetOf = async (id = tai) => (await gm(core, 'character.get', { id })).sheet as typeof taiGivar
const ratings = async (id = tai) => Object.fromEntries((await sheetOf(id)).assets.map((a) => [a.name, a.rating]))

describe('LAD-23: development', () => {
  it('a new Good asset earned in play costs 2 PP, raising Good to Expert 4 more: through the ledger, on the sheet, undone by Ctrl+Z', async () => {
    await earn(tai, 7)
    const bought = await develop({ change: 'new asset', name: 'Lockpicking', earnedInPlay: true })
    expect(bought.text).toBe('Tai bought the asset “Lockpicking” (Good) for 2 Plot Points (LAD-23).')
    expect(await balance(tai)).toBe(5)
    expect(await ratings()).toMatchObject({ Lockpicking: 'good' })
    expect((await sheetOf()).developed).toBe(true)
    const raised = await develop({ change: 'raise asset', name: 'Driving' })
    expect(raised.text).toBe('Tai raised “Driving” from Good to Expert for 4 Plot Points (LAD-23).')
    expect([await balance(tai), (await ratings()).Driving]).toEqual([1, 'expert'])
    const [spent] = (await gm(core, 'ledger.list', { campaignId, characterId: tai, currency: 'pp', limit: 1 })).items
    expect(spent).toMatchObject({ amount: -4, reason: 'raised “Driving” to Expert (LAD-23)', sessionId: null })
    expect((await gm(core, 'character.get', { id: tai })).problems).toEqual([])

    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Tai raised “Driving” from Good to Expert for 4 Plot Points (LAD-23)')
    expect([await balance(tai), (await ratings()).Driving]).toEqual([5, 'good'])
    expect((await gm(core, 'play.redo', { campaignId })).redone).toBe('Tai raised “Driving” from Good to Expert for 4 Plot Points (LAD-23)')
    expect([await balance(tai), (await ratings()).Driving]).toEqual([1, 'expert'])
  })

  it('refuses in words what the rules or the balance do not allow, changing nothing, override or not', async () => {
    await earn(tai, 1)
    const before = await everyTableCount(core)
    // What no override pays for comes first; the limit broken too is said after it.
    const poor = await refusal({ change: 'raise asset', name: 'Driving' }, true)
    expect(poor.message).toBe('Tai has 1 Plot Point, and this needs 4 (development: raise asset). Good assets must outnumber expert ones; this would leave 3 good and 3 expert. Nothing was changed.')
    expect(poor.details).toEqual([
      { field: 'change', problem: 'Tai has 1 Plot Point, and this needs 4 (development: raise asset).' },
      { field: 'override', problem: 'Good assets must outnumber expert ones; this would leave 3 good and 3 expert.' },
    ])
    expect((await refusal({ change: 'new asset', name: 'Wealth', earnedInPlay: false })).message).toBe(
      'A new asset must be a "good thing" the character worked for in play, not one handed over. Nothing was changed.',
    )
    expect((await refusal({ change: 'raise asset', name: 'Piloting' })).message).toBe('Only a good asset can be raised to expert; "Piloting" is expert. Nothing was changed.')
    expect((await refusal({ change: 'flaw to asset', flaw: 'Cannot resist a bet', asset: 'Lucky', roleplayedWell: false })).message).toBe(
      'Turning a flaw into an asset needs the change roleplayed well first. Nothing was changed.',
    )
    expect((await refusal({ change: 'buy off vulnerability', roleplayedWell: true })).message).toBe('There is no Vulnerability to buy off: only a super has one. Nothing was changed.')
    expect(await everyTableCount(core)).toEqual(before)
  })

  it('good assets must outnumber expert ones: refused in a sentence, then the GM’s override goes through and the log says so', async () => {
    // Tai starts with 4 good and 2 expert assets: her first raise would leave them even.
    await earn(tai, 12)
    const before = await everyTableCount(core)
    const limit = await refusal({ change: 'raise asset', name: 'Driving' })
    expect(limit.message).toBe('Good assets must outnumber expert ones; this would leave 3 good and 3 expert. The GM may override this limit (LAD-23). Nothing was changed.')
    expect(limit.details).toEqual([{ field: 'override', problem: 'Good assets must outnumber expert ones; this would leave 3 good and 3 expert.' }])
    expect(await everyTableCount(core)).toEqual(before)

    const done = await develop({ change: 'raise asset', name: 'Driving' }, true)
    expect(done.text).toBe(
      'Tai raised “Driving” from Good to Expert for 4 Plot Points (LAD-23). The GM overrode a limit: Good assets must outnumber expert ones; this would leave 3 good and 3 expert.',
    )
    const [entry] = await gm(core, 'log.list', { campaignId, kind: 'growth.ladder.raise', limit: 1 })
    expect(entry!.payload).toMatchObject({ rule: 'LAD-23', cost: 4, currency: 'pp', overridden: ['Good assets must outnumber expert ones; this would leave 3 good and 3 expert.'] })
    // The sheet remembers the override, so it can still be saved on Tai's page.
    const tai2 = await gm(core, 'character.get', { id: tai })
    expect(tai2.problems).toEqual([])
    expect((tai2.sheet as typeof taiGivar).overrides).toEqual(['outnumber'])
    await gm(core, 'character.update', { id: tai, notes: 'Ace', sheet: tai2.sheet })
  })

  it('at most twice the original assets, and at least one flaw, each overridable', async () => {
    await earn(tai, 30)
    for (const name of ['A', 'B', 'C', 'D', 'E', 'F']) await develop({ change: 'new asset', name, earnedInPlay: true })
    expect((await refusal({ change: 'new asset', name: 'G', earnedInPlay: true })).message).toBe(
      'No more than twice the original 6 assets; this would make 13. The GM may override this limit (LAD-23). Nothing was changed.',
    )
    await develop({ change: 'flaw to asset', flaw: 'Cannot resist a bet', asset: 'Lucky', roleplayedWell: true }, true)
    await develop({ change: 'flaw to asset', flaw: 'Poor at hiding', asset: 'Stealthy', roleplayedWell: true }, true)
    expect(await balance(tai)).toBe(30 - 12 - 2)
    expect((await refusal({ change: 'flaw to asset', flaw: 'Owes money to the wrong people', asset: 'Debt-free', roleplayedWell: true }, false)).details.map((d) => d.problem)).toEqual([
      'No more than twice the original 6 assets; this would make 15.',
      'At least one flaw must remain, or the character loses their personality.',
    ])
    expect((await sheetOf()).overrides).toEqual(['twice'])
  })

  it('the GM adds a flaw for free; a super buys off the Vulnerability for 2 PP from the Background Pool (LAD-29, LAD-30)', async () => {
    const added = await develop({ change: 'add flaw', name: 'Hunted by the Syndicate' })
    expect(added.text).toBe('The GM gave Tai a new flaw, “Hunted by the Syndicate” (LAD-23).')
    expect((await sheetOf()).flaws.map((f) => f.name)).toContain('Hunted by the Syndicate')

    const owl = await add('Night Owl', nightOwl)
    await earn(owl, 3)
    const broke = await refusal({ change: 'buy off vulnerability', roleplayedWell: true }, false, owl)
    expect(broke.message).toBe('Night Owl has 0 Plot Points in the Background Pool, and this needs 2 (development: buy off vulnerability). Nothing was changed.')
    expect((await refusal({ change: 'flaw to asset', flaw: 'Blinded by bright light', asset: 'Sun-proof', roleplayedWell: true }, true, owl)).message).toBe(
      'A Vulnerability can never be turned into an asset; it can only be bought off. Nothing was changed.',
    )
    await earn(owl, 2, 'background')
    const bought = await develop({ change: 'buy off vulnerability', roleplayedWell: true }, false, owl)
    expect(bought.text).toBe('Night Owl bought off the Vulnerability “Blinded by bright light” after good roleplaying for 2 Plot Points from the Background Pool (LAD-29).')
    expect([await balance(owl), await balance(owl, 'background')]).toEqual([3, 0])
    expect((await sheetOf(owl)).flaws.some((f) => f.vulnerability)).toBe(false)
    expect((await gm(core, 'character.get', { id: owl })).problems).toEqual([])
  })

  it('refuses a draft, another system and another campaign’s character', async () => {
    const draft = await insert(core, 'character', { campaign_id: campaignId, kind: 'npc', name: 'Sal', draft: 1, sheet: JSON.stringify(taiGivar), created_at: 't', updated_at: 't' })
    expect((await refusal({ change: 'add flaw', name: 'Greedy' }, false, draft)).message).toBe('Sal is a draft: finish Sal’s sheet before it grows. Nothing was changed.')
    const osr = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const err = await refused(core, 'growth.ladder.develop', { campaignId: osr, characterId: tai, change: { change: 'add flaw', name: 'Greedy' } })
    expect(err.message).toMatch(/^This campaign plays Old-school core/)
  })
})

describe('LAD-23: assets unused for five or six sessions', () => {
  /** A session Tai attends, rolling the assets named. */
  async function session(assets: string[], attendance = [tai]): Promise<void> {
    const s = await gm(core, 'play.start', { campaignId, attendance })
    for (const what of assets) await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what, asset: 'good' })
    await gm(core, 'play.close', { id: s.id })
  }

  it('lists when each asset was last rolled, from the log; one unused for five sessions is retired, a newer one only by override', async () => {
    await session(['Haggling'])
    await session(['Blue magic'])
    // A tracker names the asset each side entered with.
    const s3 = await gm(core, 'play.start', { campaignId, attendance: [tai] })
    await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'extended',
      a: { characterId: tai, name: 'Tai', assetName: 'Piloting', asset: 'expert' },
      b: { characterId: null, name: 'Rival', assetName: '', asset: 'good' },
    })
    await gm(core, 'play.close', { id: s3.id })
    // An instant conflict names the asset of each side; an undone roll does not count.
    const s4 = await gm(core, 'play.start', { campaignId, attendance: [] })
    await gm(core, 'ladder.instant', { campaignId, a: { characterId: tai, name: 'Tai', assetName: 'Eyesight', asset: 'expert' }, b: { characterId: null, name: 'Guard', assetName: '', asset: 'good' } })
    await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Brawling', asset: 'good' })
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.close', { id: s4.id })
    await session(['Driving'])
    await session(['Driving'])
    const grower = (await gm(core, 'growth.ladder.state', { campaignId })).characters.find((c) => c.name === 'Tai')!
    expect(grower.sessionsPlayed).toBe(6)
    expect(Object.fromEntries(grower.assets.map((a) => [a.name, [a.lastUsed, a.sessionsSince]]))).toEqual({
      Piloting: [3, 3],
      Eyesight: [4, 2],
      Driving: [6, 0],
      Brawling: [null, 6],
      Haggling: [1, 5],
      'Blue magic': [2, 4],
    })

    const retired = await gm(core, 'growth.ladder.develop', { campaignId, characterId: tai, change: { change: 'retire asset', name: 'Haggling' } })
    expect(retired.text).toBe('The GM retired Tai’s asset “Haggling”, last used in Session 1, 5 sessions played since (LAD-23).')
    const early = await refused(core, 'growth.ladder.develop', { campaignId, characterId: tai, change: { change: 'retire asset', name: 'Blue magic' } })
    expect(early.message).toBe(
      'Good assets must outnumber expert ones; this would leave 2 good and 2 expert. An asset is retired after five or six sessions unused; "Blue magic" has gone 4. The GM may override these limits (LAD-23). Nothing was changed.',
    )
    const forced = await gm(core, 'growth.ladder.develop', { campaignId, characterId: tai, change: { change: 'retire asset', name: 'Blue magic' }, override: true })
    expect(forced.text).toBe(
      'The GM retired Tai’s asset “Blue magic”, last used in Session 2, 4 sessions played since (LAD-23). The rote “Calm the storm-sick crew” goes with it. The GM overrode the limits: Good assets must outnumber expert ones; this would leave 2 good and 2 expert. An asset is retired after five or six sessions unused; "Blue magic" has gone 4.',
    )
    const sheet = await sheetOf()
    expect(sheet.assets.map((a) => a.name)).toEqual(['Piloting', 'Eyesight', 'Driving', 'Brawling'])
    expect(sheet.overrides).toEqual(['outnumber'])
    expect(sheet.rotes).toEqual([])
    await gm(core, 'play.undo', { campaignId })
    expect((await sheetOf()).rotes).toEqual(taiGivar.rotes)
  })
})
