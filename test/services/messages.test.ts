import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Core } from '../../src/main/app'
import { contract } from '../../src/shared/contract'
import { FIELD_LABELS, fieldLabel } from '../../src/shared/api/field-labels'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
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

function addPc(campaignId: number, name: string): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name, created_at: 't', updated_at: 't' })
}

const TABLES = ['campaign', 'log_entry', 'ledger_entry', 'inventory_item', 'injury', 'setting', 'character']
/** No key of an input, no method name: what a GM reads names fields as the screens do. */
const INTERNAL = /\b(?:[a-z]+[A-Z]\w*|\w+\.\w+)\b|refused:/

describe('the session holds what happened in it (LAD-21: every entry names its session)', () => {
  it('a ledger change named with no session is in the session being played, and in its recap', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })).id
    const tai = await addPc(campaignId, 'Tai')
    const before = await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'an episode' })
    expect(before.sessionId).toBeNull()
    const session = await gm(core, 'play.start', { campaignId, attendance: [tai] })
    const earned = await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 2, reason: 'made the table laugh' })
    expect(earned).toMatchObject({ sessionId: session.id, sessionNumber: 1 })
    const log = await gm(core, 'log.list', { campaignId, limit: 5 })
    expect(log.find((e) => e.kind === 'ledger.earned' && e.payload.id === earned.id)?.sessionId).toBe(session.id)
    // The GM may still say it belongs to no session.
    const apart = await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'between sessions', sessionId: null })
    expect(apart.sessionId).toBeNull()
    const recap = await gm(core, 'recap.session', { sessionId: session.id, variant: 'gm' })
    expect(recap.markdown).toContain('made the table laugh')
    expect(recap.markdown).not.toContain('between sessions')
    expect(recap.markdown).not.toContain('an episode')
  })

  it('an old-school purchase, an injury, its Plot Point step-down and a correction made during play are in the session and its recap', async () => {
    const osr = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr' })).id
    const glam = await addPc(osr, 'Glam')
    await gm(core, 'ledger.earn', { campaignId: osr, characterId: glam, currency: 'gold', amount: 45, reason: 'starting gold', sessionId: null })
    const s = await gm(core, 'play.start', { campaignId: osr, attendance: [glam] })
    const spent = await gm(core, 'ledger.spend', { campaignId: osr, characterId: glam, currency: 'gold', amount: 10, reason: 'a lantern and oil' })
    const limb = await gm(core, 'injury.record', { characterId: glam, kind: 'osr.limb', harm: 'broken', part: 'left arm' })
    const corrected = await gm(core, 'ledger.correct', { id: spent.id, note: 'the shop was shut' })
    expect([spent.sessionId, corrected.sessionId]).toEqual([s.id, s.id])
    const log = await gm(core, 'log.list', { campaignId: osr, limit: 10 })
    expect(log.find((e) => e.kind === 'injury.recorded' && e.payload.id === limb.id)?.sessionId).toBe(s.id)
    const recap = (await gm(core, 'recap.session', { sessionId: s.id, variant: 'gm' })).markdown
    expect(recap).toContain('a lantern and oil')
    expect(recap).toContain('Broken left arm')
    expect(recap).not.toContain('starting gold')

    const ladder = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })).id
    const tai = await addPc(ladder, 'Tai')
    await gm(core, 'ledger.earn', { campaignId: ladder, characterId: tai, currency: 'pp', amount: 1, reason: 'an episode', sessionId: null })
    const down = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: 'leg', sessionId: null })
    const t = await gm(core, 'play.start', { campaignId: ladder, attendance: [tai] })
    const stepped = await gm(core, 'injury.stepDown', { id: down.id })
    expect(stepped.entry.sessionId).toBe(t.id)
    const ladderLog = await gm(core, 'log.list', { campaignId: ladder, limit: 10 })
    expect(ladderLog.find((e) => e.kind === 'injury.recorded')?.sessionId).toBeNull()
    expect(ladderLog.find((e) => e.kind === 'injury.steppedDown')?.sessionId).toBe(t.id)
  })

  it('a session of another campaign is refused, by its label, and nothing is written', async () => {
    const a = (await gm(core, 'campaign.create', { name: 'A', system: 'osr' })).id
    const b = (await gm(core, 'campaign.create', { name: 'B', system: 'osr' })).id
    const glam = await addPc(a, 'Glam')
    const other = await gm(core, 'play.start', { campaignId: b, attendance: [] })
    const before = await rowCounts(core, TABLES)
    for (const [method, input] of [
      ['ledger.earn', { campaignId: a, characterId: glam, currency: 'gold', amount: 5, reason: 'loot', sessionId: other.id }],
      ['injury.record', { characterId: glam, kind: 'osr.max-h', amount: 1, sessionId: other.id }],
    ] as const) {
      const err = await refused(core, method, input)
      expect(err).toMatchObject({ code: 'invalid_input', details: [{ field: 'sessionId', problem: 'no session of this campaign has this id' }] })
    }
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })
})

