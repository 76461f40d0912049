import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { Dice } from '../../src/main/engines/dice'
import {
  duelExchange,
  exchangeOdds,
  extendedConflictOdds,
  extendedExchange,
  meleeExchange,
  raceExchange,
  rollDamage,
  rollGunfire,
  rollIncapacitation,
  startDuel,
  startExtendedConflict,
  startMelee,
  startRace,
  startTeamConflict,
  teamExchange,
  type MeleeState,
} from '../../src/main/engines/ladder'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { rowCounts } from '../support/records'
import { one, value } from '../support/sql'
import { addCharacter, lastEntry, ladderCampaign, replay, reseed, seedWhere, sheet } from './table-ladder-support'

const WRITES = ['log_entry', 'ledger_entry', 'injury', 'clock_step'] as const

let lib: TempLibrary
let core: Core
let campaignId: number
let tai: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = await ladderCampaign(core)
  tai = await addCharacter(core, campaignId, 'Tai', sheet([['Running', 'good'], ['Brawling', 'expert'], ['Pistols', 'good']]))
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const npc = (name: string, asset: 'poor' | 'good' | 'expert' = 'good') => ({ characterId: null, name, asset })
const taiAs = (asset: 'good' | 'expert', assetName = 'Running') => ({ characterId: tai, name: 'ignored: the sheet names Tai', assetName, asset })
const ahead = (d: { scored: [number, number]; p: number }[]) => d.filter((o) => o.scored[0] > o.scored[1]).reduce((s, o) => s + o.p, 0)
/** The state of a tracker as stored, straight from the library. */
const stored = async (id: number) => (await one<{ state: string; updated_at: string }>(core, 'select state, updated_at from ladder_conflict where id = ?', id))!

describe('extended conflicts (LAD-7 … LAD-9)', () => {
  it('starts with a head start, shows the engine’s odds, plays exchanges with the campaign’s dice to a winner, then refuses more', async () => {
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: taiAs('good'), b: npc('Guard'), headStart: { a: 0, b: 1 } })
    expect(view).toMatchObject({ kind: 'extended', name: 'Tai vs Guard', status: 'open', exchanges: 0, winner: null })
    expect(view.sides.map((s) => [s.label, s.ap, s.target])).toEqual([['Tai', 0, 6], ['Guard', 1, 6]])
    const pair = { a: { asset: 'good' as const }, b: { asset: 'good' as const } }
    let engine = startExtendedConflict({ headStart: { b: 1 } })
    expect(view.odds!.bars[0]).toEqual({ outcome: 'a', p: ahead(exchangeOdds(pair)) })
    expect(view.winOdds).toEqual([{ key: 'a', p: extendedConflictOdds(engine, pair).a }, { key: 'b', p: extendedConflictOdds(engine, pair).b }])
    expect((await lastEntry(core, campaignId, 'ladder.conflict.started')).payload.text).toBe('Extended conflict begun: Tai (Running, Good) vs Guard (Good); head start Guard 1 AP (LAD-9).')

    let latest = view
    for (let n = 1; latest.winner === null; n++) {
      latest = await gm(core, 'ladder.conflict.exchange', { id: view.id })
      const expected = replay(n, (d) => extendedExchange(d, engine, pair))
      engine = expected.value.state
      expect((await lastEntry(core, campaignId, 'ladder.conflict.exchange')).dice).toEqual(expected.faces)
      expect(latest.sides.map((s) => s.ap)).toEqual([engine.ap.a, engine.ap.b])
      expect(latest.exchanges).toBe(n)
      expect(n).toBeLessThan(40)
    }
    expect(latest.winner).toBe(engine.winner === 'a' ? 'Tai' : 'Guard')
    expect(latest.odds).toBeNull()
    expect(latest.last!.text).toMatch(/has out-manoeuvred .+ \(LAD-8\)\.$/)

    const before = await rowCounts(core, WRITES)
    const over = await refused(core, 'ladder.conflict.exchange', { id: view.id })
    expect(over.message).toMatch(/^This conflict is over: side [ab] has already won it\. Start a new one\. Nothing was written\.$/)
    expect(await rowCounts(core, WRITES)).toEqual(before)
    const ended = await gm(core, 'ladder.conflict.end', { id: view.id })
    expect(ended.status).toBe('over')
    expect(await gm(core, 'ladder.conflict.list', { campaignId })).toEqual([])
    expect((await refused(core, 'ladder.conflict.exchange', { id: view.id })).message).toBe('“Tai vs Guard” is over; start a new one to go on. Nothing was written.')
  })

  it('refuses a head start above 2 AP and one name on both sides (LAD-9)', async () => {
    expect((await refused(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: npc('A'), b: npc('B'), headStart: { a: 3, b: 0 } })).details).toEqual([
      { field: 'headStart.a', problem: 'a head start is 1 or 2 AP (LAD-9)' },
    ])
    expect((await refused(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: npc('A'), b: npc('A') })).message).toContain('“A” takes part twice')
  })
})

