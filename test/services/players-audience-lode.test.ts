/**
 * What the players read of LODE play and of the combat scenes of LODE, Resolution and Ranks and
 * the Challenge System: a foe met at the table is "a foe" until the GM reveals it, its Base Dice
 * (LODE-12), rank (RK-1) and pool (LODE-1) are the GM's until shown, the encounter's row that
 * brought the fight (DICE-1) is the GM's table; what the table saw (successes, who won by how much,
 * that a fight began and ended) stays. Every GM-only field carries a canary ("Zqx", "Qvyrm", 13)
 * that must not reach the players' recap or screen. Real router, real library; and each kind's
 * rule on hand-made payloads.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { playerView } from '../../src/main/services/players'
import { decideEntry } from '../../src/main/services/players/audience/rules'
import { visibilityOf, type MetFoe } from '../../src/main/services/players/audience/visibility'
import { publicOdds } from '../../src/main/services/players/odds'
import { describeLogEntry } from '../../src/shared/log-text'
import type { LogEntry } from '../../src/shared/contract'
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

const NO_POINTS = { advantages: 0, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }

/** The players' recap's timeline lines, and the whole of what their screen shows, as text. */
async function players(sessionId: number, campaignId: number): Promise<{ lines: string[]; all: string }> {
  const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'players' })
  const view = await playerView(core.deps, campaignId)
  return { lines: markdown.split('\n').filter((l) => l.startsWith('- ') && l.includes(' · ')).map((l) => l.replace(/^- \d\d:\d\d · \w+ — /, '')), all: markdown + JSON.stringify(view) }
}

/** The players' screen's latest roll. */
async function latestRoll(campaignId: number): Promise<{ text: string; odds: string | null }> {
  return (await playerView(core.deps, campaignId)).rolls[0]!
}

/** A foe's key on the GM's players' controls. */
async function keyOf(campaignId: number, name: string): Promise<string> {
  const foe = (await gm(core, 'players.controls', { campaignId })).foes.find((f) => f.name === name)
  if (!foe) throw new Error(`${name} is not a foe met`)
  return foe.key
}

function expectNone(text: string, canaries: readonly string[]): void {
  for (const c of canaries) expect(text, `“${c}” reached the players`).not.toContain(c)
}