describe('refusals name each field by its label, in plain words, and write nothing', () => {
  it('a ledger amount of 0, −5 or 1.5 and an empty reason', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = await addPc(campaignId, 'Glam')
    const before = await rowCounts(core, TABLES)
    const change = (amount: number, reason = 'loot') => refused(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount, reason })
    expect((await change(0)).message).toBe('Amount: must be 1 or more. Nothing was changed.')
    expect((await change(-5)).message).toBe('Amount: must be 1 or more. Nothing was changed.')
    expect((await change(1.5)).message).toBe('Amount: must be a whole number. Nothing was changed.')
    expect((await change(2, '  ')).message).toBe('Reason: say why, for the ledger. Nothing was changed.')
    expect((await change(2, 'x'.repeat(501))).message).toBe('Reason: must be at most 500 characters. Nothing was changed.')
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('an item’s quantity, its weapon class and a quantity over the limit', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const glam = await addPc(campaignId, 'Glam')
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'inventory.add', { characterId: glam, name: 'Rope', kind: 'other', quantity: -1 })).message).toBe('Quantity: must be 0 or more. Nothing was changed.')
    expect((await refused(core, 'inventory.add', { characterId: glam, name: 'Rope', kind: 'other', quantity: 2_000_000 })).message).toBe(
      'Quantity: must be at most 1,000,000. Nothing was changed.',
    )
    const sword = await refused(core, 'inventory.add', { characterId: glam, name: 'Sword', kind: 'weapon', details: { weaponClass: 'huge' } })
    expect(sword.message).toBe('The item was refused: Weapon class: must be one of limb, short, standard, long. Nothing was saved.')
    expect(sword.details).toEqual([{ field: 'details.weaponClass', problem: 'must be one of limb, short, standard, long' }])
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('a setting by its label, a timer too long, and a 5,000-character campaign name with its limit', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Capes', system: 'ladder' })).id
    const before = await rowCounts(core, TABLES)
    const setting = await refused(core, 'setting.set', { campaignId, key: 'ladder.roundSeconds', value: 45 })
    expect(setting.message).toBe('Combat round length: must be at most 30 seconds; the setting was not changed.')
    const timer = await refused(core, 'timer.add', { campaignId, label: 'Reinforcements', after: { turns: 99_999_999_999 } })
    expect(timer.message).toBe('Fires after (turns): must be at most 100,000. Nothing was changed.')
    expect(timer.details).toEqual([{ field: 'after.turns', problem: 'must be at most 100,000' }])
    const long = await refused(core, 'campaign.create', { name: 'x'.repeat(5000), system: 'osr' })
    expect(long.message).toBe('Name: must be at most 120 characters. Nothing was changed.')
    expect((await refused(core, 'campaign.rename', { id: campaignId, name: 'y'.repeat(5000) })).message).toBe('Name: must be at most 120 characters. Nothing was changed.')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    expect((await gm(core, 'campaign.get', { id: campaignId })).name).toBe('Capes')
  })

  it('checks without a message of their own refuse in plain words, never in the schema library’s', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
    const err = await refused(core, 'session.create', { campaignId, number: 'three', title: 7 })
    expect(err.message).toMatch(/^Number: must be a number; Title: must be text\. Nothing was changed\.$/)
    expect((await refused(core, 'play.start', { campaignId })).message).toBe('Who came: is missing. Nothing was changed.')
    expect((await refused(core, 'injury.list', { campaignId, unhealedOnly: 'yes' })).message).toBe('Unhealed only: must be yes or no. Nothing was changed.')
  })

  it('every key of every method’s input has a label in the GM’s words, so no key reaches a screen', () => {
    const keys = new Set<string>()
    const walk = (schema: unknown): void => {
      if (!schema || typeof schema !== 'object') return
      const s = schema as Record<string, unknown>
      if (s.properties && typeof s.properties === 'object') {
        for (const [key, value] of Object.entries(s.properties)) {
          keys.add(key)
          walk(value)
        }
      }
      if (s.items) walk(s.items)
      for (const k of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[k])) for (const x of s[k] as unknown[]) walk(x)
    }
    for (const def of Object.values(contract)) walk(z.toJSONSchema(def.input, { unrepresentable: 'any', io: 'input' }))
    const unlabelled = [...keys].filter((k) => !(k in FIELD_LABELS)).sort()
    expect(unlabelled).toEqual([])
    for (const k of keys) expect(FIELD_LABELS[k]).not.toMatch(INTERNAL)
  })

  it('a nested field is named with where it sits: a list entry by its number, a span by what it is for', () => {
    expect(fieldLabel('rows.2.max')).toBe('Highest roll (row 3)')
    expect(fieldLabel('sides.0.help.abilities.1.name')).toBe('Name (side 1, help, ability 2)')
    expect(fieldLabel('details.oilPints')).toBe('Oil (pints)')
    expect(fieldLabel('within.hours')).toBe('Look ahead (hours)')
    expect(fieldLabel('kind', 'injury.record')).toBe('What')
    expect(fieldLabel('input')).toBe('')
  })
})

describe('a refusal reads as sentences', () => {
  it('a problem ending in an ellipsis takes no second full stop: a journey leg with no ground', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'osr' })).id
    const leg = { terrain: 'road', length: 6, place: 'open', threshold: 20, tableId: null } as const
    const e = await refused(core, 'journey.preview', { campaignId, toName: 'Glimmerford', legs: [leg, { ...leg, terrain: ' ' }] })
    expect(e.message).toBe('Ground (leg 2): name the ground: road, forest, marsh … Nothing was changed.')
    expect(e.details).toEqual([{ field: 'legs.1.terrain', problem: 'name the ground: road, forest, marsh …' }])
  })
})