describe('team fights and henchmen (LAD-10, LAD-31)', () => {
  it('asks the GM whom to neutralise at 6 AP, refuses the next exchange until then, and erases every AP after', async () => {
    const view = await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'team',
      labels: { a: 'Heroes', b: 'Thugs' },
      a: [taiAs('expert', 'Brawling'), { ...npc('Orb'), super: false, henchman: false }],
      b: [npc('Thug 1'), npc('Thug 2', 'poor')],
    })
    let engine = startTeamConflict({
      a: [{ name: 'Tai', asset: 'expert' }, { name: 'Orb', asset: 'good' }],
      b: [{ name: 'Thug 1', asset: 'good' }, { name: 'Thug 2', asset: 'poor' }],
    })
    let latest = view
    for (let n = 1; latest.mustNeutralise === null && latest.winner === null; n++) {
      latest = await gm(core, 'ladder.conflict.exchange', { id: view.id })
      const expected = replay(n, (d) => teamExchange(d, engine))
      engine = expected.value.state
      expect((await lastEntry(core, campaignId, 'ladder.conflict.exchange')).dice).toEqual(expected.faces)
      expect(latest.sides.map((s) => s.ap)).toEqual([engine.ap.a, engine.ap.b])
    }
    expect(latest.mustNeutralise).toEqual({ by: engine.mustNeutralise === 'a' ? 'Heroes' : 'Thugs', choices: engine.mustNeutralise === 'a' ? ['Thug 1', 'Thug 2'] : ['Tai', 'Orb'] })
    expect(latest.notice).toContain('reached 6 AP: pick who on')
    expect((await refused(core, 'ladder.conflict.exchange', { id: view.id })).message).toContain('must first pick which member')
    const pick = latest.mustNeutralise!.choices[1]!
    const after = await gm(core, 'ladder.conflict.neutralise', { id: view.id, name: pick })
    expect(after.sides.map((s) => s.ap)).toEqual([0, 0])
    expect(after.sides.flatMap((s) => s.members.filter((m) => m.out).map((m) => m.name))).toEqual([pick])
    expect(after.mustNeutralise).toBeNull()
    expect((await refused(core, 'ladder.conflict.neutralise', { id: view.id, name: 'Nobody' })).message).toContain('No team has reached 6 AP')
  })

  it('a super at 6 AP rolls one d6 and that many henchmen go down, excess lost (LAD-31)', async () => {
    const henchman = (name: string) => ({ ...npc(name, 'poor'), henchman: true })
    const view = await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'team',
      a: [{ characterId: null, name: 'Black Widow', asset: 'superb', super: true }],
      b: [henchman('H1'), henchman('H2'), henchman('H3')],
    })
    expect(view.extended).toBe(true)
    let engine = startTeamConflict({
      a: [{ name: 'Black Widow', asset: 'superb', super: true }],
      b: ['H1', 'H2', 'H3'].map((name) => ({ name, asset: 'poor' as const, henchman: true })),
      extended: true,
    })
    let latest = view
    for (let n = 1; latest.winner === null; n++) {
      latest = await gm(core, 'ladder.conflict.exchange', { id: view.id })
      const expected = replay(n, (d) => teamExchange(d, engine))
      engine = expected.value.state
      if (expected.value.report.henchmen) expect(latest.last!.text).toContain(`a d6 shows ${expected.value.report.henchmen.face}`)
      expect(n).toBeLessThan(60)
    }
    expect(latest.winner).toBe('Side A')
    expect(latest.sides[1]!.members.every((m) => m.out)).toBe(true)
  })
})

