/**
 * DICE-2: the exact odds the roll panels show are worked out in the page (the renderer's
 * `ladderOdds`, `ranksOdds`, `lodeOdds` and `lodeOpposedOdds` parse the input with the API's own
 * schema and call the engine's table odds; mirrored here, as the renderer is outside this project): over a spread of inputs they are the numbers the
 * service answers on a real campaign (for LODE, with the Web and the roller's Energy the page has
 * loaded through the API, LODE-6, LODE-9), and an input the rules refuse gets the refusal's own
 * sentence, with nothing computed.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { RUNGS } from '../../src/main/engines/ladder'
import { LADDER_DAMAGE_LEVELS } from '../../src/shared/injuries'
import { tableOdds } from '../../src/main/engines/ladder/table-odds'
import { OddsInput } from '../../src/shared/api/table-ladder.contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { ABILITY_RANK_NAMES } from '../../src/shared/sheet-words'
import { ranksTableContract } from '../../src/shared/api/table-ranks.contract'
import { tableLodeContract } from '../../src/shared/api/table-lode.contract'
import { rankRollOdds } from '../../src/main/engines/ranks/table-odds'
import { lodeOpposedTableOdds, lodeTableOdds, type OddsRoller } from '../../src/main/engines/lode/table-odds'
import { gm } from '../support/calls'
import { insertCharacter } from '../support/records'

/** What the page does with a request (the renderer's `ladderOdds`). */
function inThePage(request: unknown): { odds: unknown; error: string | null } {
  const parsed = OddsInput.safeParse(request)
  if (!parsed.success) return { odds: null, error: parsed.error.issues[0]?.message ?? '' }
  try {
    return { odds: tableOdds(parsed.data), error: null }
  } catch (err) {
    return { odds: null, error: (err as Error).message }
  }
}

/** What the page does with a request and what it has loaded (the renderer's `ranksOdds`, `lodeOdds`, `lodeOpposedOdds`). */
function pageOdds<I>(schema: { safeParse: (x: unknown) => { success: true; data: I } | { success: false } }, request: unknown, compute: (input: I) => unknown): { odds: unknown; error: string | null } {
  const parsed = schema.safeParse(request)
  if (!parsed.success) return { odds: null, error: 'refused' }
  try {
    return { odds: compute(parsed.data), error: null }
  } catch (err) {
    return { odds: null, error: (err as Error).message }
  }
}
const ranksOdds = (request: unknown) => pageOdds(ranksTableContract['ranks.odds'].input, request, rankRollOdds)
const lodeOdds = (request: unknown, web: number, roller: OddsRoller | null) => pageOdds(tableLodeContract['lode.odds'].input, request, (i) => lodeTableOdds(i, web, roller))
const lodeOpposedOdds = (request: unknown, web: number, rollers: [OddsRoller | null, OddsRoller | null]) =>
  pageOdds(tableLodeContract['lode.opposedOdds'].input, request, (i) => lodeOpposedTableOdds(i, web, rollers))

let lib: TempLibrary
let core: Core
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('the Ladder odds chart, computed in the page (DICE-2)', () => {
  it('shows the same numbers the main process answers, for every kind of roll', async () => {
    const requests: Record<string, unknown>[] = []
    for (const extended of [false, true]) {
      const rungs = RUNGS.filter((r) => extended || r !== 'unprecedented')
      for (const asset of rungs) {
        for (const difficulty of [null, ...rungs]) requests.push({ kind: 'task', asset, difficulty, extended })
        for (const wonky of ['good', 'bad']) requests.push({ kind: 'task', asset, difficulty: 'good', wonky, extended })
        requests.push({ kind: 'gunfire', asset, target: 'good', extended })
        requests.push({ kind: 'untreated', asset, extended })
        requests.push({ kind: 'instant', a: { asset }, b: { asset: 'good' }, extended })
        requests.push({ kind: 'exchange', a: { asset }, b: { asset: 'expert', wonky: 'bad' }, extended })
      }
    }
    for (const level of LADDER_DAMAGE_LEVELS) for (const tough of [false, true]) requests.push({ kind: 'damage', level, tough })
    let compared = 0
    for (const request of requests) {
      const served = await core.router.call('ladder.odds', request, { scope: 'gm' })
      const inPage = inThePage(request)
      if (served.ok) {
        expect(inPage, JSON.stringify(request)).toEqual({ odds: served.value, error: null })
        compared++
      } else {
        expect(inPage.odds, JSON.stringify(request)).toBeNull()
      }
    }
    expect(compared).toBeGreaterThan(100)
  })

  it('says why in the engine’s words when the ladder cannot give odds, and shows none', async () => {
    const request = { kind: 'task', asset: 'unprecedented', difficulty: 'good', extended: false } as const
    const served = await core.router.call('ladder.odds', request, { scope: 'gm' })
    expect(served.ok).toBe(false)
    const inPage = inThePage(request)
    expect(inPage.odds).toBeNull()
    expect(inPage.error).toMatch(/unprecedented/i)
    if (!served.ok) expect(served.error.message).toContain(inPage.error!)
  })
})