describe('LODE at the table: what the players read of a fight', () => {
  let campaignId: number
  let sessionId: number
  let brann: number
  let warden: number
  beforeEach(async () => {
    campaignId = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed: 'audience-lode' })).id
    brann = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Brann', sheet: {} })).id
    warden = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Zqx Warden', sheet: {} })).id
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'energy', amount: 2, reason: 'at creation' })
    await gm(core, 'ledger.earn', { campaignId, characterId: brann, currency: 'destiny', amount: 3, reason: 'at creation' })
    sessionId = (await gm(core, 'play.start', { campaignId, attendance: [brann] })).id
  })

  const brannSide = { characterId: null as number | null, name: '', what: 'Wrestling', baseDice: 2, ...NO_POINTS, advantages: 1 }
  const golemSide = { characterId: null, name: 'Rust golem', what: 'Crushing grip', baseDice: 13, ...NO_POINTS }

  it('LODE-7, LODE-12: a foe typed in is “a foe” and its Base Dice and pool are the GM’s; revealed, then shown, later entries tell them and earlier ones never', async () => {
    await gm(core, 'lode.combat.begin', { campaignId })
    await gm(core, 'lode.combat.foe', { campaignId, foe: { name: 'Rust golem', baseDice: 13 } })
    const first = await gm(core, 'lode.opposed', { campaignId, a: { ...brannSide, characterId: brann }, b: golemSide, gmOnly: false })
    await gm(core, 'lode.roll', { campaignId, ...golemSide, gmOnly: false })
    await gm(core, 'lode.roll', { campaignId, ...golemSide, what: 'Zqx secret', gmOnly: true })
    const climb = await gm(core, 'lode.roll', { campaignId, characterId: brann, name: '', what: 'Climb', baseDice: 2, ...NO_POINTS, energy: 1, gmOnly: false })

    let seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Rust golem', 'Base Dice 13', '13 dice', 'Crushing grip', 'Zqx'])
    const [brannFirst, golemFirst] = [first.sides[0]!.result.successes, first.sides[1]!.result.successes]
    // What the table saw: the fight began, the successes and who won; a foe typed in unnamed is not told at all.
    expect(seen.lines).toContain('The fight is on. Scene 2 begins (LODE-11).')
    expect(seen.lines.some((l) => l.includes('joins the fight'))).toBe(false)
    const { winner, margin } = first.opposed!
    const standing = winner === 'tie' ? 'a tie' : `${winner === 'a' ? 'Brann' : 'a foe'} wins by ${margin}`
    expect(seen.lines).toContain(`Brann against a foe: ${brannFirst} to ${golemFirst}, ${standing}.`)
    expect(seen.lines.filter((l) => l.startsWith('A foe rolled: '))).toHaveLength(1)
    // LODE-9: the player character's own pool and its odds are the table's.
    const view = await playerView(core.deps, campaignId)
    expect(view.rolls[0]!.text).toMatch(new RegExp(`^Brann rolled Climb \\(3 dice\\): ${climb.sides[0]!.result.successes} success`))
    expect(view.rolls[0]!.odds).toMatch(/^Success \d/)
    // The opposed roll's odds would be computed from the golem's pool: none.
    expect(view.rolls.find((r) => r.text.startsWith('Brann against'))!.odds).toBeNull()

    await gm(core, 'players.reveal', { campaignId, key: await keyOf(campaignId, 'Rust golem'), what: 'foe', shown: true })
    const second = await gm(core, 'lode.opposed', { campaignId, a: { ...brannSide, characterId: brann }, b: golemSide, gmOnly: false })
    seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Base Dice 13', '13 dice', 'Crushing grip', 'Zqx'])
    expect(seen.lines.filter((l) => l.startsWith('Brann against Rust golem: '))).toEqual([expect.stringContaining(`: ${second.sides[0]!.result.successes} to ${second.sides[1]!.result.successes},`)])
    expect(seen.lines.filter((l) => l.startsWith('Brann against a foe: '))).toHaveLength(1)
    expect((await latestRoll(campaignId)).odds).toBeNull()

    await gm(core, 'players.reveal', { campaignId, key: await keyOf(campaignId, 'Rust golem'), what: 'numbers', shown: true })
    await gm(core, 'lode.roll', { campaignId, ...golemSide, gmOnly: false })
    await gm(core, 'lode.opposed', { campaignId, a: { ...brannSide, characterId: brann }, b: golemSide, gmOnly: false })
    expect((await latestRoll(campaignId)).odds).toMatch(/^Brann wins \d/)
    await gm(core, 'clock.endCombat', { campaignId })
    seen = await players(sessionId, campaignId)
    expect(seen.lines.filter((l) => l.includes('rolled Crushing grip (13 dice)'))).toEqual([expect.stringMatching(/^Rust golem rolled Crushing grip \(13 dice\): /)])
    expect(seen.lines.filter((l) => l.startsWith('A foe rolled: '))).toHaveLength(1)
    expect(seen.lines).toContain('The fight is over after 0 rounds against Rust golem. Scene 3 begins (LODE-11).')
    expect(seen.all).not.toContain('Zqx')
  })

  it('DICE-1, LODE-9: an NPC met at an encounter: the row is the GM’s, the NPC “a foe” with its pool hidden, through a Destiny re-roll; a foe typed in unnamed is not told', async () => {
    await gm(core, 'lode.combat.begin', { campaignId, met: { text: 'Warden of the Qvyrm vault', npcId: warden, npcName: null } })
    await gm(core, 'lode.combat.foe', { campaignId, foe: { name: 'Vexhollow shade', baseDice: 11 } })
    const wardenSide = { characterId: warden, name: '', what: 'Vault ward', baseDice: 3, ...NO_POINTS, advantages: 4 }
    const roll = await gm(core, 'lode.opposed', { campaignId, a: { ...brannSide, characterId: brann }, b: wardenSide, gmOnly: false })
    await gm(core, 'lode.reroll', { rollId: roll.id, side: 'a' })
    await gm(core, 'lode.roll', { campaignId, ...wardenSide, gmOnly: false })

    let seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Qvyrm', 'Zqx', 'Vexhollow', 'Base Dice', 'Vault ward', '7 dice', 'Base Dice 11'])
    expect(seen.lines).toContain('The fight is on against a foe. Scene 2 begins (LODE-11).')
    expect(seen.lines.filter((l) => l.startsWith('Brann against a foe: '))).toHaveLength(1)
    expect(seen.lines.filter((l) => l.startsWith('Brann spent a Destiny point to re-roll Wrestling: '))).toHaveLength(1)
    expect(seen.lines.filter((l) => l.startsWith('A foe rolled: '))).toHaveLength(1)
    for (const r of (await playerView(core.deps, campaignId)).rolls) if (r.text.includes('a foe') || r.text.startsWith('A foe')) expect(r.odds).toBeNull()

    await gm(core, 'players.reveal', { campaignId, key: await keyOf(campaignId, 'Zqx Warden'), what: 'foe', shown: true })
    await gm(core, 'clock.endCombat', { campaignId })
    seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Qvyrm', 'Vexhollow', 'Base Dice', 'Vault ward'])
    expect(seen.lines).toContain('The fight is over after 0 rounds against Zqx Warden, a foe. Scene 3 begins (LODE-11).')
    expect(seen.lines).toContain('The fight is on against a foe. Scene 2 begins (LODE-11).')
  })

  it('LODE-10, LODE-11: a player character’s deliberate Halfmagic and the scene it counts against are the table’s', async () => {
    await gm(core, 'lode.newScene', { campaignId })
    const attempt = await gm(core, 'lode.deliberate', { campaignId, characterId: brann, what: 'Call the storm', ...NO_POINTS, advantages: 2, gmOnly: false })
    if (attempt.deliberate?.status === 'rolling') await gm(core, 'lode.deliberateStop', { rollId: attempt.id })
    const { lines } = await players(sessionId, campaignId)
    expect(lines).toContain('Scene 2 begins.')
    expect(lines.filter((l) => l.startsWith('Brann tried for Halfmagic with Call the storm (1 Destiny): '))).toHaveLength(1)
    expect((await playerView(core.deps, campaignId)).rolls.at(-1)!.odds).toMatch(/^Halfmagic /)
  })
})

