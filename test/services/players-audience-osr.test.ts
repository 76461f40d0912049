/**
 * The old-school table through the players' gate: a fight against a typed-in foe and an NPC foe,
 * each with a unique marker in its name and numbers (OSR-14 … OSR-19). Until the GM reveals a foe
 * its name never reaches the players' screen or recap; until the GM shows its numbers, neither do
 * its H, armour, level, M or the modifiers and targets they make; what happened in words the table
 * saw (a hit, 9 H, down) does. A reveal changes what is written after it, never what was written
 * before. Real router, real library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { playerView } from '../../src/main/services/players'
import { decideEntry } from '../../src/main/services/players/audience/rules'
import { metFoes, visibilityOf } from '../../src/main/services/players/audience/visibility'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'

let lib: TempLibrary
let core: Core
let campaignId: number
let sessionId: number
let glam: number
let abbot: number

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'audience-osr' })).id
  glam = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', sheet: { level: 1, B: 1, M: 0, S: 0, h: 6, maxH: 6 } })).id
  abbot = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Qzv Abbot', sheet: { level: 13, B: 1, M: 1, S: 0, h: 173, maxH: 173 } })).id
  sessionId = (await gm(core, 'play.start', { campaignId, title: 'The crypt', attendance: [glam] })).id
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const players = async () => {
  const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
  const view = JSON.stringify(await playerView(core.deps, campaignId))
  return `${recap}\n${view}`
}
const gmRecap = async () => (await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown

describe('the old-school table through the players’ gate (OSR-14 … OSR-19)', () => {
  it('hides a typed foe’s and an NPC foe’s names and numbers until shown, in the screen and the recap, during and after the fight', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [abbot], adHoc: [{ name: 'Zqx Bear', maxH: 187, armour: 13, level: 17, M: 2 }] })
    const view = await gm(core, 'osr.state', { campaignId })
    const bear = view.combat!.combatants.find((c) => c.name === 'Zqx Bear')!.characterId
    await gm(core, 'osr.roll', { campaignId, roll: { what: 'strike', characterId: glam, targetId: bear, weaponId: null, darkness: false }, gmOnly: false })
    await gm(core, 'osr.roll', { campaignId, roll: { what: 'strike', characterId: bear, targetId: glam, weaponId: null, darkness: false }, gmOnly: false })
    await gm(core, 'osr.roll', { campaignId, roll: { what: 'save', characterId: abbot }, gmOnly: false })
    await gm(core, 'osr.harm', { campaignId, characterId: bear, harm: 9, cause: 'a falling stone' })
    await gm(core, 'osr.round', { campaignId })

    const during = await players()
    for (const secret of ['Zqx', 'Qzv', '187', '173', '178']) expect(during).not.toContain(secret)
    // What the table saw stays: the strike's die, the harm in words.
    expect(during).toMatch(/Glam struck at a foe with a natural limb: \d+ — (hit, \d+ H|miss)\./)
    expect(during).toContain('A foe took 9 H (a falling stone).')
    // The GM's recap tells it all.
    expect(await gmRecap()).toContain('Zqx Bear')

    await gm(core, 'osr.combat.end', { campaignId })
    const after = await players()
    for (const secret of ['Zqx', 'Qzv', '187', '173', '178']) expect(after).not.toContain(secret)
    expect(after).toContain('The fight is over after')
  })

  it('names a foe from its reveal on, and its numbers from when they are shown, never in what was written before', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], adHoc: [{ name: 'Zqx Bear', maxH: 187, armour: 13, level: 17 }] })
    const bear = (await gm(core, 'osr.state', { campaignId })).combat!.combatants.find((c) => c.name === 'Zqx Bear')!.characterId
    await gm(core, 'osr.harm', { campaignId, characterId: bear, harm: 1, cause: 'first' })
    const key = (await gm(core, 'players.controls', { campaignId })).foes[0]!.key
    await gm(core, 'players.reveal', { campaignId, key, what: 'foe', shown: true })
    await gm(core, 'osr.harm', { campaignId, characterId: bear, harm: 2, cause: 'second' })
    await gm(core, 'players.reveal', { campaignId, key, what: 'numbers', shown: true })
    await gm(core, 'osr.harm', { campaignId, characterId: bear, harm: 3, cause: 'third' })
    const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
    expect(recap).toContain('A foe took 1 H (first).')
    expect(recap).toContain('Zqx Bear took 2 H (second).')
    expect(recap).not.toContain('186 → 184')
    expect(recap).toContain('Zqx Bear took 3 H (third). Zqx Bear 184 → 181 H.')
    // The GM's own bookkeeping of what was shown is the GM's.
    expect(recap).not.toContain('Shown to the players')
  })

  it('a reveal is an action: undone, the foe is hidden again in what follows', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], adHoc: [{ name: 'Zqx Bear', maxH: 187 }] })
    const key = (await gm(core, 'players.controls', { campaignId })).foes[0]!.key
    await gm(core, 'players.reveal', { campaignId, key, what: 'foe', shown: true })
    expect((await playerView(core.deps, campaignId)).combat!.groups.flatMap((g) => g.fighters.map((f) => f.name))).toContain('Zqx Bear')
    expect((await gm(core, 'play.undo', { campaignId })).undone).toBe('Shown to the players: Zqx Bear')
    expect(JSON.stringify(await playerView(core.deps, campaignId))).not.toContain('Zqx')
    await gm(core, 'play.redo', { campaignId })
    expect(JSON.stringify(await playerView(core.deps, campaignId))).toContain('Zqx Bear')
  })

  it('CLK-4: keeps a light a foe carries, and what it does, from the players; a free-text injury is “Injury”', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], foes: [abbot] })
    const lantern = await gm(core, 'inventory.add', { characterId: abbot, name: 'Lantern', kind: 'light', quantity: 1, details: { type: 'lantern' } })
    await gm(core, 'light.light', { campaignId, itemId: lantern.id })
    await gm(core, 'injury.record', { characterId: glam, kind: 'other', description: 'Qzv curse of the abbot' })
    await gm(core, 'osr.combat.end', { campaignId })
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 50 } })
    const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', quantity: 1, details: { type: 'torch' } })
    await gm(core, 'light.light', { campaignId, itemId: torch.id })
    const view = await playerView(core.deps, campaignId)
    // The party's torch, with its carrier; not the abbot's lantern.
    expect(view.lights).toEqual([expect.objectContaining({ name: 'Torch', carrier: 'Glam' })])
    expect(JSON.stringify(view)).not.toContain('Qzv')
    const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
    expect(recap).not.toMatch(/Qzv|Lantern|lantern/)
    expect(recap).toContain('Glam took Torch.')
    expect(recap).toContain('Glam’s torch was lit.')
    expect(view.party[0]!.conditions).toContain('Injury')
  })
})

describe('what the clock tells of someone outside the party (CLK-5, CLK-8, OSR-20)', () => {
  it('is the GM’s: an NPC’s rations, injury or natural healing; the party’s are told', () => {
    const v = visibilityOf([], [{ id: 1, name: 'Glam' }])
    const healing = (characterId: string) => ({ kind: 'natural healing', characterId, healed: 2, h: 5, maxH: 8, text: 'Someone heals 2 H (5/8)' })
    expect(decideEntry('clock.event.natural-healing', healing('2'), false, v).audience).toBe('gm')
    expect(decideEntry('clock.event.natural-healing', healing('1'), false, v).audience).toBe('all')
    expect(decideEntry('clock.event.rations', { kind: 'rations', characterId: '2', text: 'x' }, false, v).audience).toBe('gm')
    expect(decideEntry('clock.event.injury', { kind: 'injury', characterId: '1', text: 'x' }, false, v).audience).toBe('all')
    expect(decideEntry('inventory.added', { character: 'Qzv Abbot', name: 'Lantern' }, false, v).audience).toBe('gm')
  })
})

describe('the old-school rules of the players’ gate, kind by kind', () => {
  const hidden = visibilityOf([{ key: 'osr:-1', name: 'Zqx Bear', alias: 'a foe', revealed: false, numbersShown: false }])
  const named = visibilityOf([{ key: 'osr:-1', name: 'Zqx Bear', alias: 'a foe', revealed: true, numbersShown: false }])
  const shown = visibilityOf([{ key: 'osr:-1', name: 'Zqx Bear', alias: 'a foe', revealed: true, numbersShown: true }])

  it('OSR-15: a strike at a foe whose numbers are hidden keeps the die and the hit, not the modifier that holds its armour', () => {
    const p = { who: 'Glam', characterId: 1, target: 'Zqx Bear', targetId: -1, weapon: 'Sword', modifier: -12, parts: [{ label: 'Armour', value: -13 }], rolls: [{ natural: 19, total: 7, success: true, harm: 5 }], totalHarm: 5, harmed: { name: 'Zqx Bear', harm: 5, before: { h: 187, maxH: 187 }, after: { h: 182, maxH: 187 }, limb: 'none', incapacitated: false, dead: false } }
    expect(decideEntry('osr.strike', p, false, hidden).players).toEqual({
      who: 'Glam', characterId: 1, target: 'a foe', targetId: -1, weapon: 'Sword', rolls: [{ natural: 19, success: true, harm: 5 }], totalHarm: 5,
      harmed: { name: 'a foe', harm: 5, limb: 'none', incapacitated: false, dead: false },
    })
    expect(decideEntry('osr.strike', p, false, named).players).toMatchObject({ target: 'Zqx Bear', harmed: { name: 'Zqx Bear' } })
    expect(decideEntry('osr.strike', p, false, shown)).toEqual({ audience: 'all', players: null })
  })

  it('OSR-3, OSR-10: a foe’s check or resistance keeps its die and outcome, not its target', () => {
    const p = { who: 'Zqx Bear', characterId: -1, target: 4, natural: 12, outcome: 'success' }
    expect(decideEntry('osr.save', p, false, named).players).toEqual({ who: 'Zqx Bear', characterId: -1, natural: 12, outcome: 'success' })
  })

  it('OSR-14: a foe typed in while hidden is not told at all; revealed with numbers hidden, only that it joined', () => {
    const p = { name: 'Zqx Bear', characterId: -1, maxH: 187, h: 187, armour: 13, weapon: 'long', level: 17, M: 3, round: 1, initiative: { natural: 3, total: 6 } }
    expect(decideEntry('osr.combat.foe', p, false, hidden).audience).toBe('gm')
    expect(decideEntry('osr.combat.foe', p, false, named).players).toEqual({ name: 'Zqx Bear', characterId: -1, round: 1, initiative: { total: 6 } })
    expect(decideEntry('osr.initiative', { round: 1, rolls: [{ name: 'Zqx Bear', natural: 3, total: 6, M: 3 }], order: [{ total: 6, names: ['Zqx Bear'] }] }, false, hidden).players).toEqual({
      round: 1, rolls: [{ name: 'a foe', natural: 3, total: 6 }], order: [{ total: 6, names: ['a foe'] }],
    })
  })

  it('OSR-12: the encounter’s row that brought the fight is the GM’s; a foe saved as an NPC is the GM’s record-keeping', () => {
    expect(decideEntry('osr.combat.started', { party: ['Glam'], foes: ['Zqx Bear'], met: '2d4 ghouls' }, false, hidden).players).toEqual({ party: ['Glam'], foes: ['a foe'] })
    expect(decideEntry('osr.combat.foe.saved', { name: 'Zqx Bear' }, false, shown).audience).toBe('gm')
  })
})

describe('a foe’s faces on the players’ screen', () => {
  it('OSR-16: a strike by a foe whose numbers are hidden shows no faces (its harm die is its weapon’s class); one by a player character does', async () => {
    const lib2 = tempLibrary()
    const core2 = await lib2.open()
    try {
      const c = (await gm(core2, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'faces' })).id
      const pc = (await gm(core2, 'character.create', { campaignId: c, kind: 'pc', name: 'Glam', sheet: { level: 1, B: 1, M: 0, S: 0, h: 6, maxH: 6 } })).id
      await gm(core2, 'osr.combat.start', { campaignId: c, party: [pc], adHoc: [{ name: 'Zqx Bear', maxH: 187, weapon: 'long' }] })
      const bear = (await gm(core2, 'osr.state', { campaignId: c })).combat!.combatants.find((x) => x.name === 'Zqx Bear')!.characterId
      await gm(core2, 'osr.roll', { campaignId: c, roll: { what: 'strike', characterId: bear, targetId: pc, weaponId: null, darkness: false }, gmOnly: false })
      await gm(core2, 'osr.roll', { campaignId: c, roll: { what: 'strike', characterId: pc, targetId: bear, weaponId: null, darkness: false }, gmOnly: false })
      const [byGlam, byBear] = (await playerView(core2.deps, c)).rolls
      expect(byBear!.text).toMatch(/^A foe struck at Glam/)
      expect(byBear!.faces).toEqual([])
      expect(byGlam!.faces.length).toBeGreaterThan(0)
    } finally {
      await core2.close()
      lib2.cleanup()
    }
  })
})

describe('the party the players’ gate knows', () => {
  it('every player character once, and an NPC on the open session’s attendance (an older library’s), none once it is closed', async () => {
    await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Bo', sheet: { level: 1, B: 0, M: 0, S: 0, h: 5, maxH: 5 } })
    const names = async () => (await metFoes(core.deps.db, campaignId)).party.map((m) => m.name).sort()
    // Glam attends and is a player character: listed once. Bo did not come and is one too; Qzv Abbot, an NPC, is not.
    expect(await names()).toEqual(['Bo', 'Glam'])
    // Attendance takes player characters only today; a library from before may list an NPC.
    await core.deps.db.insertInto('session_attendance').values({ session_id: sessionId, character_id: abbot }).execute()
    expect(await names()).toEqual(['Bo', 'Glam', 'Qzv Abbot'])
    await gm(core, 'play.close', { id: sessionId })
    expect(await names()).toEqual(['Bo', 'Glam'])
  })
})
