/**
 * What the players read of the Ladder's table (LAD-1 … LAD-31), through the players' gate: a foe's
 * name until the GM reveals it, and its numbers (the rungs of its assets and rolls, its AP, the
 * damage before LAD-18, the target rung of a shot at it) until the GM shows them, in the players'
 * recap and on their screen; what happened in words (the faces, who won, who is hurt) stays.
 * Real router, real SQLite library; then each kind's rule on hand-made payloads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { LogEntry } from '../../src/shared/contract'
import { playerView } from '../../src/main/services/players'
import { publicOdds } from '../../src/main/services/players/odds'
import { decideEntry } from '../../src/main/services/players/audience/rules'
import { visibilityOf, type MetFoe } from '../../src/main/services/players/audience/visibility'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { addCharacter, sheet } from './table-ladder-support'

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

/** An NPC's name and a name typed at the table, each found nowhere else. */
const WARDEN = 'Zqx Warden'
const BRUTE = 'Qzv Brute'
const RUNG = '(?:Terrible!|Poor/Fail|Good|Expert|Superb!|Unprecedented!|Improbable!)'
/** A hidden foe's faces, the rung they came to, or its AP: "a foe 3, 1 → Good", "a foe 2 AP". */
const FOE_NUMBER = /\ba foe \+?\d/i
/** A hidden foe's asset at the start of a fight: "a foe (hand-to-hand Expert)". */
const FOE_ASSET = new RegExp(`\\ba foe \\([^)]*${RUNG}`, 'i')
/** The target rung of a shot at a hidden foe (LAD-14). */
const FOE_TARGET = /fires at a foe \(target/i
/** A hidden foe's AP, or both sides' AP where one is a hidden foe. */
const FOE_AP = /\ba foe \+?\d+ AP|\(\d+–\d+( AP)?[);]/i

async function ladderTable() {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: 'players-ladder' })).id
  const tai = await addCharacter(core, campaignId, 'Tai', sheet([['Running', 'good'], ['Shooting', 'good']]))
  const orb = await addCharacter(core, campaignId, 'Orb', sheet([['Brawling', 'expert']]))
  const warden = await addCharacter(core, campaignId, WARDEN, sheet([['Tracking', 'good'], ['Fighting', 'expert']]), 'npc')
  const session = await gm(core, 'play.start', { campaignId, title: 'The docks', attendance: [tai, orb] })
  return { campaignId, tai, orb, warden, sessionId: session.id }
}

/** The players' recap: its timeline, one line per entry, and the whole of it. */
async function playersRecap(sessionId: number): Promise<{ lines: string[]; markdown: string }> {
  const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'players' })
  return { lines: markdown.split('\n').filter((l) => /^- \d\d:\d\d · /.test(l)), markdown }
}
const playersLines = async (sessionId: number): Promise<string[]> => (await playersRecap(sessionId)).lines

/** The key the GM shows a foe of the table by. */
async function foeKey(campaignId: number, name: string): Promise<string> {
  return (await gm(core, 'players.controls', { campaignId })).foes.find((f) => f.name === name)!.key
}

