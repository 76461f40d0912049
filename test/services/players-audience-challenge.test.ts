/**
 * What the players read of the Challenge System (CH-1 … CH-11): a foe's name until the GM reveals
 * it, and its numbers (rating, pool, bonus, reserves, resistance, what its abilities gave, the odds
 * computed from them) until the GM shows them, never in what was written before; what the table
 * saw (the player character's pool, who converted what, who won) is there. Played through the
 * real router over a real library, read through the players' recap and screen; then each kind's
 * rule on hand-made payloads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { LogEntry } from '../../src/shared/contract'
import { describeLogEntry } from '../../src/shared/log-text'
import { capitalAliases } from '../../src/shared/log-text/words'
import { PLAYERS_AUDIENCES, PLAYERS_COLUMNS, playerView, playersEntries } from '../../src/main/services/players'
import { publicOdds } from '../../src/main/services/players/odds'
import { decideEntry } from '../../src/main/services/players/audience/rules'
import { visibilityOf, type MetFoe } from '../../src/main/services/players/audience/visibility'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'

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

const DRAGON = 'Zqx Mother dragon'
const VORN = 'Zqxlord Vorn'
/** The typed-in dragon's numbers (CH-1), each found nowhere else in the session. */
const DRAGON_NUMBERS = { rating: 193, bonus: 171, reserves: 164, resistance: 258 }

/** Whole numbers as words: 193 in "pool 193", not in "1193" or "19.3". */
const hasNumber = (text: string, n: number): boolean => new RegExp(`(?<![\\d.])${n}(?![\\d.])`).test(text)

/** Every entry the players may read, oldest first, with its sentence as they read it. */
async function playersLines(campaignId: number): Promise<{ id: number; kind: string; text: string; entry: LogEntry }[]> {
  const rows = await core.deps.db
    .selectFrom('log_entry')
    .select([...PLAYERS_COLUMNS, 'dice'])
    .where('campaign_id', '=', campaignId)
    .where('audience', 'in', PLAYERS_AUDIENCES)
    .where('undone', '=', 0)
    .orderBy('id')
    .execute()
  return (await playersEntries(core.deps.db, campaignId, rows)).map((e) => ({ id: e.id, kind: e.kind, text: capitalAliases(describeLogEntry(e)), entry: e }))
}

/** The GM's entries of a kind, oldest first. */
async function gmEntries(campaignId: number, kind: string): Promise<LogEntry[]> {
  return (await gm(core, 'log.list', { campaignId, limit: 500 })).filter((e) => e.kind === kind).reverse()
}

/** Everything a player can read: the recap, the screen, every players' entry with its payload. */
async function everything(campaignId: number, sessionId: number): Promise<string> {
  const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
  const lines = await playersLines(campaignId)
  return [recap, JSON.stringify(await playerView(core.deps, campaignId)), ...lines.map((l) => `${l.text}\n${JSON.stringify(l.entry.payload)}`)].join('\n')
}

async function table() {
  const campaignId = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: 'players-audience-challenge' })).id
  const sheet = { abilities: [{ name: 'Swordplay', rating: 300 }, { name: 'Dodging', rating: 300 }, { name: 'Wits', rating: 30 }] }
  const cecilie = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Cecilie', playerName: null, sheet })).id
  const vorn = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: VORN, playerName: null, sheet: { abilities: [{ name: 'Guile', rating: 7 }] } })).id
  const sessionId = (await gm(core, 'play.start', { campaignId, attendance: [cecilie] })).id
  return { campaignId, cecilie, vorn, sessionId }
}