describe('the combat scenes of Resolution and Ranks and of the Challenge System: what the players read', () => {
  it('RK-1, DICE-1: the encounter’s row is the GM’s, its Cult enforcers “a foe” and their rank hidden; a foe typed in unnamed is not told; the end names whom the GM revealed', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed: 'audience-ranks-scene' })).id
    const alexis = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Alexis', sheet: { abilities: [{ name: 'Courage', rank: 'fair' }, { name: 'Daring', rank: 'good' }, { name: 'Ferocity', rank: 'great' }], aspects: [] } })).id
    const sessionId = (await gm(core, 'play.start', { campaignId, attendance: [alexis] })).id
    await gm(core, 'ranks.combat.begin', { campaignId, met: { text: '2 Cult enforcers', npcId: null, npcName: null } })
    await gm(core, 'ranks.combat.foe', { campaignId, foe: { name: 'Zqx hierarch', rank: 'superb' } })
    let seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Cult enforcers', 'Fair', 'Superb', 'Zqx'])
    expect(seen.lines).toContain('The fight is on against a foe, a foe.')

    await gm(core, 'players.reveal', { campaignId, key: await keyOf(campaignId, 'Cult enforcers 1'), what: 'foe', shown: true })
    await gm(core, 'clock.nextRound', { campaignId })
    await gm(core, 'clock.endCombat', { campaignId })
    seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Cult enforcers 2', 'Fair', 'Superb', 'Zqx'])
    expect(seen.lines.some((l) => l.includes('The fight is over after 1 round against Cult enforcers 1, a foe, a foe.'))).toBe(true)
  })

  it('CH-9, DICE-1: a fight begun from an encounter is told as begun; the row and whom it brought are the GM’s until the challenge sets them out', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'The Raid', system: 'challenge', seed: 'audience-challenge-scene' })).id
    const sessionId = (await gm(core, 'play.start', { campaignId, attendance: [] })).id
    await gm(core, 'challenge.combat.begin', { campaignId, met: { text: '1d2+1 Qvyrm raiders', npcId: null, npcName: null } })
    const seen = await players(sessionId, campaignId)
    expectNone(seen.all, ['Qvyrm', '1d2'])
    expect(seen.lines).toContain('The fight is on.')
    const gmRecap = (await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown
    expect(gmRecap).toContain('The fight is on against Qvyrm raiders')
  })
})

