/**
 * CLK-4's Decision at the clock service, in each of the five systems: darkness is shown in all of
 * them, but OSR-8's −5 and OSR-13's reaction by S are the old-school campaign's; elsewhere the
 * reaction is a plain d6 in OSR-13's bands, which the campaign's settings can turn off.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import type { SystemId } from '../../src/shared/contract'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insert } from '../support/sql'

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

const band = (total: number) => (total <= 2 ? 'hostile' : total <= 4 ? 'uncertain' : 'friendly')
const reactionLog = async (campaignId: number) => gm(core, 'log.list', { campaignId, kind: 'encounter.reaction' })

const OTHERS: SystemId[] = ['ladder', 'lode', 'challenge', 'ranks']

describe('CLK-4: what the clock shows in each system', () => {
  it('CLK-4, OSR-8: an old-school campaign in darkness takes −5 and reacts by d6 + the closest member’s S (OSR-13)', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock).toMatchObject({ system: 'osr', dark: true, darknessModifier: -5, reaction: 'd6 + S' })
    // The setting that turns the roll off is not the old-school campaign's: OSR-13 is its rule.
    await gm(core, 'setting.set', { campaignId, key: 'clock.reactionRoll', value: false })
    expect((await gm(core, 'clock.get', { campaignId })).reaction).toBe('d6 + S')
  })

  for (const system of OTHERS) {
    it(`CLK-4: a ${system} campaign shows darkness with no number, and reacts by a plain d6 in OSR-13’s bands`, async () => {
      const campaignId = (await gm(core, 'campaign.create', { name: 'Elsewhere', system, seed: `react-${system}` })).id
      const clock = await gm(core, 'clock.get', { campaignId })
      expect(clock).toMatchObject({ system, dark: true, darknessModifier: null, reaction: 'd6' })

      const r = await gm(core, 'encounter.reaction', { campaignId })
      const face = seededDice(`react-${system}#1`).roll(6)
      expect(r).toMatchObject({ roll: 'd6', face, total: face, reaction: band(face) })
      expect(r.odds.hostile).toBeCloseTo(2 / 6, 12)
      const [logged] = await reactionLog(campaignId)
      expect(logged).toMatchObject({ dice: [{ sides: 6, face }], payload: { spirit: 0, roll: 'd6', reaction: band(face) } })

      // S is OSR-13's, not this system's: refused in the GM's words, nothing rolled or logged.
      const bySpirit = await refused(core, 'encounter.reaction', { campaignId, spirit: 1 })
      expect(bySpirit.message).toMatch(/^The closest member’s S counts only in an old-school campaign \(OSR-13\); in .+ the reaction is a plain d6 \(CLK-4\)\. Nothing was rolled\.$/)
      expect(await reactionLog(campaignId)).toHaveLength(1)
    })

    it(`CLK-4: in a ${system} campaign the settings turn the reaction roll off`, async () => {
      const campaignId = (await gm(core, 'campaign.create', { name: 'Quiet', system })).id
      await gm(core, 'setting.set', { campaignId, key: 'clock.reactionRoll', value: false })
      expect((await gm(core, 'clock.get', { campaignId })).reaction).toBe('off')
      expect((await refused(core, 'encounter.reaction', { campaignId })).message).toMatch(/^The reaction roll is off in this campaign’s settings/)
      expect(await reactionLog(campaignId)).toHaveLength(0)
      await gm(core, 'setting.set', { campaignId, key: 'clock.reactionRoll', value: true })
      expect((await gm(core, 'clock.get', { campaignId })).reaction).toBe('d6')
    })
  }

  it('CLK-4: a lit light ends the darkness in every system; only the old-school campaign shows a modifier of 0 for it', async () => {
    for (const system of ['osr', ...OTHERS] as SystemId[]) {
      const campaignId = (await gm(core, 'campaign.create', { name: `Lit ${system}`, system })).id
      const pc = await insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name: 'Ana', created_at: 't', updated_at: 't' })
      const torches = await gm(core, 'inventory.add', { characterId: pc, name: 'Torches', kind: 'light', quantity: 2, details: { type: 'torch' } })
      const lit = await gm(core, 'light.light', { campaignId, itemId: torches.id })
      expect([system, lit.clock.dark, lit.clock.darknessModifier]).toEqual([system, false, system === 'osr' ? 0 : null])
    }
  })

  it('CLK-4, OSR-12: an encounter in any system is met at OSR-12’s distance for the place', async () => {
    for (const system of ['osr', ...OTHERS] as SystemId[]) {
      const campaignId = (await gm(core, 'campaign.create', { name: `Met ${system}`, system, seed: `met-${system}` })).id
      await gm(core, 'clock.setEncounter', { campaignId, threshold: 15, place: 'open' })
      const r = await gm(core, 'clock.advance', { campaignId, span: { days: 1 } })
      expect(r.encounter).not.toBeNull()
      expect(r.encounter!.distanceFeet % 50).toBe(0) // 1d20 × 50 ft in the open
      expect(r.encounter!.distanceFeet).toBeGreaterThanOrEqual(50)
      expect(r.encounter!.distanceFeet).toBeLessThanOrEqual(1000)
    }
  })
})
