/**
 * The LODE and Resolution and Ranks combat scenes follow the clock's one combat (CLK-2): started
 * anywhere, the scene starts; its round is the clock's; one End ends both; an undo takes both back.
 * Foes come from an encounter's row (DICE-1: the number appearing rolled on the step's one roll) or
 * are typed in place with the system's number (LODE-12 Base Dice, RK-1 rank), and can be kept as
 * NPCs. LODE-11's scene count moves with the fight. Real router, real library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { seededDice } from '../../src/main/engines/dice'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { lastEntry } from './table-ladder-support'
import { all, one, value } from '../support/sql'

const SEED = 'scene-combat'
let lib: TempLibrary
let core: Core

const counter = async (campaignId: number) => Number(await value(core, 'select dice_counter as n from campaign where id = ?', campaignId))
const npcs = (campaignId: number) => all<{ name: string; notes: string }>(core, "select name, notes from character where campaign_id = ? and kind = 'npc' order by id", campaignId)

beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('LODE: the scene follows the clock’s combat (CLK-2, LODE-11)', () => {
  let campaignId: number
  beforeEach(async () => {
    campaignId = (await gm(core, 'campaign.create', { name: 'Lode Deep', system: 'lode', seed: SEED })).id
  })

  it('CLK-2: starting combat on the clock bar starts the scene; each R is its round; one End ends both', async () => {
    expect(await gm(core, 'lode.combat', { campaignId })).toBeNull()
    await gm(core, 'clock.startCombat', { campaignId })
    expect(await gm(core, 'lode.combat', { campaignId })).toMatchObject({ round: 0, foes: [], met: null })
    for (let round = 1; round <= 3; round++) {
      await gm(core, 'clock.nextRound', { campaignId })
      expect((await gm(core, 'lode.combat', { campaignId }))!.round).toBe(round)
      expect((await gm(core, 'clock.get', { campaignId })).round).toBe(round)
    }
    await gm(core, 'clock.endCombat', { campaignId })
    expect(await gm(core, 'lode.combat', { campaignId })).toBeNull()
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('exploration')
    const kinds = await logKinds(core, campaignId)
    expect(kinds.filter((k) => k.startsWith('lode.combat.'))).toEqual(['lode.combat.started', 'lode.combat.ended'])
    const [ended] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'lode.combat.ended' })
    expect(ended!.payload).toMatchObject({ rounds: 3 })
  })

  it('LODE-11: the fight is a scene of its own, and the scene after it begins when it ends; undo puts the count back', async () => {
    expect((await gm(core, 'lode.table', { campaignId })).scene.number).toBe(1)
    await gm(core, 'lode.combat.begin', { campaignId })
    expect((await gm(core, 'lode.table', { campaignId })).scene.number).toBe(2)
    await gm(core, 'clock.endCombat', { campaignId })
    expect((await gm(core, 'lode.table', { campaignId })).scene.number).toBe(3)
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'lode.table', { campaignId })).scene.number).toBe(2)
    expect((await gm(core, 'clock.get', { campaignId })).mode).toBe('combat')
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'lode.table', { campaignId })).scene.number).toBe(1)
    expect(await gm(core, 'lode.combat', { campaignId })).toBeNull()
  })

  it('DICE-1, LODE-7: an encounter’s “2d4 ghouls” are that many foes at Base Dice 2, rolled on the step’s one roll, with its faces', async () => {
    const taken = await counter(campaignId)
    const dice = seededDice(`${SEED}#${taken + 1}`)
    const count = dice.roll(4) + dice.roll(4)
    const scene = await gm(core, 'lode.combat.begin', { campaignId, met: { text: '2d4 ghouls', npcId: null, npcName: null } })
    expect(await counter(campaignId)).toBe(taken + 1)
    expect(scene.foes.map((f) => f.name)).toEqual(Array.from({ length: count }, (_, i) => `Ghouls ${i + 1}`))
    expect(scene.foes.every((f) => f.baseDice === 2 && f.rank === null && f.npcId === null)).toBe(true)
    expect(scene.met).toBe('2d4 ghouls')
    const [started] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'lode.combat.started' })
    expect(started!.dice).toHaveLength(2)
  })

  it('LODE-12: a foe typed in place has a name and Base Dice; kept as an NPC, the fight counts it as that NPC; undo takes each back', async () => {
    await gm(core, 'lode.combat.begin', { campaignId })
    const typed = await gm(core, 'lode.combat.foe', { campaignId, foe: { name: 'Rust golem', baseDice: 3 } })
    expect(typed.foes).toEqual([{ index: 0, name: 'Rust golem', baseDice: 3, rank: null, npcId: null }])
    const saved = await gm(core, 'lode.combat.foe.save', { campaignId, index: 0 })
    expect(saved.foes[0]!.npcId).toBeGreaterThan(0)
    expect(await npcs(campaignId)).toEqual([{ name: 'Rust golem', notes: 'Fought at Base Dice 3.' }])
    expect((await refused(core, 'lode.combat.foe.save', { campaignId, index: 0 })).message).toBe('Rust golem is already an NPC of the campaign.')
    await gm(core, 'play.undo', { campaignId })
    expect(await npcs(campaignId)).toEqual([])
    expect((await gm(core, 'lode.combat', { campaignId }))!.foes[0]!.npcId).toBeNull()
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'lode.combat', { campaignId }))!.foes).toEqual([])
    await gm(core, 'play.redo', { campaignId })
    expect((await gm(core, 'lode.combat', { campaignId }))!.foes.map((f) => f.name)).toEqual(['Rust golem'])
  })

  it('refuses a foe with no combat, no name or impossible Base Dice, writing nothing', async () => {
    const before = (await logKinds(core, campaignId)).length
    expect((await refused(core, 'lode.combat.foe', { campaignId, foe: { name: 'Ghoul', baseDice: 2 } })).message).toMatch(/no combat under way/)
    await gm(core, 'clock.startCombat', { campaignId })
    const noName = await refused(core, 'lode.combat.foe', { campaignId, foe: { name: '  ', baseDice: 2 } })
    expect(noName.details?.[0]?.problem).toBe('A foe needs a name')
    const tooMany = await refused(core, 'lode.combat.foe', { campaignId, foe: { name: 'Ghoul', baseDice: 99 } })
    expect(tooMany.details?.[0]?.problem).toBe('must be at most 20')
    expect((await logKinds(core, campaignId)).length).toBe(before + 2)
    expect((await refused(core, 'ranks.combat.foe', { campaignId, foe: { name: 'Ghoul', rank: 'good' } })).message).toMatch(/does not play Resolution and Ranks/)
  })
})

describe('Ranks: the scene follows the clock’s combat (CLK-2, RK-1)', () => {
  let campaignId: number
  beforeEach(async () => {
    campaignId = (await gm(core, 'campaign.create', { name: 'Ranks Town', system: 'ranks', seed: SEED })).id
  })

  it('CLK-2: begun from an encounter with its NPC, the scene’s round is the clock’s; undo of a round takes the clock back with it', async () => {
    const boss = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Cult leader', draft: true })).id
    const scene = await gm(core, 'ranks.combat.begin', { campaignId, met: { text: '', npcId: boss, npcName: 'Cult leader' } })
    expect(scene.foes).toEqual([{ index: 0, name: 'Cult leader', baseDice: null, rank: 'fair', npcId: boss }])
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.nextRound', { campaignId })
    expect((await gm(core, 'ranks.combat', { campaignId }))!.round).toBe(2)
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'ranks.combat', { campaignId }))!.round).toBe(1)
    expect((await gm(core, 'clock.get', { campaignId })).round).toBe(1)
  })

  it('RK-1: a typed foe has an ability rank; the End names the foes and the rounds; the next fight starts clean', async () => {
    await gm(core, 'clock.startCombat', { campaignId })
    await gm(core, 'ranks.combat.foe', { campaignId, foe: { name: 'Cultist', rank: 'good' } })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.endCombat', { campaignId })
    const [ended] = await gm(core, 'log.list', { campaignId, limit: 1, kind: 'ranks.combat.ended' })
    expect(ended!.payload).toMatchObject({ rounds: 1, foes: ['Cultist'], text: 'The fight is over after 1 round against Cultist.' })
    await gm(core, 'clock.startCombat', { campaignId })
    expect((await gm(core, 'ranks.combat', { campaignId }))!.foes).toEqual([])
    const bad = await refused(core, 'ranks.combat.foe', { campaignId, foe: { name: 'Cultist', rank: 'legendary' } })
    expect(bad.details?.[0]?.field).toBe('foe.rank')
  })
})

describe('foes met and kept in the Ladder and the Challenge System (CLK-2, CH-9, LAD-12)', () => {
  it('CH-9: a Challenge combat begun from “3 ghouls” names them for the set-up; from the clock bar it names none', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: SEED })).id
    const fight = await gm(core, 'challenge.combat.begin', { campaignId, met: { text: '3 ghouls', npcId: null, npcName: null } })
    expect(fight.foes.map((f) => f.name)).toEqual(['Ghouls 1', 'Ghouls 2', 'Ghouls 3'])
    expect(fight.foes.every((f) => f.baseDice === null && f.rank === null)).toBe(true)
    await gm(core, 'clock.endCombat', { campaignId })
    expect(await gm(core, 'challenge.combat', { campaignId })).toBeNull()
    await gm(core, 'clock.startCombat', { campaignId })
    expect((await gm(core, 'challenge.combat', { campaignId }))!.foes).toEqual([])
  })

  it('CH-1, CH-9: the opposition of a challenge is kept as an NPC with its ability and rating; a character’s side is refused', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: SEED })).id
    const tai = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Tai', sheet: { abilities: [{ name: 'Vanquish Monster', rating: 7 }] } })).id
    const c = await gm(core, 'challenge.start', {
      campaignId,
      sides: [
        { characterId: tai, ability: 'Vanquish Monster', name: 'Tai', rating: 7 },
        { name: 'Ghouls', ability: 'Clawing', rating: 4, horde: 3 },
      ],
    })
    const { npcId } = await gm(core, 'challenge.combat.foe.save', { campaignId, challengeId: c.id, side: 1 })
    expect(await gm(core, 'character.get', { id: npcId })).toMatchObject({ kind: 'npc', name: 'Ghouls', notes: 'One of a horde of 3 (CH-9).', sheet: { abilities: [{ name: 'Clawing', rating: 4 }] } })
    expect((await refused(core, 'challenge.combat.foe.save', { campaignId, challengeId: c.id, side: 1 })).message).toBe('Ghouls is already an NPC of the campaign.')
    expect((await refused(core, 'challenge.combat.foe.save', { campaignId, challengeId: c.id, side: 0 })).message).toBe('Tai is a character of the campaign already.')
    await gm(core, 'play.undo', { campaignId })
    expect(await npcs(campaignId)).toEqual([])
  })

  it('LAD-12: a foe typed into the Ladder’s fight is kept as an NPC with its asset; twice is refused; undo removes the NPC', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: SEED })).id
    await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'combat',
      name: '',
      combatants: [
        { name: 'Tai', asset: 'expert' },
        { name: 'Dock thug', assetName: 'Brawling', asset: 'good' },
      ],
    })
    const { npcId } = await gm(core, 'ladder.combat.foe.save', { campaignId, name: 'Dock thug' })
    const npc = await gm(core, 'character.get', { id: npcId })
    expect(npc).toMatchObject({ kind: 'npc', name: 'Dock thug', sheet: { assets: [{ name: 'Brawling', rating: 'good' }] } })
    expect((await refused(core, 'ladder.combat.foe.save', { campaignId, name: 'Dock thug' })).message).toBe('Dock thug is already an NPC of the campaign.')
    expect((await refused(core, 'ladder.combat.foe.save', { campaignId, name: 'Nobody' })).message).toBe('There is no Nobody in this fight.')
    await gm(core, 'play.undo', { campaignId })
    expect(await npcs(campaignId)).toEqual([])
  })

  it('LAD-12, LAD-18: a typed foe kept as an NPC fights on as that NPC: the fight lists the NPC, its injuries so far are the NPC’s, and the next hit is recorded on it', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: SEED })).id
    const started = await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'combat',
      name: 'Docks',
      combatants: [
        { name: 'Tai', asset: 'expert', shootName: 'Pistols', shoot: 'expert' },
        { name: 'Dock thug', assetName: 'Brawling', asset: 'good' },
      ],
    })
    const thug = (view: { sides: { members: { name: string; characterId: number | null; status: unknown }[] }[] }) => view.sides[0]!.members.find((m) => m.name === 'Dock thug')!
    const shoot = () => gm(core, 'ladder.combat.round', { id: started.id, gunfire: [{ shooter: 'Tai', target: 'Dock thug', rung: 'poor' }] })
    // Tai shoots until the thug is hurt, while still a typed foe: the tracker alone keeps its status.
    let view = started
    for (let i = 0; i < 12 && JSON.stringify(thug(view).status) === JSON.stringify({ subdued: false, wounds: 0, incapacitated: null, killed: false }); i++) view = await shoot()
    const hurt = thug(view).status
    // The seeded dice leave it Incapacitated (LAD-18), not killed.
    expect(hurt).toEqual({ subdued: false, wounds: 0, incapacitated: 'injury', killed: false })
    const injuryRows = (id: number) => all<{ id: number; details: string }>(core, 'select id, details from injury where character_id = ? order by id', id)
    expect(await one(core, 'select count(*) as n from injury')).toEqual({ n: 0 })

    const { npcId } = await gm(core, 'ladder.combat.foe.save', { campaignId, name: 'Dock thug' })
    const [after] = (await gm(core, 'ladder.conflict.list', { campaignId, openOnly: false })).filter((c) => c.id === started.id)
    expect(thug(after!)).toMatchObject({ characterId: npcId, name: 'Dock thug', assetName: 'Brawling', asset: 'good', status: hurt })
    // LAD-18: what it took in the fight is now the NPC's injury record, and reads back as the same status.
    expect(await gm(core, 'injury.list', { campaignId, characterId: npcId })).toMatchObject([{ characterId: npcId, details: { kind: 'ladder.damage', level: 'incapacitated', thirdWound: false } }])
    expect((await lastEntry(core, campaignId, 'ladder.combat.foe.saved')).payload.text).toBe('Dock thug is kept as an NPC of the campaign, fights on as that NPC and carries the injuries taken in the fight (1).')

    // What happens to it next is the NPC's: the next hit kills it (a Wound on the Incapacitated, LAD-18), on its record.
    let landed = null as null | (typeof view.last & {})['consequences'][number]
    for (let i = 0; i < 12 && !landed; i++) landed = (await shoot()).last!.consequences.find((c) => c.name === 'Dock thug' && c.outcome !== 'no effect') ?? null
    expect(landed).toMatchObject({ characterId: npcId, outcome: 'killed', injury: { characterId: npcId, details: { level: 'killed' } } })
    expect(await injuryRows(npcId)).toHaveLength(2)
  })

  it('LAD-12: undoing “Save as NPC” puts the typed foe back in the fight and removes the NPC with the injuries it carried over; redo links it again', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: SEED })).id
    const started = await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'combat',
      combatants: [
        { name: 'Tai', asset: 'expert', shootName: 'Pistols', shoot: 'expert' },
        { name: 'Dock thug', assetName: 'Brawling', asset: 'good' },
      ],
    })
    let view = started
    for (let i = 0; i < 12 && view.sides[0]!.members[1]!.status?.wounds === 0 && !view.sides[0]!.members[1]!.status?.incapacitated; i++) {
      view = await gm(core, 'ladder.combat.round', { id: started.id, gunfire: [{ shooter: 'Tai', target: 'Dock thug', rung: 'poor' }] })
    }
    const status = view.sides[0]!.members[1]!.status
    await gm(core, 'ladder.combat.foe.save', { campaignId, name: 'Dock thug' })
    expect(await value(core, 'select count(*) as n from injury')).toBeGreaterThan(0)
    await gm(core, 'play.undo', { campaignId })
    expect(await npcs(campaignId)).toEqual([])
    expect(await one(core, 'select count(*) as n from injury')).toEqual({ n: 0 })
    const [back] = (await gm(core, 'ladder.conflict.list', { campaignId, openOnly: false })).filter((c) => c.id === started.id)
    expect(back!.sides[0]!.members[1]).toMatchObject({ characterId: null, name: 'Dock thug', status })
    // Redone, the NPC is back in the fight with its injuries.
    await gm(core, 'play.redo', { campaignId })
    const [again] = (await npcs(campaignId)).map((n) => n.name)
    expect(again).toBe('Dock thug')
    const npcId = (await value(core, "select id from character where kind = 'npc' order by id"))!
    expect((await gm(core, 'ladder.conflict.list', { campaignId, openOnly: false }))[0]!.sides[0]!.members[1]).toMatchObject({ characterId: npcId, status })
    expect((await gm(core, 'injury.list', { campaignId, characterId: npcId })).length).toBeGreaterThan(0)
  })

  it('CH-1, CH-9: an NPC kept from a Challenge side carries the bonus, reserves and resistance it fought with; a horde’s are one member’s', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: SEED })).id
    const c = await gm(core, 'challenge.start', {
      campaignId,
      sides: [
        { name: 'Cecilie', ability: 'Swordplay', rating: 7, reserves: 5 },
        { name: 'Mother dragon', ability: 'Dragon fighting', rating: 6, bonus: 1, reserves: 4, resistance: 4 },
        { name: 'Seven Deaths', ability: 'Knife work', rating: 4, bonus: 2, reserves: 4, horde: 7 },
      ],
    })
    const dragon = await gm(core, 'challenge.combat.foe.save', { campaignId, challengeId: c.id, side: 1 })
    expect((await gm(core, 'character.get', { id: dragon.npcId })).sheet).toMatchObject({
      abilities: [{ name: 'Dragon fighting', rating: 6, bonus: 1, reserves: 4, resistance: 4 }],
    })
    const deaths = await gm(core, 'challenge.combat.foe.save', { campaignId, challengeId: c.id, side: 2 })
    const one = await gm(core, 'character.get', { id: deaths.npcId })
    expect(one).toMatchObject({ notes: 'One of a horde of 7 (CH-9).', sheet: { abilities: [{ name: 'Knife work', rating: 4, bonus: 2, reserves: 4, resistance: 0 }] } })
  })
})