describe('the Ladder at the players’ table: a fight against an NPC and a foe typed in', () => {
  it('LAD-12 … LAD-14: foes unnamed until revealed, their rungs, AP and target rungs hidden until shown, in entries written after only', async () => {
    const { campaignId, tai, orb, warden, sessionId } = await ladderTable()
    const fight = await gm(core, 'ladder.conflict.start', {
      campaignId,
      kind: 'combat',
      combatants: [
        { characterId: tai, name: 'Tai', asset: 'good', shoot: 'good' },
        { characterId: orb, name: 'Orb', asset: 'expert' },
        { characterId: warden, name: WARDEN, assetName: 'Fighting', asset: 'expert' },
        { name: BRUTE, asset: 'good', shoot: 'expert' },
      ],
    })
    // Round 1: Orb fights the Warden hand to hand, Tai shoots at the Brute (LAD-12, LAD-13, LAD-14).
    await gm(core, 'ladder.combat.round', { id: fight.id, melee: [{ attacker: 'Orb', defender: WARDEN }], gunfire: [{ shooter: 'Tai', target: BRUTE, rung: 'superb' }] })
    // A foe's own roll, and a player character's public one (LAD-4).
    await gm(core, 'ladder.roll', { campaignId, characterId: warden, name: WARDEN, what: 'Tracking', asset: 'good', difficulty: 'good' })
    await gm(core, 'ladder.roll', { campaignId, characterId: tai, name: 'Tai', what: 'Running', asset: 'good', difficulty: 'expert' })

    const before = await playersRecap(sessionId)
    expect(before.markdown).not.toContain(WARDEN)
    expect(before.markdown).not.toContain(BRUTE)
    let lines = before.lines
    let all = lines.join('\n')
    for (const leak of [FOE_NUMBER, FOE_ASSET, FOE_TARGET, FOE_AP]) expect(all).not.toMatch(leak)
    // The fight as the table saw it: who began it, the faces, who was hit, the players' own rungs.
    expect(all).toContain('Combat begun: Tai (hand-to-hand Good, shooting Good), Orb (hand-to-hand Expert), a foe, a foe.')
    expect(all).toMatch(/Round 1 of “Fight: Tai, Orb and 2 foes”: Orb [\d, ]+ → \S+ vs a foe( \(Orb \d+ AP[^)]*\))?; Tai fires at a foe: [\d, ]+ → [^,]+, (miss|wounded|incapacitated)\./)
    expect(all).toMatch(/A foe rolled Tracking — (success|failure)\./)
    expect(all).toMatch(/Tai rolled Running \(Good\) against Expert: [\d, ]+ → \S+ — (success|failure)\./)

    const view = await playerView(core.deps, campaignId)
    const seen = JSON.stringify(view)
    expect(seen).not.toContain(WARDEN)
    expect(seen).not.toContain(BRUTE)
    expect(view.rolls.map((r) => r.text).join('\n')).not.toMatch(FOE_NUMBER)
    // LAD-2, LAD-3: the faces of a hidden foe's roll would give its asset back.
    expect(view.rolls.find((r) => r.text.startsWith('A foe rolled'))!.faces).toEqual([])
    expect(view.rolls.find((r) => r.text.startsWith('Tai rolled'))!.faces.length).toBeGreaterThan(0)
    // DICE-2: the player character's public roll keeps its odds; the foe's roll shows none.
    expect(view.rolls.find((r) => r.text.startsWith('Tai rolled'))!.odds).toMatch(/^Success \d/)
    expect(view.rolls.find((r) => r.text.startsWith('A foe rolled'))!.odds).toBeNull()

    // The GM reveals the Warden: its name is the players' in what is written from now on.
    await gm(core, 'players.reveal', { campaignId, key: await foeKey(campaignId, WARDEN), what: 'foe', shown: true })
    await gm(core, 'ladder.combat.round', { id: fight.id, melee: [{ attacker: 'Orb', defender: WARDEN }], gunfire: [] })
    lines = await playersLines(sessionId)
    const round2 = lines.find((l) => l.includes('Round 2 of'))!
    expect(round2).toContain(`Round 2 of “Fight: Tai, Orb, ${WARDEN} and a foe”`)
    expect(round2).toMatch(new RegExp(`vs ${WARDEN}( \\(|;|\\.)`))
    expect(round2).not.toMatch(new RegExp(`${WARDEN} \\d`))
    expect(lines.filter((l) => !l.includes('Round 2 of')).join('\n')).not.toContain(WARDEN)

    // The GM shows the Warden's numbers: its rungs are read in what is written from now on.
    await gm(core, 'players.reveal', { campaignId, key: await foeKey(campaignId, WARDEN), what: 'numbers', shown: true })
    await gm(core, 'ladder.combat.round', { id: fight.id, melee: [{ attacker: 'Orb', defender: WARDEN }], gunfire: [] })
    await gm(core, 'ladder.roll', { campaignId, characterId: warden, name: WARDEN, what: 'Tracking', asset: 'good', difficulty: 'good' })
    await gm(core, 'ladder.conflict.end', { id: fight.id })
    lines = await playersLines(sessionId)
    all = lines.join('\n')
    expect(lines.find((l) => l.includes('Round 3 of'))).toMatch(new RegExp(`${WARDEN} [\\d, ]+ → ${RUNG}`))
    expect(all).toMatch(new RegExp(`${WARDEN} rolled Tracking \\(Good\\) against Good: [\\d, ]+ → ${RUNG}`))
    expect(lines.filter((l) => !/Round 3 of|Zqx Warden rolled/.test(l)).join('\n')).not.toMatch(new RegExp(`${WARDEN} [\\d, ]+ →`))
    expect((await playersRecap(sessionId)).markdown).not.toContain(BRUTE)
    expect(all).toContain(`“Fight: Tai, Orb, ${WARDEN} and a foe” ended after 3 rounds.`)
  })

  it('LAD-22.1: a push up a rung reaches the players’ screen as its roll does: a player character’s with the roll’s faces, a hidden foe’s without them', async () => {
    const { campaignId, tai, orb, warden } = await ladderTable()
    await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: [{ characterId: orb, name: 'Orb', asset: 'expert' }, { characterId: warden, name: WARDEN, asset: 'expert' }] })
    for (const characterId of [tai, warden]) await gm(core, 'ledger.earn', { campaignId, characterId, currency: 'pp', amount: 5, reason: 'episodes' })
    /** A roll a Plot Point can push (not already at the top of the ladder), pushed. */
    async function pushed(characterId: number, name: string, what: string) {
      for (let i = 0; i < 20; i++) {
        const roll = await gm(core, 'ladder.roll', { campaignId, characterId, name, what, asset: 'good', difficulty: 'expert' })
        if (roll.stepUpRefusal === null) return { roll, push: await gm(core, 'ladder.stepUp', { logEntryId: roll.logEntryId }) }
      }
      throw new Error(`no roll of ${name} could be pushed`)
    }
    const { roll } = await pushed(tai, 'Tai', 'Running')
    let view = await playerView(core.deps, campaignId)
    const [push, rolled] = view.rolls
    expect(push!.text).toMatch(new RegExp(`^Tai pushed Running up a rung with a Plot Point: ${RUNG} → ${RUNG} — (now a success|still a failure)\\.$`))
    expect(rolled!.id).toBe(roll.logEntryId)
    expect(push!.faces).toEqual(rolled!.faces)
    expect(push!.faces.length).toBeGreaterThan(0)

    await pushed(warden, WARDEN, 'Tracking')
    view = await playerView(core.deps, campaignId)
    expect(JSON.stringify(view)).not.toContain(WARDEN)
    expect(view.rolls[0]!.text).toMatch(/^A foe pushed Tracking up a rung with a Plot Point — (now a success|still a failure)\.$/)
    expect(view.rolls[0]!.faces).toEqual([])
    expect(view.rolls[1]!.faces).toEqual([])
  })

  it('LAD-6, LAD-7, LAD-9, LAD-16: a foe met in a fight keeps its rungs, AP and head start hidden in a conflict after it', async () => {
    const { campaignId, tai, sessionId } = await ladderTable()
    const fight = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', combatants: [{ characterId: tai, name: 'Tai', asset: 'good' }, { name: BRUTE, asset: 'expert' }] })
    await gm(core, 'ladder.conflict.end', { id: fight.id })
    await gm(core, 'ladder.instant', { campaignId, a: { characterId: tai, name: 'Tai', assetName: 'Running', asset: 'good' }, b: { name: BRUTE, assetName: 'Running', asset: 'expert' } })
    const chase = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: { characterId: tai, name: 'Tai', asset: 'good' }, b: { name: BRUTE, asset: 'expert' }, headStart: { a: 0, b: 2 } })
    await gm(core, 'ladder.conflict.exchange', { id: chase.id })
    await gm(core, 'ladder.conflict.exchange', { id: chase.id })
    await gm(core, 'ladder.damage', { campaignId, name: BRUTE, level: 'wounded', tough: true })

    const { lines, markdown } = await playersRecap(sessionId)
    const all = lines.join('\n')
    expect(markdown).not.toContain(BRUTE)
    for (const leak of [FOE_NUMBER, FOE_ASSET, FOE_AP]) expect(all).not.toMatch(leak)
    expect(all).not.toContain('head start')
    expect(all).not.toContain('tough')
    expect(all).toMatch(/Instant conflict: Tai [\d, ]+ → \S+ vs a foe(; again: .*)? — (Tai|a foe) wins\./)
    expect(all).toContain('Extended conflict begun: Tai (Good) vs a foe.')
    expect(all).toMatch(/“Tai vs a foe”, exchange 2: Tai [\d, ]+ → \S+ vs a foe — (equal|Tai \+\d AP|a foe scores)/)
    expect(all).toMatch(/A foe takes wounded damage → (no damage|subdued|wounded|incapacitated|killed)\./)
  })

  it('LAD-9: a foe first met at a conflict that is no fight (a chase) is as hidden as one met in a fight', async () => {
    const { campaignId, tai, sessionId } = await ladderTable()
    const chase = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'extended', a: { characterId: tai, name: 'Tai', asset: 'good' }, b: { name: BRUTE, asset: 'expert' }, headStart: { a: 0, b: 2 } })
    await gm(core, 'ladder.conflict.exchange', { id: chase.id })
    const { lines, markdown } = await playersRecap(sessionId)
    expect(markdown).not.toContain(BRUTE)
    for (const leak of [FOE_NUMBER, FOE_ASSET, FOE_AP]) expect(lines.join('\n')).not.toMatch(leak)
    expect(lines.join('\n')).toContain('Extended conflict begun: Tai (Good) vs a foe.')
    // The GM can reveal it from the players' controls, among the other foes met.
    expect((await gm(core, 'players.controls', { campaignId })).foes).toEqual([expect.objectContaining({ name: BRUTE, atTable: false, revealed: false })])
  })
})

