/**
 * What the players read of Resolution and Ranks: the GM's Threat never (RK-7: how much was taken,
 * what a Danger cost, what is left); a Danger's name only once the GM reveals it, removed or not
 * (RK-8); a foe's rank (RK-1) only once the GM shows its numbers, and never through the dice and
 * the exact result that would give it back (RK-2, RK-3); the player characters' rolls, Harm and
 * moves as the table saw them. Played through the real router over a real library, read through
 * the players' recap and screen; then each kind's rule on hand-made payloads.
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

const SHADOW = 'Zqx Shadow of the Cult'
const BELL = 'Zqx Hollow Bell'
const ENFORCER = 'Zqx Cult enforcer'
const SHEET = {
  abilities: [
    { name: 'Courage', rank: 'good' },
    { name: 'Daring', rank: 'spectacular' },
    { name: 'Ferocity', rank: 'great' },
  ],
  aspects: [{ name: 'Stubborn', used: false }],
}

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

/** Everything a player can read: the recap, the screen, every players' entry with its payload. */
async function everything(campaignId: number, sessionId: number): Promise<string> {
  const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
  const lines = await playersLines(campaignId)
  return [recap, JSON.stringify(await playerView(core.deps, campaignId)), ...lines.map((l) => `${l.text}\n${JSON.stringify(l.entry.payload)}`)].join('\n')
}

const keyOf = async (campaignId: number, name: string): Promise<string> => (await gm(core, 'players.controls', { campaignId })).foes.find((f) => f.name === name)!.key

/** Rolls against a Danger until it is removed (RK-8: a red result leaves it), accepting each roll. */
async function removeDanger(campaignId: number, characterId: number, dangerId: number): Promise<void> {
  for (let i = 0; i < 12; i++) {
    const roll = await gm(core, 'ranks.roll', { campaignId, characterId, ability: 'Daring', dangerId })
    const accepted = await gm(core, 'ranks.accept', { rollId: roll.id })
    if (accepted.outcome?.danger?.removed) return
  }
  throw new Error('twelve Spectacular rolls and the Danger still stands')
}