describe('the players read a challenge as the table saw it (CH-1 … CH-11)', () => {
  it('CH-1, CH-2, CH-5, CH-10: a typed-in foe’s name until revealed and its numbers until shown, in entries written after only', async () => {
    const { campaignId, cecilie, sessionId } = await table()
    const c = await gm(core, 'challenge.start', {
      campaignId,
      title: 'The lair',
      sides: [
        { characterId: cecilie, ability: 'Swordplay', rating: 300, resistance: 250, hazard: 'slightly' },
        { name: DRAGON, ability: 'Fire', ...DRAGON_NUMBERS, hazard: 'very' },
      ],
    })
    await gm(core, 'challenge.round', { id: c.id, choices: [] })
    // CH-5: Cecilie changes to Dodging; the dragon, ahead in pool, carries a bonus into the next round.
    await gm(core, 'challenge.change', { id: c.id, sides: [{ side: 0, ability: 'Dodging', rating: 300, resistance: 250 }] })

    let seen = await everything(campaignId, sessionId)
    expect(seen).not.toContain('Zqx')
    for (const n of Object.values(DRAGON_NUMBERS)) expect(hasNumber(seen, n), `${n}`).toBe(false)
    let lines = await playersLines(campaignId)
    const start = lines.find((l) => l.kind === 'challenge.started')!
    // What the table saw: who faced whom, with which ability; Cecilie's own numbers.
    expect(start.text).toBe('Challenge “The lair” begun: Cecilie (Swordplay 300, resistance 250) against a foe (Fire).')
    expect(start.entry.payload).not.toHaveProperty('odds')
    const [round1] = await gmEntries(campaignId, 'challenge.round')
    const ceciliePool = (round1!.payload.pools as number[])[0]!
    expect(lines.find((l) => l.kind === 'challenge.round')!.text).toBe(`“The lair”, round 1: Cecilie ${ceciliePool}.`)
    expect(lines.find((l) => l.kind === 'challenge.changed')!.text).toBe(`“The lair”: Cecilie changes to Dodging (pool ${ceciliePool}) (CH-5).`)

    // The GM reveals the dragon: its name is told from now on, its numbers still not.
    await gm(core, 'players.reveal', { campaignId, key: `challenge:${c.id}:1`, what: 'foe', shown: true })
    await gm(core, 'challenge.round', { id: c.id, choices: [] })
    lines = await playersLines(campaignId)
    const rounds = lines.filter((l) => l.kind === 'challenge.round')
    expect(rounds[0]!.text).not.toContain('Zqx')
    expect(start.text).not.toContain('Zqx')
    const round2 = (await gmEntries(campaignId, 'challenge.round'))[1]!
    expect(rounds[1]!.text).toBe(`“The lair”, round 2: Cecilie ${(round2.payload.pools as number[])[0]}.`)
    expect(rounds[1]!.entry.payload.names).toEqual(['Cecilie', DRAGON])
    seen = await everything(campaignId, sessionId)
    for (const n of [...Object.values(DRAGON_NUMBERS), ...(round2.payload.pools as number[]).slice(1)]) expect(hasNumber(seen, n), `${n}`).toBe(false)

    // The GM shows its numbers: the next round tells its pool; the rounds before still do not.
    await gm(core, 'players.reveal', { campaignId, key: `challenge:${c.id}:1`, what: 'numbers', shown: true })
    const decided = await gm(core, 'challenge.round', { id: c.id, choices: [] })
    expect(decided.status).toBe('decided')
    const round3 = (await gmEntries(campaignId, 'challenge.round'))[2]!
    const [cecilie3, dragon3] = round3.payload.pools as [number, number]
    lines = await playersLines(campaignId)
    const shown = lines.filter((l) => l.kind === 'challenge.round')
    expect(shown[2]!.text).toBe(`“The lair”, round 3: Cecilie ${cecilie3 < 0 ? `−${-cecilie3}` : cecilie3}, ${DRAGON} ${dragon3}. ${DRAGON} wins.`)
    expect(shown[1]!.text).not.toContain(`${DRAGON} `)

    // CH-10: Cecilie pays; then the challenge is put away. The winner is the table's.
    await gm(core, 'challenge.consequences', { id: c.id, splits: [{ side: 0, shares: [{ from: 'rating', points: 200 }] }] })
    await gm(core, 'challenge.close', { id: c.id })
    const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
    expect(recap).toContain('Consequences of “The lair”: Cecilie −200 Dodging')
    expect(recap).toContain('Cecilie: −200 Dodging recorded.')
    expect(recap).toContain(`${DRAGON} wins`)
    expect(recap).toContain('a foe (Fire)')
    expect(recap).not.toContain('NaN')
    expect(recap).not.toContain('undefined')
  })

  it('CH-1, CH-8, CH-11: an NPC played as a foe: its pool, its dice and the odds stay the GM’s; the player character’s roll is there', async () => {
    const { campaignId, cecilie, vorn, sessionId } = await table()
    const c = await gm(core, 'challenge.start', {
      campaignId,
      title: 'Wits against guile',
      dice: 'comparison',
      sides: [
        { characterId: cecilie, ability: 'Wits', rating: 6, reserves: 20 },
        { characterId: vorn, ability: 'Guile', rating: 7, reserves: 43 },
      ],
    })
    await gm(core, 'challenge.round', { id: c.id, choices: [] })
    const [gmRound] = await gmEntries(campaignId, 'challenge.round')
    // The GM's entry keeps the odds and the NPC's pool; the players' does not.
    expect(gmRound!.payload.odds).not.toBeNull()
    const view = await playerView(core.deps, campaignId)
    const roll = view.rolls.find((r) => r.text.includes('round 1'))!
    expect(roll.odds).toBeNull()
    expect(roll.text).toBe(`“Wits against guile”, round 1: Cecilie ${(gmRound!.payload.pools as number[])[0]}.`)
    const seen = await everything(campaignId, sessionId)
    expect(seen).not.toContain('Zqx')
    expect(hasNumber(seen, 43)).toBe(false)
    const [round1] = (await playersLines(campaignId)).filter((l) => l.kind === 'challenge.round')
    expect(round1!.entry.payload.pools).toEqual([(gmRound!.payload.pools as number[])[0], null])
    const report = round1!.entry.payload.report as { sides: object[]; dice: { who: string }[]; conversions: object[] }
    expect(report.sides[1]).toEqual({ index: 1, side: 'a foe' })
    expect(report.dice.length).toBeGreaterThan(0)
    expect(report.dice.every((d) => d.who === 'Cecilie')).toBe(true)
    // CH-7: the NPC's conversion is its own numbers; Cecilie's is the table's.
    await gm(core, 'challenge.round', { id: c.id, choices: [{ side: 0, toBonus: 1 }, { side: 1, toReserves: 2 }] })
    const [, round2] = (await playersLines(campaignId)).filter((l) => l.kind === 'challenge.round')
    expect(round2!.text).toContain('(Cecilie converts 1 into 2 bonus)')
    expect((round2!.entry.payload.report as { conversions: { side: string }[] }).conversions.map((x) => x.side)).toEqual(['Cecilie'])
  })

  it('CH-3: a foe out from the start (a challenge decided at once) is met all the same: unnamed, its numbers the GM’s', async () => {
    const { campaignId, cecilie, sessionId } = await table()
    const c = await gm(core, 'challenge.start', { campaignId, title: 'A husk', sides: [{ characterId: cecilie, ability: 'Wits', rating: 30 }, { name: 'Zqx Husk', rating: 0, reserves: 187 }] })
    expect(c.status).toBe('decided')
    const seen = await everything(campaignId, sessionId)
    expect(seen).not.toContain('Zqx')
    expect(hasNumber(seen, 187)).toBe(false)
    expect((await playersLines(campaignId)).find((l) => l.kind === 'challenge.started')!.text).toBe('Challenge “A husk” begun: Cecilie (Wits 30) against a foe. Cecilie wins at once.')
  })
})