describe('races (LAD-11) and magic duels (LAD-28)', () => {
  it('refuses a race of two, and runs one of three to the first at contestants + 3 AP', async () => {
    expect((await refused(core, 'ladder.conflict.start', { campaignId, kind: 'race', contestants: [npc('A'), npc('B')], difficulty: 'good' })).details[0]!.problem).toBe(
      'a race needs 3 or more contestants (LAD-11); for two, run an extended conflict',
    )
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'race', contestants: [taiAs('good'), npc('Bo', 'expert'), npc('Cy', 'poor')], difficulty: 'good' })
    expect(view.sides.map((s) => s.target)).toEqual([6, 6, 6])
    expect(view.odds!.bars.map((b) => b.outcome)).toEqual(['Tai', 'Bo', 'Cy'])
    let engine = startRace({ contestants: [{ name: 'Tai', asset: 'good' }, { name: 'Bo', asset: 'expert' }, { name: 'Cy', asset: 'poor' }], difficulty: 'good' })
    let latest = view
    for (let n = 1; latest.winner === null; n++) {
      latest = await gm(core, 'ladder.conflict.exchange', { id: view.id })
      const expected = replay(n, (d) => raceExchange(d, engine))
      engine = expected.value.state
      expect(latest.sides.map((s) => s.ap)).toEqual(['Tai', 'Bo', 'Cy'].map((k) => engine.ap[k]))
    }
    expect(latest.winner).toBe(engine.winner)
  })

  it('a duel casts against the rung the GM sets each exchange, on the extended ladder', async () => {
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'duel', a: npc('Ada', 'expert'), b: npc('Bel', 'good'), rung: 'good' })
    expect(view).toMatchObject({ rung: 'good', extended: true })
    expect(view.odds!.bars.map((b) => b.outcome)).toEqual(['a', 'both', 'neither', 'b'])
    expect(view.odds!.bars.reduce((s, b) => s + b.p, 0)).toBeCloseTo(1, 12)
    const next = await gm(core, 'ladder.conflict.exchange', { id: view.id, rung: 'expert' })
    const expected = replay(1, (d) => duelExchange(d, startDuel(), { rung: 'expert', a: { asset: 'expert' }, b: { asset: 'good' } }))
    expect(next.rung).toBe('expert')
    expect(next.sides.map((s) => s.ap)).toEqual([expected.value.state.ap.a, expected.value.state.ap.b])
    expect((await lastEntry(core, campaignId, 'ladder.conflict.exchange')).dice).toEqual(expected.faces)
  })
})