describe('the players read the Ranks table as the table saw it (RK-1 … RK-9)', () => {
  it('RK-7, RK-8: the Threat is the GM’s; a Danger is “a Danger” until revealed, after its removal too', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed: 'players-audience-ranks' })).id
    const pc = async (name: string) => (await gm(core, 'character.create', { campaignId, kind: 'pc', name, playerName: null, sheet: SHEET })).id
    const alexis = await pc('Alexis')
    const georgia = await pc('Georgia')
    const sessionId = (await gm(core, 'play.start', { campaignId, attendance: [alexis, georgia] })).id
    await gm(core, 'ranks.threat', { campaignId, perCharacter: 13 })
    const shadow = await gm(core, 'ranks.danger', { campaignId, characterId: alexis, description: SHADOW, threat: 17 })
    // RK-6: which rolls earn XP is the GM's set-up.
    await gm(core, 'ranks.experienceRule', { campaignId, rule: 'unchanged-aspect' })

    let lines = await playersLines(campaignId)
    expect(lines.find((l) => l.kind === 'ranks.danger')!.text).toBe('Alexis faces a Danger.')
    let seen = await everything(campaignId, sessionId)
    expect(seen).not.toContain('Zqx')
    expect(seen).not.toMatch(/Threat/)
    expect(seen).not.toContain('XP now comes')
    for (const n of [26, 17]) expect(seen).not.toMatch(new RegExp(`(?<![\\d.])${n}(?![\\d.])`))
    expect(lines.map((l) => l.kind)).not.toContain('ranks.threat')
    expect(lines.map((l) => l.kind).filter((k) => k.startsWith('ledger.'))).toEqual([])

    // RK-8: Alexis deals with the Danger; removed, it is still "a Danger" to the players.
    await removeDanger(campaignId, alexis, shadow.id)
    lines = await playersLines(campaignId)
    const roll = lines.find((l) => l.kind === 'ranks.roll')!
    expect(roll.text).toMatch(/^Alexis rolled Daring \(Spectacular\): ▲\d ▼\d → \w+ against a Danger\.$/)
    expect(lines.filter((l) => l.kind === 'ranks.accepted').at(-1)!.text).toMatch(/^Alexis’s \w+ Daring stands: the Danger is removed/)
    seen = await everything(campaignId, sessionId)
    expect(seen).not.toContain('Zqx')
    // Still hidden in a later change, and on the players' screen.
    await gm(core, 'ranks.newChapter', { campaignId })
    expect(await everything(campaignId, sessionId)).not.toContain('Zqx')
    // The public roll's odds are there, in the words the GM's chart gives against a Danger.
    const onScreen = (await playerView(core.deps, campaignId)).rolls.find((r) => r.text.startsWith('Alexis rolled Daring'))!
    expect(onScreen.odds).toMatch(/^Danger removed [\d.]+ % · no Harm [\d.]+ %$/)

    // The removed Danger revealed: what was written before stays as it was.
    await gm(core, 'players.reveal', { campaignId, key: await keyOf(campaignId, SHADOW), what: 'foe', shown: true })
    expect(await everything(campaignId, sessionId)).not.toContain(SHADOW)

    // A second Danger, revealed while it stands: named in what is written after the reveal only.
    const bell = await gm(core, 'ranks.danger', { campaignId, characterId: georgia, description: BELL, threat: 2 })
    await gm(core, 'players.reveal', { campaignId, key: `ranks:danger:${bell.id}`, what: 'foe', shown: true })
    await removeDanger(campaignId, georgia, bell.id)
    lines = await playersLines(campaignId)
    expect(lines.filter((l) => l.kind === 'ranks.danger').map((l) => l.text)).toEqual(['Alexis faces a Danger.', 'Georgia faces a Danger.'])
    expect(lines.find((l) => l.kind === 'ranks.roll' && l.text.startsWith('Georgia'))!.text).toContain(`against ${BELL}.`)
    expect(lines.filter((l) => l.kind === 'ranks.accepted').at(-1)!.text).toContain(`the Danger (${BELL}) is removed`)
    const recap = (await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown
    expect(recap).not.toContain(SHADOW)
    expect(recap).not.toContain('undefined')
  })

  it('RK-1, RK-2, RK-3: a scene foe’s roll is told by its band until the GM shows its numbers; then by its rank', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed: 'players-audience-ranks-foe' })).id
    const alexis = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Alexis', playerName: null, sheet: SHEET })).id
    const sessionId = (await gm(core, 'play.start', { campaignId, attendance: [alexis] })).id
    await gm(core, 'ranks.combat.begin', { campaignId })
    await gm(core, 'ranks.combat.foe', { campaignId, foe: { name: ENFORCER, rank: 'superb' } })
    const first = await gm(core, 'ranks.roll', { campaignId, characterId: null, who: ENFORCER, ability: 'Fighting', rank: 'superb' })
    await gm(core, 'ranks.accept', { rollId: first.id })

    const lines = await playersLines(campaignId)
    const foeRoll = lines.find((l) => l.kind === 'ranks.roll')!
    expect(foeRoll.text).toMatch(/^A foe rolled Fighting: a (disaster|failure|complicated success|partial success|clean victory|legendary victory)\.$/)
    expect(foeRoll.entry.payload).not.toHaveProperty('rank')
    expect(foeRoll.entry.payload).not.toHaveProperty('result')
    expect(lines.find((l) => l.kind === 'ranks.accepted')!.text).toMatch(/^A foe’s Fighting roll \(a [a-z ]+\) stands\.$/)
    const seen = await everything(campaignId, sessionId)
    expect(seen).not.toContain('Zqx')
    expect(seen).not.toMatch(/Superb/i)
    // A roll by someone else than a player character has no odds on the players' screen.
    expect((await playerView(core.deps, campaignId)).rolls.every((r) => r.odds === null)).toBe(true)

    // Revealed and its numbers shown: the next roll tells the rank; the first still does not.
    const key = await keyOf(campaignId, ENFORCER)
    await gm(core, 'players.reveal', { campaignId, key, what: 'foe', shown: true })
    await gm(core, 'players.reveal', { campaignId, key, what: 'numbers', shown: true })
    await gm(core, 'ranks.roll', { campaignId, characterId: null, who: ENFORCER, ability: 'Fighting', rank: 'superb' })
    const after = (await playersLines(campaignId)).filter((l) => l.kind === 'ranks.roll')
    expect(after[1]!.text).toMatch(new RegExp(`^${ENFORCER} rolled Fighting \\(Superb\\): ▲\\d ▼\\d → \\w+\\.$`))
    expect(after[0]!.text).toBe(foeRoll.text)
  })
})