// ---------------------------------------------------------------------------------------------

const met = (name: string, shown: Partial<MetFoe> = {}): MetFoe => ({ key: `challenge:1:1`, name, alias: 'a foe', revealed: false, numbersShown: false, ...shown })
const HIDDEN = visibilityOf([met('Mother dragon')])
const NAMED = visibilityOf([met('Mother dragon', { revealed: true })])
const SHOWN = visibilityOf([met('Mother dragon', { revealed: true, numbersShown: true })])
const decide = (kind: string, payload: Record<string, unknown>, v = HIDDEN) => decideEntry(kind, payload, false, v)
const text = (kind: string, payload: Record<string, unknown> | null) => capitalAliases(describeLogEntry({ id: 1, campaignId: 1, sessionId: null, gameTime: 0, realTime: '', kind, payload: payload ?? {}, dice: null, gmOnly: false, undone: false }))

const ceciliePc = { name: 'Cecilie', characterId: 4, ability: 'Swordplay', abilitiesUsed: ['Swordplay'], hazard: 'none', base: { rating: 7, bonus: 0, reserves: 5, resistance: 0 }, helps: [], rating: 7, numbers: { pool: 7, bonus: 0, reserves: 5, resistance: 0 }, horde: null }
const dragonSide = { name: 'Mother dragon', characterId: null, ability: 'Fire', abilitiesUsed: ['Fire'], hazard: 'very', base: { rating: 8, bonus: 1, reserves: 2, resistance: 3 }, helps: ['Wings 6: +1 bonus (CH-6)'], rating: 8, numbers: { pool: 8, bonus: 1, reserves: 2, resistance: 3 }, horde: null }
const odds = { kind: 'certain', a: 0, b: 1, draw: 0, stalemate: 0 }