describe('combat rounds (LAD-12 … LAD-19)', () => {
  const combatants = () => [
    { ...taiAs('expert', 'Brawling'), shootName: 'Pistols', shoot: 'good' as const },
    { ...npc('Guard'), shoot: 'good' as const },
    { ...npc('Sniper', 'poor'), shoot: 'expert' as const },
  ]

  it('refuses a plan where someone fires after fighting hand-to-hand, naming every problem, and writes nothing (LAD-12)', async () => {
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: combatants() })
    const before = { rows: await rowCounts(core, WRITES), state: await stored(view.id) }
    const error = await refused(core, 'ladder.combat.round', {
      id: view.id,
      melee: [{ attacker: 'Tai', defender: 'Guard' }],
      gunfire: [{ shooter: 'Guard', target: 'Tai', rung: 'good' }, { shooter: 'Nobody', target: 'Tai', rung: 'good' }],
    })
    expect(error.message).toBe(
      '“Nobody” is not in this fight; add them with a new combat. Guard was attacked by Tai hand-to-hand this round, so cannot fire (LAD-12). Nothing was written.',
    )
    expect({ rows: await rowCounts(core, WRITES), state: await stored(view.id) }).toEqual(before)
    expect((await refused(core, 'ladder.combat.round', { id: view.id })).message).toBe('Plan at least one hand-to-hand attack or one shot for the round. Nothing was written.')
  })

  it('a shot beating its target incapacitates a character: injury recorded, 2d6 minutes and the hour put on the clock (LAD-14, LAD-17, LAD-19)', async () => {
    // Sniper shoots Expert at Tai with target Poor; a first face of 2 … 5 keeps Expert, above the target.
    await reseed(core, campaignId, seedWhere('shot', (d) => [2, 3, 4, 5].includes(d.roll(6))))
    const seed = (await value<string>(core, 'select dice_seed from campaign where id = ?', campaignId))!
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: combatants() })
    const round = await gm(core, 'ladder.combat.round', { id: view.id, gunfire: [{ shooter: 'Sniper', target: 'Tai', rung: 'poor' }] })
    const expected = replay(
      1,
      (d: Dice) => {
        const shot = rollGunfire(d, { asset: 'expert', target: 'poor', extended: false })
        return { shot, out: rollIncapacitation(d, { at: 0, attackFace: shot.roll.faces[0] }) }
      },
      seed,
    )
    const { shot, out } = expected.value
    expect(shot.outcome).toBe('incapacitated')
    expect((await lastEntry(core, campaignId, 'ladder.combat.round')).dice).toEqual(expected.faces)
    const [c] = round.last!.consequences
    expect(c).toMatchObject({ name: 'Tai', characterId: tai, taken: 'incapacitated', outcome: 'incapacitated', location: out.onWaking.location!.location })
    expect(c!.injury).toMatchObject({ characterId: tai, details: { kind: 'ladder.damage', level: 'incapacitated', thirdWound: false }, canStepDown: true })
    expect(c!.timers.map((t) => t.at)).toEqual([out.wakesAt, 3600])
    const clock = await gm(core, 'clock.get', { campaignId })
    expect(clock.timers.map((t) => [t.label, t.firesAt])).toEqual([
      [`Tai comes round, ${out.onWaking.location!.location} hurt, moving at half speed`, out.wakesAt],
      ['Tai: an hour without medical attention? Roll an asset against good; failure begins dying', 3600],
    ])
    expect(round.sides[0]!.members.find((m) => m.name === 'Tai')).toMatchObject({ out: true, status: { incapacitated: 'injury' } })
    // The Incapacitated cannot attack (LAD-18); undoing the round takes its timers off the clock with it.
    expect((await refused(core, 'ladder.combat.round', { id: view.id, melee: [{ attacker: 'Tai', defender: 'Guard' }] })).message).toContain('Tai is Incapacitated and out of the fight')
    await gm(core, 'play.undo', { campaignId })
    expect((await gm(core, 'clock.get', { campaignId })).timers).toEqual([])
  })

  it('a Wound to the head knocks out for three combat rounds: no attack or shot until the clock says they come round, then a fight at once (LAD-17)', async () => {
    // Guard shoots Good at Tai with target Expert: a 6 then a face that ends the chain is Expert, a Wound, and its first face 6 puts it on the head.
    await reseed(core, campaignId, seedWhere('head', (d) => d.roll(6) === 6 && d.roll(6) !== 6))
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: combatants() })
    const hit = await gm(core, 'ladder.combat.round', { id: view.id, gunfire: [{ shooter: 'Guard', target: 'Tai', rung: 'expert' }] })
    expect(hit.last!.consequences[0]).toMatchObject({ name: 'Tai', outcome: 'wounded', location: 'head', losesNextAttack: false })
    // Round 1 began at 0 s; three 20-second rounds on, the clock's timer and the combat agree.
    expect((await gm(core, 'clock.get', { campaignId })).timers.map((t) => [t.label, t.firesAt])).toEqual([['Tai wakes from the blow to the head', 60]])
    expect(hit.combat!.knockedOut).toEqual([{ name: 'Tai', until: 60 }])
    // The attack the Wound costs is one of those the knock-out takes.
    expect(hit.combat!.lostAttack).toEqual([])

    const before = { rows: await rowCounts(core, WRITES), state: await stored(view.id) }
    for (const plan of [{ melee: [{ attacker: 'Tai', defender: 'Guard' }] }, { gunfire: [{ shooter: 'Tai', target: 'Sniper', rung: 'good' as const }] }]) {
      expect((await refused(core, 'ladder.combat.round', { id: view.id, ...plan })).message).toMatch(/^Tai is knocked out by the blow to the head and cannot (attack|fire) this round \(LAD-17\)\. Nothing was written\.$/)
    }
    expect({ rows: await rowCounts(core, WRITES), state: await stored(view.id) }).toEqual(before)
    // Rounds 2 and 3 are fought without Tai (the clock at 20 s, then 40 s), or pass on the clock; at 60 s Tai has come round and fights.
    await gm(core, 'ladder.combat.round', { id: view.id, gunfire: [{ shooter: 'Sniper', target: 'Guard', rung: 'superb' }] })
    expect((await refused(core, 'ladder.combat.round', { id: view.id, melee: [{ attacker: 'Tai', defender: 'Guard' }] })).message).toContain('Tai is knocked out')
    await gm(core, 'clock.nextRound', { campaignId })
    const clock = await gm(core, 'clock.get', { campaignId })
    expect([clock.time, clock.timers]).toEqual([60, []])
    const back = await gm(core, 'ladder.combat.round', { id: view.id, melee: [{ attacker: 'Tai', defender: 'Guard' }] })
    expect(back.last!.lines.map((l) => l.name)).toEqual(['Guard', 'Tai'])
    expect(back.combat!.knockedOut).toEqual([])
  })

  it('a third Wound incapacitates, cannot be stepped down, and the Wounded lose their next attack (LAD-17, LAD-18, LAD-22.3)', async () => {
    for (const location of ['arm', 'leg'] as const) await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location })
    // Guard shoots Good at Tai with target Good: a first face of 2 … 5 meets it exactly, a Wound.
    await reseed(core, campaignId, seedWhere('wound', (d) => [2, 3, 4, 5].includes(d.roll(6))))
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: combatants() })
    expect(view.sides[0]!.members[0]!.status).toMatchObject({ wounds: 2 })
    const round = await gm(core, 'ladder.combat.round', { id: view.id, gunfire: [{ shooter: 'Guard', target: 'Tai', rung: 'good' }] })
    expect(round.last!.consequences[0]).toMatchObject({ taken: 'wounded', outcome: 'incapacitated', injury: { details: { thirdWound: true }, canStepDown: false } })
    expect(round.last!.text).toContain('Tai: incapacitated')

    // Tai wounds the Guard hand-to-hand at last; the Guard then loses his next attack.
    let latest = round
    let fight: MeleeState = startMelee()
    const seedNow = (await value<string>(core, 'select dice_seed from campaign where id = ?', campaignId))!
    // One combat at a time on the clock (CLK-2): the first fight ends before the brawl is set up.
    expect((await refused(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: [npc('Tai2', 'expert'), npc('Guard', 'poor')] })).message).toMatch(/^A fight is already under way/)
    await gm(core, 'ladder.conflict.end', { id: view.id })
    const brawl = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: [{ ...npc('Tai2', 'expert') }, npc('Guard', 'poor')] })
    for (let n = 2; !latest.combat!.lostAttack.includes('Guard'); n++) {
      latest = await gm(core, 'ladder.combat.round', { id: brawl.id, melee: [{ attacker: 'Tai2', defender: 'Guard' }] })
      // A fight's sides are its two names in order: Guard is side a.
      const expected = replay(n, (d) => meleeExchange(d, fight, { a: { asset: 'poor' }, b: { asset: 'expert' } }), seedNow)
      fight = expected.value.state
      expect(latest.combat!.fights[0]!.ap).toEqual(fight.ap)
      expect(n).toBeLessThan(80)
    }
    expect(latest.last!.consequences[0]).toMatchObject({ name: 'Guard', characterId: null, outcome: 'wounded', losesNextAttack: true, injury: null })
    expect(latest.notice).toBe('Guard lost their next attack to a Wound (LAD-17).')
    expect((await refused(core, 'ladder.combat.round', { id: brawl.id, melee: [{ attacker: 'Guard', defender: 'Tai2' }] })).message).toContain('Guard lost their next attack to a Wound')
  })
})