// ---------------------------------------------------------------------------------------------

const met = (name: string, key: string, shown: Partial<MetFoe> = {}): MetFoe => ({ key, name, alias: key.startsWith('ranks:danger:') ? 'a Danger' : 'a foe', revealed: false, numbersShown: false, ...shown })
const HIDDEN = visibilityOf([met('Cult enforcer', 'ranks:scene:0:0'), met('the floor gives', 'ranks:danger:1')])
const SHOWN = visibilityOf([met('Cult enforcer', 'ranks:scene:0:0', { revealed: true, numbersShown: true }), met('the floor gives', 'ranks:danger:1', { revealed: true })])
const decide = (kind: string, payload: Record<string, unknown>, v = HIDDEN) => decideEntry(kind, payload, false, v)
const entry = (kind: string, payload: Record<string, unknown> | null): LogEntry => ({ id: 1, campaignId: 1, sessionId: null, gameTime: 0, realTime: '', kind, payload: payload ?? {}, dice: null, gmOnly: false, undone: false })
const text = (kind: string, payload: Record<string, unknown> | null) => capitalAliases(describeLogEntry(entry(kind, payload)))

const alexisRoll = { rollId: 1, characterId: 4, name: 'Alexis', ability: 'Ferocity', rank: 'great', up: 5, down: 2, result: 'spectacular', purpose: 'danger', danger: 'the floor gives' }
const foeRoll = { rollId: 2, characterId: null, name: 'Cult enforcer', ability: '', rank: 'superb', up: 3, down: 3, result: 'superb', purpose: 'action', danger: null }

