/**
 * What the players' screen shows, built on the server (SCREENS.md, Player view): a light about to
 * go out (CLK-4's warning at a turn or less), foes concealed until revealed and their numbers
 * hidden until shown, handouts given and taken back, provisions of those who carry them (CLK-5),
 * and only the rolls that are not GM only. Real router, real library.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { playerView } from '../../src/main/services/players'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm } from '../support/calls'
import { insert } from '../support/sql'

/** A chance as the GM's odds chart words it ("16.7 %", "100 %"), to one decimal. */
const pct = (p: number): string => (p >= 0.9995 ? '100 %' : p > 0 && p < 0.0005 ? '< 0.1 %' : `${(p * 100).toFixed(1)} %`)

let lib: TempLibrary
let core: Core
let campaignId: number
let glam: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'players-view' })).id
  glam = await insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name: 'Glam', sheet: JSON.stringify({ h: 4, maxH: 4 }), created_at: 't', updated_at: 't' })
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('the players’ screen', () => {
  it('CLK-4: shows a lit torch with its carrier and time left, and warns when a turn or less is left', async () => {
    const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', quantity: 1, details: { type: 'torch' } })
    await gm(core, 'light.light', { campaignId, itemId: torch.id })
    await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
    expect((await playerView(core.deps, campaignId)).lights).toEqual([{ name: 'Torch', carrier: 'Glam', secondsLeft: 3600, fullSeconds: 3600, goingOut: false }])
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 55 } })
    const view = await playerView(core.deps, campaignId)
    expect(view.lights[0]).toMatchObject({ secondsLeft: 300, goingOut: true })
    expect(view.dark).toBe(false)
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 5 } })
    expect(await playerView(core.deps, campaignId)).toMatchObject({ lights: [], dark: true, darkness: 'No light is lit: −5 to actions in darkness' })
  })

  it('CLK-5: shows rations and water of those who carry them', async () => {
    await gm(core, 'inventory.add', { characterId: glam, name: 'Rations', kind: 'ration', quantity: 3 })
    await gm(core, 'inventory.add', { characterId: glam, name: 'Waterskin', kind: 'water', quantity: 2 })
    expect((await playerView(core.deps, campaignId)).party).toEqual([{ name: 'Glam', provisions: { foodDays: 3, waterPints: 2, daysLeft: 2 }, conditions: [] }])
  })

  it('OSR-14: keeps a foe off the order of play until revealed, and its H hidden until shown', async () => {
    await gm(core, 'osr.combat.start', { campaignId, party: [glam], adHoc: [{ name: 'Goblin', maxH: 3 }] })
    const fighters = async () => (await playerView(core.deps, campaignId)).combat!.groups.flatMap((g) => g.fighters)
    expect((await fighters()).map((f) => f.name)).toEqual(['Glam'])
    const [goblin] = (await gm(core, 'players.controls', { campaignId })).foes
    await gm(core, 'players.reveal', { campaignId, key: goblin!.key, what: 'foe', shown: true })
    expect((await fighters()).find((f) => f.name === 'Goblin')).toMatchObject({ side: 'foes', numbers: null })
    await gm(core, 'players.reveal', { campaignId, key: goblin!.key, what: 'numbers', shown: true })
    expect((await fighters()).find((f) => f.name === 'Goblin')).toMatchObject({ numbers: 'H 3/3' })
    await gm(core, 'players.reveal', { campaignId, key: goblin!.key, what: 'foe', shown: false })
    expect((await fighters()).map((f) => f.name)).toEqual(['Glam'])
  })

  it('shows a handout’s words for the players until it is taken back, and only rolls not marked GM only', async () => {
    const crypt = await gm(core, 'location.create', { campaignId, name: 'The Crypt', description: 'The GM’s own notes' })
    // The players read the GM's words for them under the heading the GM gave, never the record's name.
    await gm(core, 'players.handout', { campaignId, kind: 'location', id: crypt.id, text: 'Cold stone.', shown: true })
    expect((await playerView(core.deps, campaignId)).handouts).toEqual([{ kind: 'location', name: '', text: 'Cold stone.' }])
    await gm(core, 'players.handout', { campaignId, kind: 'location', id: crypt.id, text: 'Cold stone.', title: 'Below the chapel', shown: true })
    expect((await playerView(core.deps, campaignId)).handouts).toEqual([{ kind: 'location', name: 'Below the chapel', text: 'Cold stone.' }])
    await gm(core, 'players.handout', { campaignId, kind: 'location', id: crypt.id, shown: false })
    expect((await playerView(core.deps, campaignId)).handouts).toEqual([])

    await gm(core, 'osr.roll', { campaignId, roll: { what: 'is-it-so' }, gmOnly: true })
    expect((await playerView(core.deps, campaignId)).rolls).toEqual([])
    const open = await gm(core, 'osr.roll', { campaignId, roll: { what: 'is-it-so' }, gmOnly: false })
    const rolls = (await playerView(core.deps, campaignId)).rolls
    expect(rolls).toHaveLength(1)
    expect(rolls[0]!.faces).toEqual(open.faces)
    expect(rolls[0]!.text).toMatch(/^Is it so\? d6 = \d/)
  })

  it('DICE-2: a player character’s public roll shows the odds it had before the roll; a GM roll shows none', async () => {
    const roll = { what: 'check' as const, characterId: glam, ability: 'none' as const, target: 12, darkness: false }
    const before = await gm(core, 'osr.odds', { campaignId, roll })
    await gm(core, 'osr.roll', { campaignId, roll, gmOnly: false })
    await gm(core, 'osr.roll', { campaignId, roll: { what: 'is-it-so' }, gmOnly: false })
    const [isItSo, check] = (await playerView(core.deps, campaignId)).rolls
    expect(before.what === 'check' && before.success).toBe(0.45)
    expect(check!.odds).toBe('Success 45.0 %')
    expect(isItSo!.odds).toBeNull()
  })

  it('DICE-2: a player character’s public strike, shot and casting show the hit or success the GM’s odds gave; an NPC’s strike shows none', async () => {
    const ash = (
      await gm(core, 'character.create', {
        campaignId,
        kind: 'pc',
        name: 'Ash',
        sheet: { level: 2, B: 0, M: 1, S: 0, h: 6, maxH: 6, optionsAllowed: 1, options: ['arcane knowledge'], spells: [{ id: 'smite-foe', name: 'Smite Foe', art: 'arcane', level: 1 }] },
      })
    ).id
    const chief = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Brigand Chief', sheet: { level: 2, B: 0, M: 1, S: 0, h: 7, maxH: 7 } })).id
    const strike = { what: 'strike' as const, characterId: ash, targetId: chief, weaponId: null, darkness: false }
    const shot = { what: 'shot' as const, characterId: ash, targetId: null, distanceFt: 50, darkness: false }
    const cast = { what: 'cast' as const, characterId: ash, spellId: 'smite-foe', darkness: false }
    const npcStrike = { what: 'strike' as const, characterId: chief, targetId: ash, weaponId: null, darkness: false }
    const strikeOdds = await gm(core, 'osr.odds', { campaignId, roll: strike })
    const shotOdds = await gm(core, 'osr.odds', { campaignId, roll: shot })
    await gm(core, 'osr.prepare', { campaignId, characterId: ash })
    const castOdds = await gm(core, 'osr.odds', { campaignId, roll: cast })
    await gm(core, 'osr.roll', { campaignId, roll: strike, gmOnly: false })
    await gm(core, 'osr.roll', { campaignId, roll: shot, gmOnly: false })
    await gm(core, 'osr.roll', { campaignId, roll: cast, gmOnly: false })
    await gm(core, 'osr.roll', { campaignId, roll: npcStrike, gmOnly: false })
    if (strikeOdds.what !== 'strike' || shotOdds.what !== 'shot' || castOdds.what !== 'cast') throw new Error('not the odds asked for')
    const [byChief, cast_, shot_, strike_] = (await playerView(core.deps, campaignId)).rolls
    expect(strike_!.odds).toBe(`Hit ${pct(strikeOdds.hit)}`)
    expect(shot_!.odds).toBe(`Hit ${pct(shotOdds.hit)}`)
    expect(cast_!.odds).toBe(`Success ${pct(castOdds.success)}`)
    expect(byChief!.text).toMatch(/^Brigand Chief/)
    expect(byChief!.odds).toBeNull()
  })

  it('DICE-2: a LODE pool (LODE-1 … LODE-6) and an opposed roll (LODE-7) show the GM’s odds from the player character’s side; an NPC’s pool shows none', async () => {
    const lode = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed: 'players-lode' })).id
    const brann = (await gm(core, 'character.create', { campaignId: lode, kind: 'pc', name: 'Brann', sheet: {} })).id
    const ulf = (await gm(core, 'character.create', { campaignId: lode, kind: 'npc', name: 'Ulf the Reaver', sheet: {} })).id
    await gm(core, 'ledger.earn', { campaignId: lode, characterId: brann, currency: 'energy', amount: 1, reason: 'at creation' })
    const pool = { baseDice: 2, advantages: 3, disadvantages: 1, blessing: 0, curse: 0, energy: 1 }
    const poolOdds = await gm(core, 'lode.odds', { campaignId: lode, characterId: brann, ...pool })
    await gm(core, 'lode.roll', { campaignId: lode, characterId: brann, what: 'Strength +1', ...pool, gmOnly: false })
    const a = { baseDice: 2, advantages: 2, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }
    const b = { baseDice: 2, advantages: 1, disadvantages: 0, blessing: 0, curse: 1, energy: 0 }
    const opposedOdds = await gm(core, 'lode.opposedOdds', { campaignId: lode, a: { characterId: ulf, ...a }, b: { characterId: brann, ...b } })
    await gm(core, 'lode.opposed', { campaignId: lode, a: { characterId: ulf, what: 'Brawn', ...a }, b: { characterId: brann, what: 'Wrestling', ...b }, gmOnly: false })
    await gm(core, 'lode.roll', { campaignId: lode, characterId: ulf, what: 'Brawn', ...a, gmOnly: false })
    const [npcPool, opposed, brannPool] = (await playerView(core.deps, lode)).rolls
    expect(brannPool!.odds).toBe(`Success ${pct(1 - poolOdds.successes[0]!)} · Halfmagic ${pct(poolOdds.halfmagic)}`)
    expect(opposed!.odds).toBe(`Brann wins ${pct(opposedOdds.lose)} · tie ${pct(opposedOdds.tie)}`)
    expect(npcPool!.odds).toBeNull()
  })

  it('DICE-2: a Ranks ability roll (RK-2) shows the GM’s chance of Fair or better', async () => {
    const ranks = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed: 'players-ranks' })).id
    const sheet = { abilities: [{ name: 'Courage', rank: 'fair' }, { name: 'Daring', rank: 'good' }, { name: 'Ferocity', rank: 'great' }], aspects: [{ name: 'Stubborn', used: false }] }
    const alexis = (await gm(core, 'character.create', { campaignId: ranks, kind: 'pc', name: 'Alexis', playerName: null, sheet })).id
    const before = await gm(core, 'ranks.odds', { rank: 'good' })
    await gm(core, 'ranks.roll', { campaignId: ranks, characterId: alexis, ability: 'daring', gmOnly: false })
    const [roll] = (await playerView(core.deps, ranks)).rolls
    expect(roll!.odds).toBe(`Success ${pct(before.success)}`)
  })

  it('DICE-2: a LODE Destiny re-roll (LODE-8) shows the pool’s odds again; each attempt at deliberate Halfmagic (LODE-10) its chance of Halfmagic at Base Dice 2', async () => {
    const lode = (await gm(core, 'campaign.create', { name: 'The Barrow Road', system: 'lode', seed: 'players-lode-again' })).id
    const brann = (await gm(core, 'character.create', { campaignId: lode, kind: 'pc', name: 'Brann', sheet: {} })).id
    await gm(core, 'ledger.earn', { campaignId: lode, characterId: brann, currency: 'destiny', amount: 4, reason: 'at creation' })
    const pool = { baseDice: 3, advantages: 2, disadvantages: 0, blessing: 0, curse: 0, energy: 0 }
    const poolOdds = await gm(core, 'lode.odds', { campaignId: lode, characterId: brann, ...pool })
    const rolled = await gm(core, 'lode.roll', { campaignId: lode, characterId: brann, what: 'Climb', ...pool, gmOnly: false })
    await gm(core, 'lode.reroll', { rollId: rolled.id })
    const hm = { advantages: 1, disadvantages: 0, blessing: 1, curse: 0, energy: 0 }
    const hmOdds = await gm(core, 'lode.odds', { campaignId: lode, characterId: brann, baseDice: 2, ...hm })
    const attempt = await gm(core, 'lode.deliberate', { campaignId: lode, characterId: brann, what: 'Call the storm', ...hm, gmOnly: false })
    const rolls = (await playerView(core.deps, lode)).rolls
    // This seed's first attempt misses, so the point paid up front re-rolls it.
    expect(attempt.deliberate?.status).toBe('rolling')
    await gm(core, 'lode.deliberateReroll', { rollId: attempt.id })
    const [again] = (await playerView(core.deps, lode)).rolls
    expect(again!.odds).toBe(`Halfmagic ${pct(hmOdds.halfmagic)}`)
    const [deliberate, reroll, first] = rolls
    expect(first!.odds).toBe(`Success ${pct(1 - poolOdds.successes[0]!)} · Halfmagic ${pct(poolOdds.halfmagic)}`)
    expect(reroll!.odds).toBe(first!.odds)
    expect(deliberate!.odds).toBe(`Halfmagic ${pct(hmOdds.halfmagic)}`)
  })

  it('DICE-2: a Ranks aspect invoked (RK-4) shows the chance the GM’s “With it” line gave; a borderline roll again (RK-5) the new ability’s chance', async () => {
    const ranks = (await gm(core, 'campaign.create', { name: 'The Cult', system: 'ranks', seed: 'players-ranks-again' })).id
    await gm(core, 'setting.set', { campaignId: ranks, key: 'ranks.borderline', value: true })
    const sheet = { abilities: [{ name: 'Courage', rank: 'fair' }, { name: 'Daring', rank: 'mediocre' }, { name: 'Ferocity', rank: 'great' }], aspects: [{ name: 'Stubborn', used: false }] }
    const alexis = (await gm(core, 'character.create', { campaignId: ranks, kind: 'pc', name: 'Alexis', playerName: null, sheet })).id
    const roll = await gm(core, 'ranks.roll', { campaignId: ranks, characterId: alexis, ability: 'daring', gmOnly: false })
    const withIt = await gm(core, 'ranks.aspectOdds', { rollId: roll.id })
    await gm(core, 'ranks.aspect', { rollId: roll.id, aspect: 'Stubborn' })
    const [aspect] = (await playerView(core.deps, ranks)).rolls
    expect(aspect!.odds).toBe(`Success ${pct(withIt.success)}`)
    await gm(core, 'ranks.accept', { rollId: roll.id })

    // Roll until a Fair or Mediocre result may be rolled again with another ability (RK-5).
    for (let i = 0; i < 40; i++) {
      const r = await gm(core, 'ranks.roll', { campaignId: ranks, characterId: alexis, ability: 'courage', gmOnly: false })
      if (r.result === 'fair' || r.result === 'mediocre') {
        const ferocity = await gm(core, 'ranks.odds', { rank: 'great' })
        await gm(core, 'ranks.borderline', { rollId: r.id, ability: 'Ferocity' })
        const [again] = (await playerView(core.deps, ranks)).rolls
        expect(again!.odds).toBe(`Success ${pct(ferocity.success)}`)
        return
      }
      await gm(core, 'ranks.accept', { rollId: r.id })
    }
    throw new Error('forty Courage rolls and never Fair or Mediocre')
  })

  it('DICE-2: a Challenge round with dice at the comparison, and a start with dice at the pools (CH-11), show the player character’s chance the GM’s odds gave before it', async () => {
    const ch = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: 'players-challenge' })).id
    const tai = (await gm(core, 'character.create', { campaignId: ch, kind: 'pc', name: 'Tai', playerName: null, sheet: { abilities: [{ name: 'Swordplay', rating: 5 }] } })).id
    const sides = [{ name: 'Ghoul', ability: 'Clawing', rating: 4 }, { characterId: tai, ability: 'Swordplay', name: 'Tai', rating: 5 }]
    const comparison = { campaignId: ch, dice: 'comparison' as const, complementary: 'stepped' as const, sides }
    const started = await gm(core, 'challenge.start', comparison)
    // The ghoul's numbers are the GM's until shown: the odds that hold them too.
    await gm(core, 'challenge.round', { id: started.id, choices: [] })
    expect((await playerView(core.deps, ch)).rolls[0]!.odds).toBeNull()
    await gm(core, 'challenge.undo', { campaignId: ch })
    for (const what of ['foe', 'numbers'] as const) await gm(core, 'players.reveal', { campaignId: ch, key: `challenge:${started.id}:0`, what, shown: true })
    const before = await gm(core, 'challenge.preview', { id: started.id, choices: [] })
    expect(before.kind).toBe('dice')
    await gm(core, 'challenge.round', { id: started.id, choices: [] })
    const [round] = (await playerView(core.deps, ch)).rolls
    // Tai is the second side: the chance told is Tai's (the engine's b), not the ghoul's.
    expect(before.a).not.toBe(before.b)
    expect(round!.odds).toBe(`Tai wins ${pct(before.b)} · draw ${pct(before.draw)}`)
    // The round, the two reveals (actions like any other) and the start, newest first.
    for (let i = 0; i < 4; i++) await gm(core, 'play.undo', { campaignId: ch })

    const pools = { ...comparison, dice: 'pools' as const, sides: [sides[1]!, sides[0]!] }
    const second = await gm(core, 'challenge.start', pools)
    // A start against a foe met at it is told without the foe's name and numbers, and so without odds,
    // and stays so once the GM reveals it: a reveal changes what is written after it.
    const [start] = (await playerView(core.deps, ch)).rolls
    expect(start!.text).toMatch(/^Challenge .* begun: Tai \(.*\) against a foe/)
    expect(start!.odds).toBeNull()
    await gm(core, 'players.reveal', { campaignId: ch, key: `challenge:${second.id}:1`, what: 'foe', shown: true })
    expect((await playerView(core.deps, ch)).rolls[0]!.text).toBe(start!.text)
  })

  it('shows what the table decided without dice among the rolls: a Ranks roll accepted (its Danger unnamed), a challenge played without dice to its end, a bought result and a ruling', async () => {
    const ranks = (await gm(core, 'campaign.create', { name: 'Dark Harbour', system: 'ranks', seed: 'players-accepted' })).id
    const sheet = { abilities: [{ name: 'Courage', rank: 'good' }, { name: 'Daring', rank: 'good' }, { name: 'Ferocity', rank: 'good' }], aspects: [] }
    const georgia = (await gm(core, 'character.create', { campaignId: ranks, kind: 'pc', name: 'Georgia', playerName: null, sheet })).id
    await gm(core, 'play.start', { campaignId: ranks, attendance: [georgia] })
    await gm(core, 'ranks.threat', { campaignId: ranks, perCharacter: 5 })
    const danger = await gm(core, 'ranks.danger', { campaignId: ranks, characterId: georgia, description: 'The harbourmaster’s thugs', threat: 2 })
    const roll = await gm(core, 'ranks.roll', { campaignId: ranks, characterId: georgia, ability: 'courage', dangerId: danger.id, gmOnly: false })
    await gm(core, 'ranks.accept', { rollId: roll.id })
    const [accepted, rolled] = (await playerView(core.deps, ranks)).rolls
    expect(rolled!.text).toMatch(/^Georgia rolled Courage \(Good\): .* against a Danger\.$/)
    expect(accepted!.faces).toEqual([])
    expect(accepted!.text).toMatch(/^Georgia’s \w+ Courage stands/)
    expect(JSON.stringify(await playerView(core.deps, ranks))).not.toContain('harbourmaster')

    const ch = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: 'players-no-dice' })).id
    const cecilie = (await gm(core, 'character.create', { campaignId: ch, kind: 'pc', name: 'Cecilie', playerName: null, sheet: { abilities: [{ name: 'Dragon slaying', rating: 7, reserves: 6 }] } })).id
    // CH-4: Cecilie 7 with reserves 6 against the dragon 8: 5 / 4, then 3 / −1.
    const started = await gm(core, 'challenge.start', { campaignId: ch, sides: [{ characterId: cecilie, name: 'Cecilie', ability: 'Dragon slaying', rating: 7, reserves: 6 }, { name: 'the dragon', rating: 8 }] })
    await gm(core, 'challenge.playOut', { id: started.id })
    await gm(core, 'challenge.close', { id: started.id })
    const told = (await playerView(core.deps, ch)).rolls.map((r) => r.text)
    expect(told).toHaveLength(3)
    expect(told[0]).toMatch(/put away/)
    expect(told.slice(1).map((t) => t.match(/round \d/)![0])).toEqual(['round 2', 'round 1'])
    expect(told.join(' ')).not.toContain('dragon')

    const ladder = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder', seed: 'players-bought' })).id
    const tai = await insert(core, 'character', { campaign_id: ladder, kind: 'pc', name: 'Tai', sheet: JSON.stringify({ assets: [{ name: 'Climbing', rating: 'good', school: null }] }), created_at: 't', updated_at: 't' })
    await gm(core, 'ledger.earn', { campaignId: ladder, characterId: tai, currency: 'pp', amount: 1, reason: 'an episode' })
    await gm(core, 'ladder.buy', { campaignId: ladder, characterId: tai, name: 'Tai', what: 'Climbing', asset: 'good', want: 'superb' })
    await gm(core, 'ladder.ruling', { campaignId: ladder, characterId: tai, name: 'Tai', what: 'Running', success: true, reason: 'nobody chases her' })
    expect((await playerView(core.deps, ladder)).rolls.map((r) => [r.text, r.faces])).toEqual([
      ["GM's ruling for Tai (Running): success without a roll — nobody chases her.", []],
      ['Tai spent 1 Plot Point: Climbing (Good) → Superb! with no roll.', []],
    ])
  })

  it('DICE-2: a GM-only challenge round reaches no player, odds and all', async () => {
    const ch = (await gm(core, 'campaign.create', { name: 'Dragon Lair', system: 'challenge', seed: 'players-challenge-gm' })).id
    const tai = (await gm(core, 'character.create', { campaignId: ch, kind: 'pc', name: 'Tai', playerName: null, sheet: { abilities: [{ name: 'Swordplay', rating: 5 }] } })).id
    const started = await gm(core, 'challenge.start', { campaignId: ch, dice: 'comparison', complementary: 'stepped', gmOnly: true, sides: [{ characterId: tai, ability: 'Swordplay', name: 'Tai', rating: 5 }, { name: 'Ghoul', ability: 'Clawing', rating: 4 }] })
    await gm(core, 'challenge.round', { id: started.id, choices: [] })
    expect((await playerView(core.deps, ch)).rolls).toEqual([])
  })
})