describe('arbitrary damage (LAD-16)', () => {
  it('rolls the victim’s d6 against the level and records what is left as an injury', async () => {
    const r = await gm(core, 'ladder.damage', { campaignId, characterId: tai, name: 'Tai', level: 'wounded', tough: true, location: 'arm' })
    const expected = replay(1, (d) => rollDamage(d, { level: 'wounded', tough: true }))
    expect(r.faces[0]).toBe(expected.value.faces[0])
    const c = r.consequences[0]!
    expect(c.taken).toBe(expected.value.result)
    const injuries = await gm(core, 'injury.list', { campaignId, characterId: tai })
    expect(injuries.length).toBe(expected.value.result === 'none' ? 0 : 1)
    expect(r.text).toMatch(/^Tai takes wounded damage, tough: d6 = \d → /)
    const entry = await lastEntry(core, campaignId, 'ladder.roll.damage')
    expect(entry.dice!.slice(0, 1)).toEqual(expected.faces)
  })
})

describe('undo of the last action at the table', () => {
  it('rolls are facts the table’s undo marks undone; undoing a push gives its Plot Point back, and it can be made again (LAD-22.1)', async () => {
    await gm(core, 'ledger.earn', { campaignId, characterId: tai, currency: 'pp', amount: 1, reason: 'episode' })
    await reseed(core, campaignId, seedWhere('undo', (d) => [2, 3, 4, 5].includes(d.roll(6))))
    const roll = await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Running', asset: 'good', difficulty: 'expert' })
    await gm(core, 'ladder.stepUp', { logEntryId: roll.logEntryId })
    // The push and its Plot Point are one action: one undo takes both back.
    expect((await gm(core, 'play.undo', { campaignId })).undone).toMatch(/^Tai pushed Running up a rung/)
    const again = await gm(core, 'ladder.stepUp', { logEntryId: roll.logEntryId })
    expect(again).toMatchObject({ result: 'expert', pp: 0 })
  })

  it('puts a tracker back as its last log entry found it: an exchange, an end, a start', async () => {
    const view = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: npc('A'), b: npc('B'), headStart: { a: 1, b: 0 } })
    await gm(core, 'ladder.conflict.exchange', { id: view.id })
    const before = (await stored(view.id)).state
    const second = await gm(core, 'ladder.conflict.exchange', { id: view.id })
    expect(second.exchanges).toBe(2)
    await gm(core, 'ladder.conflict.end', { id: view.id })
    const { undoLadderEntry } = await import('../../src/main/services/table-ladder')
    const { unitOfWork } = await import('../../src/main/services/core/context')
    const undoLast = async (kind: string) => {
      const entry = await lastEntry(core, campaignId, kind)
      return unitOfWork(core.deps, (tx) => undoLadderEntry(tx, entry))
    }
    await undoLast('ladder.conflict.ended')
    expect((await gm(core, 'ladder.conflict.list', { campaignId })).map((c) => c.id)).toEqual([view.id])
    expect(await undoLast('ladder.conflict.exchange')).toMatch(/^“A vs B”, exchange 2: /)
    expect((await stored(view.id)).state).toBe(before)
    expect((await gm(core, 'ladder.conflict.list', { campaignId }))[0]!.exchanges).toBe(1)
    await undoLast('ladder.conflict.started')
    expect(await gm(core, 'ladder.conflict.list', { campaignId, openOnly: false })).toEqual([])
    // Anything else is not a tracker's: the table's own undo handles it.
    expect(await undoLast('campaign.created')).toBeNull()
  })
})