describe('the Ranks odds chart, computed in the page (RK-2, RK-4, DICE-2)', () => {
  it('shows the numbers `ranks.odds` answers for every rank, plain and with an aspect', async () => {
    for (const rank of ABILITY_RANK_NAMES) {
      const served = await gm(core, 'ranks.odds', { rank })
      expect(ranksOdds({ rank }), rank).toEqual({ odds: served, error: null })
    }
    expect(ranksOdds({ rank: 'godlike' }).odds).toBeNull()
  })
})

describe('the LODE odds charts, computed in the page (LODE-1 … LODE-9, DICE-2)', () => {
  // About 300 served calls compared each way: on a loaded 2-core machine this outlasts the default 30 s.
  it('show the numbers `lode.odds` and `lode.opposedOdds` answer, with the Web and Energy the page has loaded', { timeout: 120_000 }, async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed: 'odds-in-the-page' })).id
    await gm(core, 'setting.set', { campaignId, key: 'lode.web', value: 7 })
    const brann = await insertCharacter(core, campaignId, 'pc', 'Brann')
    const ulf = await insertCharacter(core, campaignId, 'npc', 'Ulf the Reaver')
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'energy', amount: 2, reason: 'at creation' })
    // What the table has loaded: the Web from `lode.table`, each roller from `character.get`.
    const { web } = await gm(core, 'lode.table', { campaignId })
    expect(web).toBe(7)
    const rollerOf = async (id: number | null) => {
      if (id === null) return null
      const c = await gm(core, 'character.get', { id })
      return { name: c.name, energy: c.balances.energy ?? 0 }
    }

    let compared = 0
    let refusedBoth = 0
    for (const characterId of [null, brann, ulf]) {
      const roller = await rollerOf(characterId)
      for (const mode of ['pool', 'fluke'] as const) {
        for (const baseDice of [-3, 0, 2, 5]) {
          for (const [advantages, disadvantages] of [[0, 0], [3, 1], [1, 4], [38, 0]] as const) {
            for (const [blessing, curse] of [[0, 0], [2, 1], [0, 3]] as const) {
              for (const energy of mode === 'fluke' ? [0, 1] : [0, 1, 3]) {
                const request = { campaignId, characterId, mode, baseDice: mode === 'fluke' ? 1 : baseDice, advantages: mode === 'fluke' && advantages > 3 ? 0 : advantages, disadvantages, blessing, curse, energy }
                const served = await core.router.call('lode.odds', request, { scope: 'gm' })
                const inPage = lodeOdds(request, web, roller)
                if (served.ok) {
                  expect(inPage, JSON.stringify(request)).toEqual({ odds: served.value, error: null })
                  compared++
                } else {
                  expect(inPage, JSON.stringify(request)).toEqual({ odds: null, error: served.error.message })
                  refusedBoth++
                }
              }
            }
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(200)
    expect(refusedBoth).toBeGreaterThan(10)
    // LODE-9: Energy beyond what Brann has is left out, and the page says so in the service's words.
    const short = lodeOdds({ campaignId, characterId: brann, baseDice: 2, energy: 3 }, web, await rollerOf(brann))
    expect((short.odds as { energyNote: string | null } | null)?.energyNote).toBe('Brann has 2 Energy: 1 of the 3 Energy dice cannot be spent and is not counted (LODE-9).')

    let opposed = 0
    for (const [a, b] of [[brann, ulf], [null, brann], [ulf, null]] as const) {
      const rollers: [Awaited<ReturnType<typeof rollerOf>>, Awaited<ReturnType<typeof rollerOf>>] = [await rollerOf(a), await rollerOf(b)]
      for (const [advA, advB] of [[0, 0], [3, 1], [1, 5], [39, 0], [0, 39]] as const) {
        for (const energy of [0, 1, 3]) {
          const request = { campaignId, a: { characterId: a, baseDice: 2, advantages: advA, energy }, b: { characterId: b, baseDice: 2, advantages: advB, blessing: 1, energy: 3 - energy } }
          const served = await core.router.call('lode.opposedOdds', request, { scope: 'gm' })
          const inPage = lodeOpposedOdds(request, web, rollers)
          if (served.ok) expect(inPage, JSON.stringify(request)).toEqual({ odds: served.value, error: null })
          else expect(inPage, JSON.stringify(request)).toEqual({ odds: null, error: served.error.message })
          opposed++
        }
      }
    }
    expect(opposed).toBe(45)
  })
})