describe('each kind’s rule on its own (LODE-1 … LODE-12, RK-1, CH-9)', () => {
  const foe = (name: string, revealed: boolean, numbersShown: boolean): MetFoe => ({ key: `lode:scene:0:${name}`, name, alias: 'a foe', revealed, numbersShown })
  const v = visibilityOf([foe('Rust golem', false, false), foe('Ghoul', true, false), foe('Troll', true, true)])
  const side = (name: string, characterId: number | null = null) => ({
    characterId,
    name,
    what: 'Claws +2',
    input: { baseDice: 13, advantages: 2, disadvantages: 0, blessing: 0, curse: 0, energy: 0, web: 9 },
    pool: 15,
    rolled: [1, 2, 3],
    faces: [1, 2, 3],
    explosions: [4],
    successes: 4,
    label: 'impressive',
    fumble: false,
    halfmagic: 0,
    rerolls: 0,
  })
  const playersOf = (kind: string, payload: Record<string, unknown>) => {
    const d = decideEntry(kind, payload, false, v)
    return d.audience === 'gm' ? null : (d.players ?? payload)
  }
  const text = (kind: string, payload: Record<string, unknown>) => describeLogEntry({ kind, payload } as unknown as LogEntry)
  const odds = (kind: string, payload: Record<string, unknown>) => publicOdds({ kind, payload } as unknown as LogEntry, new Set([4]))

  it('LODE-1, LODE-2: a hidden foe’s pool roll keeps its successes and loses its pool, dice and advantages; a shown foe’s and a player character’s stay whole', () => {
    const hidden = playersOf('lode.roll', { rollId: 1, mode: 'pool', ...side('Rust golem'), ledgerEntryIds: [] })!
    expect(hidden).not.toHaveProperty('input')
    expect(text('lode.roll', hidden)).toBe('a foe rolled: 4 successes — Impressive.')
    expect(playersOf('lode.roll', { rollId: 1, mode: 'pool', ...side('Ghoul') })).not.toHaveProperty('pool')
    const troll = { rollId: 1, mode: 'pool', ...side('Troll') }
    expect(playersOf('lode.roll', troll)).toBe(troll)
    const brann = { rollId: 1, mode: 'pool', ...side('Brann', 4) }
    expect(playersOf('lode.roll', brann)).toBe(brann)
    expect(odds('lode.roll', brann)).toMatch(/^Success /)
  })

  it('LODE-9: a Destiny re-roll by a hidden foe is told by its outcome; an opposed standing after it stays', () => {
    const p = playersOf('lode.reroll', { rollId: 1, mode: 'opposed', side: 'b', ...side('Ghoul'), winner: 'b', margin: 2 })!
    expect(p).toMatchObject({ name: 'Ghoul', successes: 4, winner: 'b', margin: 2 })
    expect(p).not.toHaveProperty('pool')
    expect(text('lode.reroll', p)).toBe('Ghoul spent a Destiny point to re-roll: 4 successes — Impressive.')
  })

  it('LODE-7: an opposed roll against a hidden foe: the foe’s side without its pool, the winner and margin kept, no odds', () => {
    const gmPayload = { rollId: 1, a: side('Brann', 4), b: side('Rust golem'), winner: 'b', margin: 1, ledgerEntryIds: [] }
    const p = playersOf('lode.opposed', gmPayload)!
    expect(p.a).toBe(gmPayload.a)
    expect(p.b).not.toHaveProperty('input')
    expect(p.b).not.toHaveProperty('what')
    expect(text('lode.opposed', p)).toBe('Brann against a foe: 4 to 4, a foe wins by 1.')
    expect(odds('lode.opposed', p)).toBeNull()
    expect(odds('lode.opposed', gmPayload)).toMatch(/^Brann wins /)
    expect(playersOf('lode.opposed', { ...gmPayload, b: side('Troll') })).toMatchObject({ b: { pool: 15 } })
  })

  it('LODE-10: a deliberate attempt, its re-roll and its stop by a hidden roller lose the pool and the advantages named', () => {
    const p = playersOf('lode.deliberate', { rollId: 1, baseDice: 2, ...side('Ghoul'), status: 'rolling' })!
    expect(p).not.toHaveProperty('input')
    expect(odds('lode.deliberate', { ...p, characterId: 4 })).toBeNull()
    expect(playersOf('lode.deliberate.reroll', { rollId: 1, ...side('Ghoul'), status: 'failed', prepaid: true })).not.toHaveProperty('faces')
    const stop = playersOf('lode.deliberate.stop', { rollId: 1, characterId: 9, name: 'Ghoul', what: 'Claws +2', successes: 3, rerolls: 1 })!
    expect(stop).not.toHaveProperty('what')
    expect(text('lode.deliberate.stop', stop)).toBe('Ghoul stopped trying for Halfmagic: it fails.')
  })

  it('LODE-11: Halfmagic given up and a new scene are the table’s', () => {
    const given = { rollId: 1, side: 'a', characterId: 4, name: 'Brann', what: 'Climb +1', level: 2, successes: 10, label: 'astonishing', toId: 4, toName: 'Brann', kept: true, sceneBefore: null, ledgerEntryIds: [7] }
    expect(playersOf('lode.halfmagic.givenUp', given)).toBe(given)
    expect(playersOf('lode.halfmagic.givenUp', { ...given, name: 'Ghoul' })).not.toHaveProperty('what')
    const scene = { number: 3, before: { number: 2, sessionId: 1, keptBy: [4] } }
    expect(playersOf('lode.scene', scene)).toBe(scene)
  })

  it('LODE-12, RK-1, DICE-1: a scene’s start loses the encounter’s row and the numbers not shown, and its sentence is written again', () => {
    const started = {
      foes: [
        { name: 'Rust golem', baseDice: 13, rank: null, npcId: 12 },
        { name: 'Ghoul', baseDice: 2, rank: null, npcId: null },
        { name: 'Troll', baseDice: 4, rank: null, npcId: null },
      ],
      met: '2d4 Zqx ghouls',
      sceneBefore: { number: 1, sessionId: 1, keptBy: [] },
      text: 'The fight is on against Rust golem (Base Dice 13), Ghoul (Base Dice 2), Troll (Base Dice 4). Scene 2 begins (LODE-11).',
    }
    const p = playersOf('lode.combat.started', started)!
    expect(p).not.toHaveProperty('met')
    expect(p.text).toBe('The fight is on against a foe, Ghoul, Troll (Base Dice 4). Scene 2 begins (LODE-11).')
    expect((p.foes as object[])[0]).toEqual({ name: 'a foe' })
    const ranks = playersOf('ranks.combat.started', { foes: [{ name: 'Cult enforcer', baseDice: null, rank: 'superb', npcId: null }], met: 'Cult enforcer', sceneBefore: null, text: 'The fight is on against Cult enforcer (Superb).' })!
    expect(ranks.text).toBe('The fight is on against Cult enforcer (Superb).')
    const ranksHidden = visibilityOf([foe('Cult enforcer', true, false)])
    expect(decideEntry('ranks.combat.started', { foes: [{ name: 'Cult enforcer', baseDice: null, rank: 'superb', npcId: null }], met: 'x', sceneBefore: null, text: '' }, false, ranksHidden).players).toMatchObject({ text: 'The fight is on against Cult enforcer.' })
  })

  it('CH-9: a Challenge’s fight begun from an encounter is told as begun, without the row or whom it brought', () => {
    const p = playersOf('challenge.combat.started', { foes: [{ name: 'Qvyrm raiders 1', baseDice: null, rank: null, npcId: null }], met: '1d2+1 Qvyrm raiders', sceneBefore: null, text: 'The fight is on against Qvyrm raiders 1.' })!
    expect(p).toEqual({ text: 'The fight is on.', facesHidden: true })
  })

  it('CLK-2: a scene’s end names whom it was against, unnaming those not revealed', () => {
    const ended = { rounds: 3, foes: ['Rust golem', 'Ghoul'], sceneBefore: { number: 2, sessionId: 1, keptBy: [] }, text: 'The fight is over after 3 rounds against Rust golem, Ghoul. Scene 3 begins (LODE-11).' }
    expect(playersOf('lode.combat.ended', ended)!.text).toBe('The fight is over after 3 rounds against a foe, Ghoul. Scene 3 begins (LODE-11).')
    expect(playersOf('ranks.combat.ended', { rounds: 1, foes: [], sceneBefore: null, text: 'The fight is over after 1 round.' })!.text).toBe('The fight is over after 1 round.')
  })

  it('LODE-12, RK-1: a foe typed in is not told while unnamed, told without its number until shown; keeping one as an NPC is the GM’s', () => {
    expect(playersOf('lode.combat.foe', { foe: { name: 'Rust golem', baseDice: 13, rank: null, npcId: null }, text: 'Rust golem (Base Dice 13) joins the fight.' })).toBeNull()
    expect(playersOf('lode.combat.foe', { foe: { name: 'Ghoul', baseDice: 3, rank: null, npcId: null }, text: 'Ghoul (Base Dice 3) joins the fight.' })).toEqual({ foe: { name: 'Ghoul', npcId: null }, text: 'Ghoul joins the fight.' })
    const troll = { foe: { name: 'Troll', baseDice: null, rank: 'great', npcId: null }, text: 'Troll (Great) joins the fight.' }
    expect(playersOf('ranks.combat.foe', troll)).toBe(troll)
    for (const kind of ['lode.combat.foe.saved', 'ranks.combat.foe.saved', 'challenge.combat.foe.saved']) {
      expect(playersOf(kind, { index: 0, npcId: 3, name: 'Troll', text: 'Troll is kept as an NPC of the campaign.' })).toBeNull()
    }
  })
})