describe('each ranks kind’s rule', () => {
  it('RK-2, RK-8 ranks.roll: a player character’s roll as it is (the Danger unnamed); a hidden foe’s by its band', () => {
    const pcs = decide('ranks.roll', alexisRoll).players!
    expect(pcs).toEqual({ ...alexisRoll, danger: 'a Danger' })
    expect(text('ranks.roll', pcs)).toBe('Alexis rolled Ferocity (Great): ▲5 ▼2 → Spectacular against a Danger.')
    expect(publicOdds(entry('ranks.roll', pcs), new Set([4]))).toMatch(/^Danger removed/)
    const foe = decide('ranks.roll', foeRoll).players!
    expect(foe).toEqual({ rollId: 2, characterId: null, name: 'a foe', ability: '', purpose: 'action', danger: null, resultBand: 'victory', facesHidden: true })
    expect(text('ranks.roll', foe)).toBe('A foe rolled a clean victory.')
    expect(text('ranks.roll', decide('ranks.roll', { ...foeRoll, ability: 'Fighting' }).players)).toBe('A foe rolled Fighting: a clean victory.')
    expect(decide('ranks.roll', foeRoll, SHOWN)).toEqual({ audience: 'all', players: null })
    // A players' payload without the rank has no odds, never wrong ones.
    expect(publicOdds(entry('ranks.roll', { ...foe, characterId: 4 }), new Set([4]))).toBeNull()
  })

  it('RK-8 ranks.courage: a roll beyond Doomed, by its band when the roller’s numbers are hidden', () => {
    const courage = { ...foeRoll, ability: 'Courage', purpose: 'courage', result: 'poor' }
    expect(text('ranks.courage', decide('ranks.courage', courage).players)).toBe('A foe, beyond Doomed, rolled Courage: a failure.')
    expect(decide('ranks.courage', { ...alexisRoll, danger: null, purpose: 'courage' })).toEqual({ audience: 'all', players: null })
  })

  it('RK-5 ranks.borderline: the roll made again, the replaced result by its band too', () => {
    const again = { ...foeRoll, ability: 'Wits', result: 'good', replaces: 1, replaced: 'fair', chooser: 'player' }
    const p = decide('ranks.borderline', again).players!
    expect(p).toMatchObject({ resultBand: 'partial', replacedBand: 'complicated' })
    expect(p).not.toHaveProperty('replaced')
    expect(text('ranks.borderline', p)).toBe('Borderline roll made again: a foe rolled Wits: a partial success instead.')
    expect(text('ranks.borderline', { ...alexisRoll, danger: null, replaces: 1, replaced: 'fair', chooser: 'player' })).toBe('Borderline Fair: Alexis rolled Ferocity (Great): ▲5 ▼2 → Spectacular instead.')
  })

  it('RK-4 ranks.aspect: the aspect’s die stays; a hidden roller’s results are bands', () => {
    const aspect = { ...foeRoll, characterId: 9, ability: 'Fighting', aspect: 'Brute', die: 4, from: 'poor', result: 'great', mayLeaveScene: false }
    const p = decide('ranks.aspect', aspect).players!
    expect(text('ranks.aspect', p)).toBe('A foe invoked “Brute”: +4 → a partial success (was a failure).')
    const pc = { ...alexisRoll, danger: null, aspect: 'Stubborn', die: 2, from: 'good', result: 'superb', mayLeaveScene: false }
    expect(decide('ranks.aspect', pc)).toEqual({ audience: 'all', players: null })
    expect(publicOdds(entry('ranks.aspect', p), new Set([9]))).toBeNull()
  })

  it('RK-6, RK-8 ranks.accepted: the Danger removed without its name while hidden; a hidden roller’s result by its band', () => {
    const accepted = { rollId: 1, characterId: 4, name: 'Alexis', ability: 'Ferocity', result: 'fair', purpose: 'danger', danger: { id: 1, description: 'the floor gives', removed: true }, harm: { characterId: 4, name: 'Alexis', box: 'weary', beyondDoomed: false }, xp: null, courage: null, refreshed: null, move: null }
    const p = decide('ranks.accepted', accepted).players!
    expect(p.danger).toEqual({ id: 1, removed: true })
    expect(text('ranks.accepted', p)).toBe('Alexis’s Fair Ferocity stands: the Danger is removed; Alexis marks Weary.')
    expect(text('ranks.accepted', decide('ranks.accepted', accepted, SHOWN).players ?? accepted)).toBe('Alexis’s Fair Ferocity stands: the Danger (the floor gives) is removed; Alexis marks Weary.')
    const foe = { ...accepted, characterId: null, name: 'Cult enforcer', ability: '', purpose: 'action', danger: null, harm: null }
    expect(text('ranks.accepted', decide('ranks.accepted', foe).players)).toBe('A foe’s roll (a complicated success) stands.')
  })

  it('RK-7 ranks.threat and ranks.danger: the Threat is the GM’s; a hidden Danger faces its character unnamed', () => {
    expect(decide('ranks.threat', { perCharacter: 5, characters: 3, threat: 15 }, SHOWN)).toEqual({ audience: 'gm', players: null })
    const danger = { dangerId: 1, characterId: 4, name: 'Alexis', description: 'the floor gives', threat: 2, left: 5 }
    const p = decide('ranks.danger', danger).players!
    expect(p).toEqual({ dangerId: 1, characterId: 4, name: 'Alexis', description: 'a Danger', named: false })
    expect(text('ranks.danger', p)).toBe('Alexis faces a Danger.')
    const named = decide('ranks.danger', danger, SHOWN).players!
    expect(text('ranks.danger', named)).toBe('Danger for Alexis: the floor gives.')
    expect(text('ranks.danger', danger)).toBe('Danger for Alexis: the floor gives (2 Threat; 5 left).')
  })

  it('RK-6 ranks.xpRule is the GM’s set-up; RK-8 ranks.beyondDoomed without the GM’s words; RK-9 moves and chapters are the table’s', () => {
    expect(decide('ranks.xpRule', { rule: 'losses' })).toEqual({ audience: 'gm', players: null })
    const beyond = decide('ranks.beyondDoomed', { characterId: 4, name: 'Alexis', description: 'fell from the bridge' }).players!
    expect(beyond).toEqual({ characterId: 4, name: 'Alexis' })
    expect(text('ranks.beyondDoomed', beyond)).toBe('Alexis takes Harm beyond Doomed: out of the scene, with Courage to roll.')
    expect(decide('ranks.manifestation', { characterId: 4, name: 'Alexis' })).toEqual({ audience: 'all', players: null })
    expect(decide('ranks.move', { move: 'refresh', characterId: 4, name: 'Alexis', partner: 'Georgia', recovered: 'hurt' })).toEqual({ audience: 'all', players: null })
    expect(decide('ranks.chapter', { chapter: 2, reset: ['Alexis'] })).toEqual({ audience: 'all', players: null })
  })
})
