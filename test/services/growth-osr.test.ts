/**
 * The old-school core between sessions, experience and spells: an award shared equally by those
 * who played (OSR-6), the level it reaches offered with its die's exact odds and taken in one
 * undoable action (OSR-2, OSR-3, OSR-15, OSR-21), the thresholds a campaign setting, and spells
 * learnt into capacity (OSR-21). Real router, real library; the seed's Glam as the example.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { OsrSheet } from '../../src/shared/api/sheets/osr'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { everyTableCount } from '../support/records'
import { glam as glamSheet, mage as mageSheet } from './sheets/fixtures'

let lib: TempLibrary
let core: Core
let campaignId: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  // The campaign's first d6 is a 5, its second a 2 (seed chosen for the seed's example, OSR-2).
  campaignId = (await gm(core, 'campaign.create', { name: 'Brigand Hills', system: 'osr', seed: 'glam-levels-11' })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const pc = async (name: string, sheet: OsrSheet = glamSheet) => (await gm(core, 'character.create', { campaignId, kind: 'pc', name, sheet })).id
const xpOf = async (characterId: number) => (await gm(core, 'ledger.balances', { campaignId, characterId })).find((b) => b.currency === 'xp')!.balance
const sheetOf = async (id: number) => (await gm(core, 'character.get', { id })).sheet as OsrSheet
const party = async () => gm(core, 'growth.osr.party', { campaignId })
const lastText = async () => (await gm(core, 'log.list', { campaignId, limit: 1 }))[0]!.payload.text
async function sessionWith(title: string, attendance: number[]): Promise<number> {
  const s = await gm(core, 'play.start', { campaignId, title, attendance })
  await gm(core, 'play.close', { id: s.id })
  return s.id
}

describe('OSR-6: experience shared equally by the party', () => {
  it('OSR-6: an award is shared by who played in the last session; what is left over is kept by no one, given to one, or rounded up', async () => {
    const [glam, tam, bo, vex] = [await pc('Glam'), await pc('Tam'), await pc('Bo'), await pc('Vex')]
    await sessionWith('The goblin warren', [glam, tam, bo])
    const first = await gm(core, 'growth.osr.award', { campaignId, amount: 7, reason: 'the goblin hoard' })
    expect(first.text).toBe('7 XP for the goblin hoard shared (OSR-6): Bo 2, Glam 2, and Tam 2; the 1 XP left over was kept by no one.')
    expect(await lastText()).toBe('Tam gained 2 XP (now 2), a share of the 7 XP awarded for the goblin hoard, shared with Bo and Glam (OSR-6); the 1 XP left over was kept by no one. Level 2 is reached.')
    expect([await xpOf(glam), await xpOf(tam), await xpOf(bo), await xpOf(vex)]).toEqual([2, 2, 2, 0])

    await gm(core, 'growth.osr.award', { campaignId, amount: 8, reason: 'the chief outwitted', remainder: 'one', giveToId: tam })
    expect([await xpOf(glam), await xpOf(tam), await xpOf(bo)]).toEqual([4, 6, 4])
    const last = await gm(core, 'growth.osr.award', { campaignId, amount: 5, reason: 'the map', attendance: [glam, vex], remainder: 'everyone' })
    expect(last.shares.map((s) => [s.name, s.amount, s.xp])).toEqual([
      ['Glam', 3, 7],
      ['Vex', 3, 3],
    ])
    expect(last.text).toBe('5 XP for the map shared (OSR-6): Glam 3 and Vex 3; each share was rounded up (1 XP left over).')
  })

  it('OSR-6: an award is one action: Ctrl+Z takes every share back, and the recap tells it between sessions', async () => {
    const [glam, tam] = [await pc('Glam'), await pc('Tam')]
    await sessionWith('The warren', [glam, tam])
    await gm(core, 'growth.osr.award', { campaignId, amount: 4, reason: 'treasure' })
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Glam gained 2 XP (now 2), a share of the 4 XP awarded for treasure, shared with Tam (OSR-6). Level 2 is reached')
    expect([await xpOf(glam), await xpOf(tam)]).toEqual([0, 0])
    await gm(core, 'play.redo', { campaignId })
    expect([await xpOf(glam), await xpOf(tam)]).toEqual([2, 2])
    const s2 = await gm(core, 'play.start', { campaignId, title: 'The tower', attendance: [glam, tam] })
    for (const variant of ['gm', 'players'] as const) {
      const recap = (await gm(core, 'recap.session', { sessionId: s2.id, variant })).markdown
      expect(recap).toContain('## Since the last session')
      expect(recap).toContain('- Glam gained 2 XP (now 2), a share of the 4 XP awarded for treasure, shared with Tam (OSR-6). Level 2 is reached.')
      // A growth action's own ledger entries are told by its line, not twice.
      expect(recap).not.toContain('a share of 4 XP (OSR-6) (now')
    }
  })

  it('OSR-6: refuses in words, changing nothing: no one played, one outside the award, an award that gives each nothing, another system', async () => {
    const glam = await pc('Glam')
    const tam = await pc('Tam')
    const before = await everyTableCount(core)
    expect((await refused(core, 'growth.osr.award', { campaignId, amount: 3 })).message).toBe(
      'No one who can grow played in the last session closed: choose who shares the award. Nothing was awarded.',
    )
    expect((await refused(core, 'growth.osr.award', { campaignId, amount: 3, attendance: [glam], remainder: 'one', giveToId: tam })).message).toBe(
      'Choose which of those sharing the award gets what is left over. Nothing was awarded.',
    )
    expect((await refused(core, 'growth.osr.award', { campaignId, amount: 1, attendance: [glam, tam] })).message).toBe(
      '1 XP shared by 2 gives each 0 XP, and the 1 XP left over would be kept by no one: give it to one of them, round the shares up, or award more. Nothing was awarded.',
    )
    await gm(core, 'character.update', { id: tam, status: 'dead' })
    const afterDeath = await everyTableCount(core)
    expect((await refused(core, 'growth.osr.award', { campaignId, amount: 2, attendance: [glam, tam] })).message).toBe('Tam is dead, and only an active character grows. Nothing was awarded.')
    const ladder = (await gm(core, 'campaign.create', { name: 'Westmarch', system: 'ladder' })).id
    expect((await refused(core, 'growth.osr.award', { campaignId: ladder, amount: 2 })).message).toBe(
      "This grows characters by the Old-school core's rules, and this campaign plays The Ladder. Nothing was awarded.",
    )
    expect(before.ledger_entry).toBe(afterDeath.ledger_entry)
    expect((await everyTableCount(core)).ledger_entry).toBe(before.ledger_entry)
  })
})

describe('OSR-6: reaching a level, taken in one undoable action', () => {
  it('OSR-6, OSR-2 (seed example): Glam reaches level 2 and rolls a 5: maximum H 4 → 10; resistance 13 → 12 (OSR-3); the odds shown first', async () => {
    const glam = await pc('Glam')
    expect((await party()).characters[0]!.offer).toBeNull()
    expect((await refused(core, 'growth.osr.levelUp', { characterId: glam })).message).toBe('Glam has 0 XP; level 2 begins at 1 XP (OSR-6). Nothing was changed.')
    await gm(core, 'growth.osr.award', { campaignId, amount: 1, reason: 'a small fortune', attendance: [glam] })
    const offer = (await party()).characters[0]!.offer!
    expect(offer.level).toBe(2)
    expect(offer.dice).toBe('1d6 + 1')
    expect(offer.maxH.map(([h]) => h)).toEqual([2, 3, 4, 5, 6, 7])
    for (const [, p] of offer.maxH) expect(p).toBeCloseTo(1 / 6, 15)
    expect(offer).toMatchObject({ resistance: { from: 13, to: 12 }, strikeBonus: { from: 0, to: 0 }, capacity: { arcane: { from: 0, to: 0 }, divine: { from: 0, to: 0 } } })

    const up = await gm(core, 'growth.osr.levelUp', { characterId: glam })
    expect(up).toEqual({
      text: 'Glam reached level 2 (OSR-6): maximum H 4 → 10 (1d6 rolled 5, +1 S: +6), H 4 → 10, resistance 13 → 12 on d20 (OSR-3), and strike bonus stays +0 (OSR-15).',
      level: 2,
      maxH: 10,
      gain: 6,
      faces: [5],
    })
    expect(await sheetOf(glam)).toMatchObject({ level: 2, maxH: 10, h: 10 })
    const [entry] = await gm(core, 'log.list', { campaignId, limit: 1 })
    expect(entry).toMatchObject({ kind: 'growth.osr.level', sessionId: null, dice: [{ sides: 6, face: 5 }] })
    expect((await gm(core, 'character.get', { id: glam })).facts).toContainEqual({ label: 'Resistance target', value: '12 on d20', rule: 'OSR-3' })
    expect((await party()).characters[0]).toMatchObject({ level: 2, offer: null, next: { level: 3, xp: 2 } })

    // Ctrl+Z puts the sheet back; Ctrl+Shift+Z rolls the same 5 again.
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe(up.text.replace(/\.$/, ''))
    expect(await sheetOf(glam)).toMatchObject({ level: 1, maxH: 4, h: 4 })
    expect(await xpOf(glam)).toBe(1)
    await gm(core, 'play.redo', { campaignId })
    expect(await sheetOf(glam)).toMatchObject({ level: 2, maxH: 10, h: 10 })
  })

  it('OSR-15, OSR-21: the strike bonus is worked out again (+1 at level 3) and a caster gains room for one more spell; a low S still adds at least 1 (OSR-2)', async () => {
    const mira = await pc('Mira', { ...mageSheet, S: -1, h: 5 })
    await gm(core, 'growth.osr.award', { campaignId, amount: 2, attendance: [mira] })
    const offer = (await party()).characters[0]!.offer!
    expect(offer.dice).toBe('1d6 − 1 (at least 1)')
    expect(offer.maxH).toEqual([
      [1, 2 / 6],
      [2, 1 / 6],
      [3, 1 / 6],
      [4, 1 / 6],
      [5, 1 / 6],
    ])
    const up = await gm(core, 'growth.osr.levelUp', { characterId: mira })
    expect(up.text).toBe(
      'Mira reached level 3 (OSR-6): maximum H 9 → 13 (1d6 rolled 5, −1 S: +4), H 5 → 9, resistance 14 → 13 on d20 (OSR-3), strike bonus +0 → +1 (OSR-15), and spells 2 → 3 (OSR-21).',
    )
  })

  it('OSR-6: the thresholds are a campaign setting; past the list each level takes the last step again; the sheet counts by them too', async () => {
    const glam = await pc('Glam')
    expect((await gm(core, 'setting.list', { campaignId })).find((s) => s.key === 'osr.levelThresholds')).toEqual({ key: 'osr.levelThresholds', value: [1], isDefault: true })
    expect((await refused(core, 'setting.set', { campaignId, key: 'osr.levelThresholds', value: ['100', '50'] })).message).toBe(
      'Experience for each level: each level must take more XP than the level before it; the setting was not changed.',
    )
    // The Settings page sends its lines as text.
    expect((await gm(core, 'setting.set', { campaignId, key: 'osr.levelThresholds', value: ['100', '300', '600'] })).value).toEqual([100, 300, 600])
    await gm(core, 'growth.osr.award', { campaignId, amount: 150, attendance: [glam] })
    expect((await gm(core, 'character.get', { id: glam })).facts).toContainEqual({ label: 'Experience', value: '150: reaches level 2, ready to gain a level', rule: 'OSR-6' })
    await gm(core, 'growth.osr.levelUp', { characterId: glam })
    expect((await refused(core, 'growth.osr.levelUp', { characterId: glam })).message).toBe('Glam has 150 XP; level 3 begins at 300 XP (OSR-6). Nothing was changed.')
    expect((await party()).thresholds).toEqual([100, 300, 600])
    await gm(core, 'character.update', { id: glam, sheet: { ...(await sheetOf(glam)), level: 4 } })
    expect((await party()).characters[0]!.next).toEqual({ level: 5, xp: 900 })
  })

  it('OSR-6, OSR-19: the dead are refused in words and leave the party; an undo is refused once the sheet was changed since', async () => {
    const glam = await pc('Glam')
    const gone = await pc('Gone')
    await gm(core, 'growth.osr.award', { campaignId, amount: 2, attendance: [glam, gone] })
    await gm(core, 'character.update', { id: gone, status: 'dead', sheet: { ...glamSheet, h: -4, maxH: 0 } })
    expect((await refused(core, 'growth.osr.levelUp', { characterId: gone })).message).toBe('Gone is dead, and only an active character grows. Nothing was changed.')
    expect((await party()).characters.map((c) => c.name)).toEqual(['Glam'])
    await gm(core, 'growth.osr.levelUp', { characterId: glam })
    await gm(core, 'character.update', { id: glam, notes: 'scar', sheet: { ...(await sheetOf(glam)), h: 3 } })
    expect((await refused(core, 'play.undo', { campaignId })).message).toMatch(/cannot be undone: Glam’s sheet has been changed since\. Nothing was undone\.$/)
  })
})

describe('OSR-21: learning a spell into capacity', () => {
  it('OSR-21: a starting mage learns one spell from a teacher; a second waits for a level, a level-2 spell for level 2, an unreadable record for Decipher Arcana', async () => {
    const mira = await pc('Mira', { ...glamSheet, optionsAllowed: 1, options: ['arcane knowledge'] })
    const learnt = await gm(core, 'growth.osr.learn', { characterId: mira, spellId: 'smite-foe', from: 'teacher' })
    expect(learnt.text).toBe('Mira learnt Smite Foe, a level 1 spell, from a teacher (OSR-21): 1 of 1 spells.')
    expect((await sheetOf(mira)).spells).toEqual([{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 }])
    const before = await everyTableCount(core)
    expect((await refused(core, 'growth.osr.learn', { characterId: mira, spellId: 'decipher-arcana', from: 'record' })).message).toBe(
      'No room for Decipher Arcana: 1 of 1 spell(s) already learnt; gain a level first (OSR-21). Nothing was learnt.',
    )
    await gm(core, 'growth.osr.award', { campaignId, amount: 1, attendance: [mira] })
    await gm(core, 'growth.osr.levelUp', { characterId: mira })
    const counted = await everyTableCount(core)
    const unread = await refused(core, 'growth.osr.learn', { characterId: mira, spellId: 'vanish', from: 'record', readable: false })
    expect(unread.message).toBe('Vanish was found recorded but cannot be read (Decipher Arcana can read it) (OSR-21). Nothing was learnt.')
    expect(unread.details).toEqual([{ field: 'readable', problem: expect.stringContaining('cannot be read') }])
    expect(await everyTableCount(core)).toEqual(counted)
    expect((await gm(core, 'growth.osr.learn', { characterId: mira, spellId: 'vanish', from: 'record' })).text).toBe(
      'Mira learnt Vanish, a level 2 spell, from a record found and read (OSR-21): 2 of 2 spells.',
    )
    expect(before.log_entry!).toBeLessThan(counted.log_entry!)
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Mira learnt Vanish, a level 2 spell, from a record found and read (OSR-21): 2 of 2 spells')
    expect((await sheetOf(mira)).spells.map((s) => s.id)).toEqual(['smite-foe'])
  })

  it('OSR-21: the level limit, a spell known already, no art to learn it with, and a GM’s own invocation', async () => {
    const mira = await pc('Mira', { ...glamSheet, optionsAllowed: 1, options: ['arcane knowledge'] })
    expect((await refused(core, 'growth.osr.learn', { characterId: mira, spellId: 'vanish', from: 'teacher' })).message).toBe(
      'Vanish is a level 2 spell; a level 1 caster can learn spells of level 1 at most (OSR-21). Nothing was learnt.',
    )
    const glam = await pc('Glam')
    expect((await refused(core, 'growth.osr.learn', { characterId: glam, spellId: 'smite-foe', from: 'teacher' })).message).toBe(
      'Smite Foe is a spell; learning it needs arcane knowledge (OSR-21). Nothing was learnt.',
    )
    const brother = await pc('Brother Ash', { ...glamSheet, optionsAllowed: 1, options: ['divine audience'], patron: 'The Lantern-Bearer' })
    expect((await gm(core, 'growth.osr.learn', { characterId: brother, name: 'Bless the Road', art: 'divine', level: 1, from: 'teacher' })).text).toBe(
      'Brother Ash learnt Bless the Road, a level 1 invocation, from a teacher (OSR-21): 1 of 1 invocations.',
    )
    expect((await sheetOf(brother)).spells).toEqual([{ id: 'bless-the-road', name: 'Bless the Road', art: 'divine', level: 1 }])
    expect((await refused(core, 'growth.osr.learn', { characterId: brother, name: 'Bless the Road', from: 'teacher' })).message).toBe(
      'Say whether Bless the Road is a spell (arcane) or an invocation (divine). Nothing was learnt.',
    )
    expect((await refused(core, 'growth.osr.learn', { characterId: mira, spellId: 'fireball', from: 'teacher' })).message).toMatch(/^There is no sample spell “fireball”; the samples are Smite Foe, /)
  })
})