/** A foe met at the table: hidden, or revealed, or with its numbers shown too. */
const foe = (name: string, revealed = false, numbersShown = false): MetFoe => ({ key: `ladder:1:${name}`, name, alias: 'a foe', revealed, numbersShown })
const HIDDEN = visibilityOf([foe('Guard')])
const NAMED = visibilityOf([foe('Guard', true)])
const SHOWN = visibilityOf([foe('Guard', true, true)])
const players = (kind: string, payload: Record<string, unknown>, v = HIDDEN) => decideEntry(kind, payload, false, v)
const text = (kind: string, payload: Record<string, unknown>, v = HIDDEN) => players(kind, payload, v).players?.text

describe('the Ladder’s rules, kind by kind (hand-made payloads)', () => {
  const roll = { characterId: 9, name: 'Guard', what: 'Tracking', asset: 'expert', difficulty: 'good', wonky: 'bad', extended: false, result: 'expert', faces: [4], success: true, vulnerability: true, text: 'GM' }

  it('LAD-2 … LAD-5: a hidden foe’s task roll is its outcome, its faces kept from the players; shown, it is the GM’s sentence', () => {
    const d = players('ladder.roll', roll)
    expect(d.audience).toBe('players')
    expect(d.players).not.toHaveProperty('asset')
    expect(d.players).not.toHaveProperty('result')
    expect(d.players).not.toHaveProperty('difficulty')
    expect(d.players).not.toHaveProperty('faces')
    expect(d.players!.facesHidden).toBe(true)
    expect(d.players!.text).toBe('a foe rolled Tracking — success.')
    expect(text('ladder.roll', { ...roll, what: '' })).toBe('a foe rolled — success.')
    expect(text('ladder.roll', roll, NAMED)).toBe('Guard rolled Tracking — success.')
    expect(players('ladder.roll', roll, SHOWN)).toEqual({ audience: 'all', players: null })
  })

  it('LAD-25, LAD-26: a hidden foe’s spell keeps its effect and assets, not the rung it was rolled at or against', () => {
    const cast = { ...roll, what: '“sleep” with Red + Blue', spell: { effect: 'sleep', assets: ['Red', 'Blue'], rung: 'superb' } }
    const d = players('ladder.roll', cast)
    expect(d.players!.text).toBe('a foe cast “sleep” with Red and Blue — success.')
    expect(JSON.stringify(d.players)).not.toMatch(/expert|superb/)
  })

  it('DICE-2: a roll whose asset the players may not read has no odds; a player character’s keeps them', () => {
    const entry = (payload: Record<string, unknown>): LogEntry => ({ id: 1, campaignId: 1, sessionId: null, gameTime: 0, realTime: '', kind: 'ladder.roll', payload, dice: null, gmOnly: false, undone: false })
    expect(publicOdds(entry(players('ladder.roll', roll).players!), new Set([9]))).toBeNull()
    expect(publicOdds(entry({ ...roll, name: 'Tai', wonky: null }), new Set([9]))).toMatch(/^Success \d/)
  })

  it('LAD-22: a foe’s bought result and its push up a rung leave out the rungs and what they cost', () => {
    expect(text('ladder.roll.bought', { ...roll, faces: [], bought: true, result: 'superb', cost: 2 })).toBe('a foe spent Plot Points: Tracking with no roll — success.')
    const pushed = { rollId: 3, characterId: 9, name: 'Guard', what: 'Tracking', from: 'good', to: 'expert', success: true, text: 'GM' }
    expect(text('ladder.roll.stepped-up', pushed)).toBe('a foe pushed Tracking up a rung with a Plot Point — now a success.')
    expect(players('ladder.roll.stepped-up', { ...pushed, name: 'Tai' }).audience).toBe('all')
  })

  it('LAD-4, LAD-19: a ruling is everyone’s; a foe’s hour untreated is against Good without its asset or result', () => {
    expect(players('ladder.roll.ruling', { characterId: null, name: 'Guard', what: 'Piloting', success: true, reason: 'autopilot', text: "GM's ruling for Guard (Piloting): success without a roll — autopilot." }).players!.text).toBe(
      "GM's ruling for a foe (Piloting): success without a roll — autopilot.",
    )
    const hour = { characterId: null, name: 'Guard', what: 'Stamina', asset: 'expert', result: 'expert', faces: [3], beginsDying: false, text: 'GM' }
    expect(text('ladder.roll.untreated', hour)).toBe('a foe went an hour without medical attention: Stamina against Good — holds on.')
  })

  it('LAD-6: an instant conflict with a hidden foe tells the player character’s roll and the winner, not the foe’s faces or rung nor how a tie broke', () => {
    const attempts = [
      { a: { name: 'Tai', faces: [3], result: 'good', note: '' }, b: { name: 'Guard', faces: [3], result: 'good', note: '' }, decidedBy: 'roll again' },
      { a: { name: 'Tai', faces: [5], result: 'good', note: '' }, b: { name: 'Guard', faces: [2], result: 'good', note: '' }, decidedBy: 'first face' },
    ]
    const p = { a: { characterId: 4, name: 'Tai' }, b: { characterId: null, name: 'Guard' }, attempts, winner: 'a', text: 'GM' }
    expect(text('ladder.roll.instant', p)).toBe('Instant conflict: Tai 3 → Good vs a foe; again: Tai 5 → Good vs a foe — Tai wins.')
    expect(players('ladder.roll.instant', p, SHOWN).audience).toBe('all')
  })

  it('LAD-16, LAD-18: arbitrary damage to a hidden foe tells the level and what it did, not its toughness, the d6 that would tell it, nor the damage before LAD-18', () => {
    const p = { characterId: null, name: 'Guard', level: 'wounded', tough: true, face: 4, taken: 'wounded', outcome: 'incapacitated', location: 'arm', injuryId: null, text: 'GM' }
    expect(text('ladder.roll.damage', p)).toBe('a foe takes wounded damage → incapacitated (arm).')
  })

  it('LAD-9, LAD-12: a tracker’s start leaves out a hidden foe’s rungs and its head start; a fight’s title counts the foes', () => {
    const combat = { kind: 'combat', combatants: [{ name: 'Tai', asset: 'good', shoot: 'expert' }, { name: 'Guard', asset: 'expert', shoot: null }] }
    const d = players('ladder.conflict.started', { conflictId: 1, kind: 'combat', name: 'Fight: Tai, Guard', said: combat, text: 'GM' })
    expect(d.players).toMatchObject({ name: 'Fight: Tai and a foe', text: 'Combat begun: Tai (hand-to-hand Good, shooting Expert), a foe.' })
    const extended = { kind: 'extended', a: { name: 'Tai', assetName: 'Running', asset: 'good' }, b: { name: 'Guard', assetName: 'Running', asset: 'expert' }, headStart: { a: 1, b: 2 } }
    expect(text('ladder.conflict.started', { conflictId: 2, kind: 'extended', name: 'Tai vs Guard', said: extended, text: 'GM' })).toBe('Extended conflict begun: Tai (Running, Good) vs a foe (Running); head start Tai 1 AP (LAD-9).')
    expect(text('ladder.conflict.started', { conflictId: 2, kind: 'extended', name: 'Tai vs Guard', said: extended, text: 'GM' }, SHOWN)).toBe(
      'Extended conflict begun: Tai (Running, Good) vs Guard (Running, Expert); head start Tai 1 AP, Guard 2 AP (LAD-9).',
    )
    // Without the structure to write it again from, a tracker's entry is the GM's.
    expect(players('ladder.conflict.started', { conflictId: 3, kind: 'combat', name: 'Fight', text: 'Combat begun: Guard (hand-to-hand Expert).' }).audience).toBe('gm')
  })

  it('LAD-7, LAD-8, LAD-28: an exchange against a hidden foe tells the player character’s roll and AP, and who won', () => {
    const said = { title: 'Tai vs Guard', exchange: 3, kind: 'extended', a: { name: 'Tai', faces: [6, 2], result: 'expert' }, b: { name: 'Guard', faces: [3], result: 'good' }, ahead: 'a', scored: { a: 2, b: 0 }, after: { a: 6, b: 4 }, winner: 'a', tied: false }
    const p = { conflictId: 2, name: 'Tai vs Guard', kind: 'extended', lines: [{ name: 'Tai', faces: [6, 2], result: 'expert', note: '' }, { name: 'Guard', faces: [3], result: 'good', note: '' }], said, text: 'GM', undo: { state: { ap: { a: 4, b: 4 } } } }
    const d = players('ladder.conflict.exchange', p)
    expect(d.players!.text).toBe('“Tai vs a foe”, exchange 3: Tai 6, 2 → Expert vs a foe — Tai +2 AP (Tai 6 AP). Tai has out-manoeuvred a foe (LAD-8).')
    expect(d.players).not.toHaveProperty('undo')
    expect(d.players!.facesHidden).toBe(true)
    expect(JSON.stringify(d.players)).not.toMatch(/"good"|"b":4/)
    const duel = { ...said, kind: 'duel', rung: 'good', lands: ['b'], ahead: 'b', scored: { a: 0, b: 6 }, after: { a: 0, b: 0 } }
    expect(text('ladder.conflict.exchange', { ...p, kind: 'duel', said: duel })).toBe("“Tai vs a foe”, exchange 3 against Good: Tai 6, 2 → Expert vs a foe — a foe scores; a foe's spell lands (LAD-28) (Tai 0 AP).")
  })

  it('LAD-10, LAD-11, LAD-31: a team with a hidden foe hides its best rung and AP; a hidden racer its rung and AP', () => {
    const team = {
      title: 'Heroes vs Thugs', exchange: 1, kind: 'team', labels: { a: 'Heroes', b: 'Thugs' }, sides: { a: ['Tai'], b: ['Guard', 'Rat'] },
      rolls: [{ name: 'Tai', faces: [6, 3], result: 'superb' }, { name: 'Guard', faces: [4], result: 'good' }, { name: 'Rat', faces: [2], result: 'poor' }],
      best: { a: 'superb', b: 'good' }, henchmen: { face: 2, removed: ['Guard', 'Rat'], lost: 0 }, neutralised: null, mustNeutralise: null, tied: false, winner: 'a', ahead: 'a', scored: { a: 3, b: 0 }, after: { a: 0, b: 0 },
    }
    expect(text('ladder.conflict.exchange', { conflictId: 4, name: 'Heroes vs Thugs', kind: 'team', lines: [], said: team, text: 'GM' })).toBe(
      '“Heroes vs Thugs”, exchange 1: Tai 6, 3 → Superb!; a foe; Rat 2 → Poor/Fail — Heroes +3 AP; 6 AP: a d6 shows 2, a foe, Rat go down and every AP is erased (LAD-31); Heroes wins: no one is left on the other side (Heroes 0 AP).',
    )
    const race = { title: 'Race: Tai, Guard, Rat', exchange: 2, kind: 'race', difficulty: 'good', rolls: [{ name: 'Tai', faces: [5], result: 'good', scored: 1 }, { name: 'Guard', faces: [6, 4], result: 'expert', scored: 2 }], winner: null, tied: [] }
    const d = players('ladder.conflict.exchange', { conflictId: 5, name: 'Race: Tai, Guard, Rat', kind: 'race', lines: [{ name: 'Guard', faces: [6, 4], result: 'expert', note: '+2 AP' }], said: race, text: 'GM' })
    expect(d.players).toMatchObject({ name: 'Race: Tai, Rat and a foe', lines: [{ name: 'a foe', note: '' }] })
    expect(d.players!.text).toBe('“Race: Tai, Rat and a foe”, exchange 2 against Good: Tai 5 → Good +1 AP; a foe.')
  })

  it('LAD-13, LAD-14, LAD-18: a round tells what a hidden foe suffered, not its faces, rung, AP, the target rung against it or the damage before LAD-18', () => {
    const said = {
      title: 'Fight: Tai, Guard', round: 2,
      melee: [{ a: { name: 'Guard', faces: [5], result: 'expert' }, b: { name: 'Tai', faces: [3], result: 'good' }, ap: { a: 2, b: 0 }, strike: null }],
      gunfire: [{ shot: { name: 'Tai', faces: [6, 2], result: 'expert' }, target: 'Guard', rung: 'good', outcome: 'incapacitated' }],
      hurt: [{ name: 'Guard', outcome: 'incapacitated', location: 'leg' }],
    }
    const consequences = [{ name: 'Guard', characterId: null, taken: 'wounded', outcome: 'incapacitated', location: 'leg', injuryId: null, timers: [], losesNextAttack: false }]
    const d = players('ladder.combat.round', { conflictId: 1, name: 'Fight: Tai, Guard', round: 2, lines: [], consequences, said, text: 'GM', undo: {} })
    expect(d.players!.text).toBe('Round 2 of “Fight: Tai and a foe”: a foe vs Tai 3 → Good (Tai 0 AP); Tai fires at a foe: 6, 2 → Expert, incapacitated. a foe: incapacitated (leg).')
    expect((d.players!.consequences as object[])[0]).not.toHaveProperty('taken')
    expect(text('ladder.combat.round', { conflictId: 1, name: 'Fight: Tai, Guard', round: 3, lines: [], consequences: [], said: { ...said, round: 3, melee: [], gunfire: [], hurt: [] }, text: 'GM' })).toBe('Round 3 of “Fight: Tai and a foe”: no one attacked.')
  })

  it('LAD-9, LAD-10: a tracker’s end and a neutralisation are told in words, without the state kept for undo', () => {
    const ended = players('ladder.conflict.ended', { conflictId: 1, name: 'Fight: Tai, Guard', said: { title: 'Fight: Tai, Guard', exchanges: 1, combat: true, winner: null }, text: 'GM', undo: {} })
    expect(ended.players).toEqual({ conflictId: 1, name: 'Fight: Tai and a foe', said: { title: 'Fight: Tai and a foe', exchanges: 1, combat: true, winner: null }, text: '“Fight: Tai and a foe” ended after 1 round.' })
    const out = players('ladder.conflict.neutralised', { conflictId: 4, name: 'Guard', text: 'Guard (Thugs) is neutralised; every AP is erased (LAD-10).', undo: { state: {} } })
    expect(out.players).toEqual({ conflictId: 4, name: 'a foe', text: 'a foe (Thugs) is neutralised; every AP is erased (LAD-10).' })
  })

  it('the foes an encounter’s row brought and a foe kept as an NPC are the GM’s', () => {
    expect(players('ladder.combat.met', { foes: ['Thugs 1'], npcId: null, row: '1d3 thugs', text: 'Met at the encounter: Thugs 1 (1d3 thugs).' }, SHOWN).audience).toBe('gm')
    expect(players('ladder.combat.foe.saved', { conflictId: 1, name: 'Guard', npcId: 3, text: 'Guard is kept as an NPC of the campaign.' }, SHOWN).audience).toBe('gm')
  })
})