describe('each challenge kind’s rule', () => {
  it('CH-1, CH-6, CH-9, CH-11 challenge.started: a hidden foe by its name and ability; no rating, numbers, helps or odds', () => {
    const payload = { challengeId: 1, title: 'Cecilie vs Mother dragon', dice: 'pools', sides: [ceciliePc, { ...dragonSide, horde: 7 }], startDice: [{ who: 'Cecilie', count: 7, faces: [1] }, { who: 'Mother dragon', count: 8, faces: [2] }], outcome: null, odds }
    const d = decide('challenge.started', payload)
    expect(d.players!.sides).toEqual([ceciliePc, { name: 'a foe', characterId: null, ability: 'Fire', abilitiesUsed: ['Fire'], horde: 7 }])
    expect(d.players).not.toHaveProperty('odds')
    expect(d.players!.startDice).toEqual([{ who: 'Cecilie', count: 7, faces: [1] }])
    expect(text('challenge.started', d.players)).toBe('Challenge “Cecilie vs a foe” begun: Cecilie (Swordplay 7, reserves 5) against a foe (7 × Fire), dice for the pools.')
    expect(publicOdds({ ...({} as LogEntry), kind: 'challenge.started', payload: d.players! }, new Set([4]))).toBeNull()
    // Named, numbers still hidden; then shown: the GM's entry as it is.
    expect(text('challenge.started', decide('challenge.started', payload, NAMED).players)).toContain('against Mother dragon (7 × Fire)')
    expect(decide('challenge.started', payload, SHOWN)).toEqual({ audience: 'all', players: null })
    // The GM's sentence is unchanged.
    expect(text('challenge.started', payload)).toBe('Challenge “Cecilie vs Mother dragon” begun: Cecilie (Swordplay 7, reserves 5) against Mother dragon (7 × Fire 8, bonus 1, reserves 2, resistance 3), dice for the pools.')
  })

  it('CH-2, CH-3, CH-7 challenge.round: the foe’s pool, conversions, numbers and the odds out; the undo copy never the players’', () => {
    const side = (i: number, name: string) => ({ index: i, side: name, before: { pool: 7, bonus: 0, reserves: 5, resistance: 0 }, bonusUsed: 0, effective: 7, resistanceUsed: 0, through: 3, fromReserves: 3, fromPool: 0, after: { pool: 7, bonus: 0, reserves: 2, resistance: 0 } })
    const report = {
      round: 1,
      carriedBonus: [{ side: 'Mother dragon', bonus: 2 }],
      conversions: [{ side: 'Cecilie', poolSpent: 1, bonusGained: 2, reservesGained: 0, resistanceGained: 0 }, { side: 'Mother dragon', poolSpent: 2, bonusGained: 0, reservesGained: 6, resistanceGained: 0 }],
      dice: [{ who: 'Mother dragon on Cecilie', count: 9, faces: [] }],
      sides: [side(0, 'Cecilie'), side(1, 'Mother dragon')],
      blows: [{ from: 0, to: 1, fromSide: 'Cecilie', toSide: 'Mother dragon', loss: 9, rounded: false, inflicted: 9, resisted: 3, through: 6 }, { from: 1, to: 0, fromSide: 'Mother dragon', toSide: 'Cecilie', loss: 5, rounded: true, inflicted: 5, resisted: 0, through: 5 }],
      fallen: [],
      eliminated: [],
      winner: null,
    }
    const payload = { challengeId: 1, title: 'The lair', round: 1, pools: [7, 6], names: ['Cecilie', 'Mother dragon'], characterIds: [4, null], outcome: null, report, odds, undo: { status: 'running', state: { secret: 1 } } }
    const p = decide('challenge.round', payload).players!
    expect(p.pools).toEqual([7, null])
    expect(p).not.toHaveProperty('odds')
    expect(p).not.toHaveProperty('undo')
    const r = p.report as typeof report
    expect(r.sides[1]).toEqual({ index: 1, side: 'a foe' })
    expect(r.conversions.map((c) => c.side)).toEqual(['Cecilie'])
    expect(r.carriedBonus).toEqual([])
    expect(r.dice).toEqual([])
    expect(r.blows).toEqual([
      { from: 0, to: 1, fromSide: 'Cecilie', toSide: 'a foe' },
      { from: 1, to: 0, fromSide: 'a foe', toSide: 'Cecilie', resisted: 0, through: 5 },
    ])
    expect(text('challenge.round', p)).toBe('“The lair”, round 1 (Cecilie converts 1 into 2 bonus): Cecilie 7.')
    // Shown: the round as the GM reads it, without the undo copy.
    const shown = decide('challenge.round', payload, SHOWN).players!
    expect(shown).toEqual((({ undo: _, ...rest }) => rest)(payload))
    expect(text('challenge.round', shown)).toBe('“The lair”, round 1 (Cecilie converts 1 into 2 bonus; Mother dragon converts 2 into 6 reserves): Cecilie 7, Mother dragon 6.')
  })

  it('CH-5 challenge.changed: a hidden side’s new pool, reserves and bonus are left out', () => {
    const payload = {
      challengeId: 1,
      title: 'The lair',
      changes: [
        { side: 'Cecilie', changed: true, ability: 'Run Like A Bunny', pool: { before: 3, after: 3 }, reserves: { before: 0, after: 0 }, firstRoundBonus: 0 },
        { side: 'Mother dragon', changed: true, ability: 'Aerial Hunting', pool: { before: 2, after: 3 }, reserves: { before: 4, after: 0 }, firstRoundBonus: 2 },
      ],
    }
    const p = decide('challenge.changed', payload).players!
    expect((p.changes as object[])[1]).toEqual({ side: 'a foe', changed: true, ability: 'Aerial Hunting' })
    expect(text('challenge.changed', p)).toBe('“The lair”: Cecilie changes to Run Like A Bunny (pool 3); a foe changes to Aerial Hunting (CH-5).')
    expect(text('challenge.changed', payload)).toBe('“The lair”: Cecilie changes to Run Like A Bunny (pool 3); Mother dragon changes to Aerial Hunting (pool 3); Mother dragon +2 bonus next round (CH-5).')
  })

  it('CH-10 challenge.consequences: a hidden side’s threshold, fraction, points and restores are left out', () => {
    const cons = (name: string, characterId: number | null) => ({ name, characterId, ability: 'Fire', threshold: 'half', scope: 'ability', fraction: '1/4', points: 3, restores: ['−1 Fire'], split: null })
    const payload = { challengeId: 1, title: 'The lair', consequences: [cons('Cecilie', 4), cons('Mother dragon', 9)] }
    const p = decide('challenge.consequences', payload).players!
    expect((p.consequences as object[])[1]).toEqual({ name: 'a foe', characterId: 9, ability: 'Fire', scope: 'ability' })
    expect(text('challenge.consequences', p)).toBe('Consequences of “The lair”: Cecilie −3 Fire; a foe reduced in Fire (CH-10).')
    expect(text('challenge.consequences', payload)).toBe('Consequences of “The lair”: Cecilie −3 Fire; Mother dragon −3 Fire (CH-10).')
  })

  it('CH-3, CH-5 challenge.closed: broken off where the table’s pools stand; the foe’s pool is the GM’s', () => {
    const payload = { challengeId: 1, title: 'The lair', brokenOff: true, pools: [4, 2], names: ['Cecilie', 'Mother dragon'], outcome: null, undo: { status: 'running', state: {} } }
    const p = decide('challenge.closed', payload).players!
    expect(p).toMatchObject({ pools: [4, null] })
    expect(p).not.toHaveProperty('undo')
    expect(text('challenge.closed', p)).toBe('“The lair” broken off at Cecilie 4.')
    expect(text('challenge.closed', { ...p, pools: [null, null] })).toBe('“The lair” broken off.')
    expect(text('challenge.closed', payload)).toBe('“The lair” broken off at Cecilie 4, Mother dragon 2.')
    const away = { challengeId: 1, title: 'The lair', brokenOff: false, pools: [-1, 2], names: ['Cecilie', 'Mother dragon'], outcome: 'Mother dragon wins' }
    expect(text('challenge.closed', decide('challenge.closed', away).players)).toBe('“The lair” put away: a foe wins.')
  })

  it('undo’s bookkeeping (challenge.undone) is the GM’s', () => {
    expect(decide('challenge.undone', { challengeId: 1, summary: 'Round 2 of “The lair”', action: 'round' }, SHOWN)).toEqual({ audience: 'gm', players: null })
  })
})
