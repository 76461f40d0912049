import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { EventMessage } from '../../src/shared/contract'
import { HARM_BOXES, LADDER_DAMAGE_LEVELS } from '../../src/shared/injuries'
import { DAMAGE_LEVELS } from '../../src/main/engines/ladder'
import { HARM_BOXES as ENGINE_HARM_BOXES } from '../../src/main/engines/ranks'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, logKinds, refused } from '../support/calls'
import { failLogWrites, insertCharacter, rowCounts } from '../support/records'

const DAY = 86_400
const TABLES = ['injury', 'ledger_entry', 'log_entry'] as const

let lib: TempLibrary
let core: Core
let ladder: number
let tai: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  ladder = (await gm(core, 'campaign.create', { name: 'Clockwork City', system: 'ladder' })).id
  tai = await insertCharacter(core, ladder, 'pc', 'Tai')
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

async function campaignWith(system: 'osr' | 'ranks' | 'challenge' | 'lode', name: string) {
  const campaignId = (await gm(core, 'campaign.create', { name: `${system} campaign`, system })).id
  return { campaignId, characterId: await insertCharacter(core, campaignId, 'pc', name) }
}

describe('Ladder injuries (LAD-15 … LAD-22)', () => {
  it('a Wound heals about a week after it was taken (LAD-20), and says what its location does (LAD-17)', async () => {
    const heard: EventMessage[] = []
    core.events.on((m) => m.event === 'record.changed' && heard.push(m))
    const wound = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm', takenAt: 3600 })
    expect(wound).toMatchObject({
      characterName: 'Tai',
      system: 'ladder',
      label: 'Wounded · arm',
      takenAt: 3600,
      healsAt: 3600 + 7 * DAY,
      recovery: 'Heals in about a week (LAD-20).',
      treated: false,
      healed: false,
      canStepDown: false,
    })
    expect(wound.effect).toBe('Drops anything held in that arm and struggles to use it (LAD-17)')
    expect(await logKinds(core, ladder)).toEqual(['campaign.created', 'injury.recorded'])
    const [log] = await gm(core, 'log.list', { campaignId: ladder, limit: 1 })
    expect(log).toMatchObject({ gameTime: 3600, payload: { name: 'Tai', label: 'Wounded · arm' } })
    expect(heard.map((m) => m.payload)).toEqual([{ campaignId: ladder, kind: 'injury', id: wound.id, change: 'created', characterId: tai }])
  })

  it('an Incapacitate waits for treatment, then is up and about in 7 days and fully recovered in 30 (LAD-20)', async () => {
    const hurt = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: 'leg', takenAt: DAY })
    expect(hurt).toMatchObject({ healsAt: null, upAndAboutAt: null, canStepDown: true })
    expect(hurt.recovery).toMatch(/^Needs medical treatment/)
    const treated = await gm(core, 'injury.update', { id: hurt.id, treatedAt: DAY + 7200 })
    expect(treated).toMatchObject({ treated: true, treatedAt: DAY + 7200, upAndAboutAt: DAY + 7200 + 7 * DAY, healsAt: DAY + 7200 + 30 * DAY })
    // Untreating (a mistake) waits for treatment again.
    expect(await gm(core, 'injury.update', { id: hurt.id, treated: false })).toMatchObject({ treated: false, treatedAt: null, healsAt: null })
    // Treatment without a time is taken to be when the injury was.
    expect(await gm(core, 'injury.update', { id: hurt.id, treated: true })).toMatchObject({ treatedAt: DAY, healsAt: 31 * DAY })
  })

  it('Subdued clears at the end of the scene, and "heal between adventures" clears treated injuries next session (LAD-20)', async () => {
    const subdued = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'subdued' })
    expect(subdued).toMatchObject({ healsAt: null, recovery: 'Clears at the end of the scene (LAD-20).' })
    await gm(core, 'setting.set', { campaignId: ladder, key: 'ladder.healBetweenAdventures', value: true })
    const wound = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: null })
    expect(wound.healsAt).toBe(7 * DAY)
    const treated = await gm(core, 'injury.update', { id: wound.id, treated: true })
    expect(treated).toMatchObject({ healsAt: null, recovery: 'Treated: clears at the start of the next session (heal between adventures, LAD-20).' })
  })

  it('a third Wound Incapacitates, and a Wound on the Incapacitated kills (LAD-18)', async () => {
    const record = (level: 'wounded' | 'incapacitated') => gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level, location: null })
    await record('wounded')
    await record('wounded')
    const third = await record('wounded')
    expect(third).toMatchObject({ label: 'Incapacitated (third Wound)', details: { level: 'incapacitated', thirdWound: true }, canStepDown: false })
    const killed = await record('wounded')
    expect(killed).toMatchObject({ label: 'Killed', recovery: 'Killed: there is no recovery.' })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'subdued' })).message).toBe(
      'Tai is already killed; there is no further injury to record. Nothing was written.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)
  })

  it('1 Plot Point steps an Incapacitate down to a Wound, named in the ledger (LAD-22.3); refused without one, or after a third Wound', async () => {
    const hurt = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: 'body', takenAt: 600 })
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'injury.stepDown', { id: hurt.id })).message).toBe(
      'Tai has 0 Plot Points, and this needs 1 (stepped an Incapacitate down to a Wound). Nothing was spent.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)

    await gm(core, 'ledger.earn', { campaignId: ladder, characterId: tai, currency: 'pp', amount: 1, reason: 'bravery' })
    const { injury, entry } = await gm(core, 'injury.stepDown', { id: hurt.id })
    expect(injury).toMatchObject({ label: 'Wounded · body', healsAt: 600 + 7 * DAY, canStepDown: false })
    expect(entry).toMatchObject({ currency: 'pp', amount: -1, balanceAfter: 0, gameTime: 600, reason: 'stepped an Incapacitate down to a Wound (Incapacitated · body)' })
    expect((await logKinds(core, ladder)).slice(-2)).toEqual(['ledger.spent', 'injury.steppedDown'])

    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: null })
    const third = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: null })
    await gm(core, 'ledger.earn', { campaignId: ladder, characterId: tai, currency: 'pp', amount: 1, reason: 'humour' })
    expect((await refused(core, 'injury.stepDown', { id: third.id })).message).toBe(
      'An Incapacitate caused by a third Wound cannot be stepped down with a Plot Point. Nothing was spent.',
    )
  })

  it('refuses a location for an injury that has none, and a treatment before the injury, naming the field', async () => {
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'subdued', location: 'head' })).details).toEqual([
      { field: 'location', problem: 'a location is where a Wound lands (LAD-17); Subdued has none' },
    ])
    expect((await refused(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'bruised' })).details).toEqual([
      { field: 'level', problem: 'must be one of: subdued, wounded, incapacitated, killed' },
    ])
    expect((await refused(core, 'injury.record', { characterId: tai, kind: 'osr.limb', harm: 'broken', part: 'arm' })).details).toEqual([
      { field: 'kind', problem: 'The Ladder records Damage or Other injury, not Broken or severed limb' },
    ])
    expect((await refused(core, 'injury.record', { characterId: 999, kind: 'other', description: 'x' })).code).toBe('not_found')
    expect(await rowCounts(core, TABLES)).toEqual(before)
    const wound = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: null, takenAt: DAY })
    expect((await refused(core, 'injury.update', { id: wound.id, treatedAt: 60 })).details).toEqual([
      { field: 'treatedAt', problem: 'the treatment cannot come before the injury was taken; check the times' },
    ])
    expect((await refused(core, 'injury.update', { id: wound.id, part: 'left arm' })).details[0]?.field).toBe('part')
  })
})

describe('injuries in the other systems', () => {
  it('an old-school broken limb has no date: rest heals H (OSR-19, OSR-20); a lost maximum waits for the GM', async () => {
    const { characterId } = await campaignWith('osr', 'Glam')
    const limb = await gm(core, 'injury.record', { characterId, kind: 'osr.limb', harm: 'broken', part: 'left arm', description: 'the ogre’s club' })
    expect(limb).toMatchObject({ label: 'Broken left arm', healsAt: null, description: 'the ogre’s club' })
    expect(limb.recovery).toContain('1d2 per full day of rest (OSR-20)')
    const maxH = await gm(core, 'injury.record', { characterId, kind: 'osr.max-h', amount: 2 })
    expect(maxH).toMatchObject({ label: 'Maximum H −2', healsAt: null })
    expect(maxH.recovery).toMatch(/until you restore it \(OSR-19\)/)
    expect((await refused(core, 'injury.record', { characterId, kind: 'osr.limb', harm: 'broken', part: ' ' })).details).toEqual([
      { field: 'part', problem: 'say which limb or organ' },
    ])
  })

  it('a Ranks Harm marks the lowest free box, and Harm beyond Doomed is refused with what happens instead (RK-8)', async () => {
    const { characterId } = await campaignWith('ranks', 'Georgia')
    const harm = () => gm(core, 'injury.record', { characterId, kind: 'ranks.harm' })
    expect((await harm()).label).toBe('Weary')
    const hurt = await harm()
    expect(hurt.label).toBe('Hurt')
    expect(hurt.recovery).toBe('Recovered by a chapter move: Concession, Sacrifice or Refresh (RK-9).')
    expect((await harm()).label).toBe('Doomed')
    const before = await rowCounts(core, TABLES)
    expect((await refused(core, 'injury.record', { characterId, kind: 'ranks.harm' })).message).toBe(
      'Georgia has every Harm box marked: Harm beyond Doomed takes them out of the scene to roll Courage (RK-8). Nothing was written.',
    )
    expect(await rowCounts(core, TABLES)).toEqual(before)
    // A Refresh recovers Hurt; the next Harm marks Hurt again, and the old one cannot reopen into it.
    await gm(core, 'injury.update', { id: hurt.id, healed: true })
    expect((await harm()).label).toBe('Hurt')
    expect((await refused(core, 'injury.update', { id: hurt.id, healed: false })).details).toEqual([{ field: 'healed', problem: 'the hurt box is already marked' }])
  })

  it('a Challenge consequence lasts until the next challenge with the ability, or until cleared (CH-10)', async () => {
    const { characterId } = await campaignWith('challenge', 'Iridia')
    const ability = await gm(core, 'injury.record', { characterId, kind: 'challenge.reduction', scope: 'ability', ability: 'Sorcery', points: 2 })
    expect(ability).toMatchObject({ label: '−2 Sorcery', recovery: 'Restored after the next challenge that uses Sorcery (CH-10).', healsAt: null })
    const overall = await gm(core, 'injury.record', { characterId, kind: 'challenge.reduction', scope: 'overall', points: 3 })
    expect(overall).toMatchObject({ label: '−3 to every ability', recovery: 'Lasts until you clear it: treatment, or the end of the arc (CH-10).' })
    expect((await refused(core, 'injury.record', { characterId, kind: 'challenge.reduction', scope: 'ability', points: 2 })).details).toEqual([
      { field: 'ability', problem: 'say which ability the consequence reduces' },
    ])
    expect((await refused(core, 'injury.record', { characterId, kind: 'challenge.reduction', scope: 'overall', points: 0 })).details[0]?.field).toBe('points')
  })

  it('LODE, with no injury rules, notes one in words', async () => {
    const { characterId } = await campaignWith('lode', 'Ivy')
    const burn = await gm(core, 'injury.record', { characterId, kind: 'other', description: 'Burnt hands\nfrom the Halfmagic backlash' })
    expect(burn).toMatchObject({ label: 'Burnt hands', recovery: 'Heals when you mark it healed.' })
    expect((await refused(core, 'injury.record', { characterId, kind: 'other' })).details).toEqual([{ field: 'description', problem: 'say what the injury is' }])
    expect((await refused(core, 'injury.update', { id: burn.id, description: '' })).details[0]?.field).toBe('description')
  })
})

describe('listing, changing and deleting injuries', () => {
  it('lists a character’s or the campaign’s injuries, unhealed first, and filters to the unhealed', async () => {
    const orb = await insertCharacter(core, ladder, 'pc', 'Orb')
    const old = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm', takenAt: 60 })
    await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'subdued', takenAt: 120 })
    await gm(core, 'injury.record', { characterId: orb, kind: 'ladder.damage', level: 'wounded', location: 'head', takenAt: 30 })
    await gm(core, 'injury.update', { id: old.id, healed: true, healedAt: 8 * DAY })

    const mine = await gm(core, 'injury.list', { campaignId: ladder, characterId: tai })
    expect(mine.map((i) => [i.label, i.healed, i.healedAt])).toEqual([
      ['Subdued', false, null],
      ['Wounded · arm', true, 8 * DAY],
    ])
    const open = await gm(core, 'injury.list', { campaignId: ladder, unhealedOnly: true })
    expect(open.map((i) => `${i.characterName}: ${i.label}`)).toEqual(['Tai: Subdued', 'Orb: Wounded · head'])
    expect((await refused(core, 'injury.list', { campaignId: 999 })).code).toBe('not_found')
  })

  it('moving the time a Wound was taken moves the day it heals (LAD-20)', async () => {
    const wound = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: null, takenAt: DAY })
    expect(wound.healsAt).toBe(8 * DAY)
    expect(await gm(core, 'injury.update', { id: wound.id, takenAt: 3 * DAY })).toMatchObject({ takenAt: 3 * DAY, healsAt: 10 * DAY })
    await gm(core, 'injury.update', { id: wound.id, treatedAt: 3 * DAY + 60 })
    expect((await refused(core, 'injury.update', { id: wound.id, takenAt: 4 * DAY })).details).toEqual([
      { field: 'takenAt', problem: 'the treatment cannot come before the injury was taken; check the times' },
    ])
  })

  it('logs what an update changed, logs nothing when nothing changed, and deletes', async () => {
    const wound = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: 'arm' })
    await gm(core, 'injury.update', { id: wound.id, location: 'arm' })
    expect((await logKinds(core, ladder)).at(-1)).toBe('injury.recorded')
    await gm(core, 'injury.update', { id: wound.id, location: 'leg', description: 'the sabre' })
    const [log] = await gm(core, 'log.list', { campaignId: ladder, limit: 1 })
    expect(log).toMatchObject({
      kind: 'injury.updated',
      payload: { label: 'Wounded · leg', from: { label: 'Wounded · arm', description: '' }, to: { label: 'Wounded · leg', description: 'the sabre' } },
    })
    await gm(core, 'injury.delete', { id: wound.id })
    expect(await gm(core, 'injury.list', { campaignId: ladder })).toEqual([])
    expect((await logKinds(core, ladder)).at(-1)).toBe('injury.deleted')
    expect((await refused(core, 'injury.delete', { id: wound.id })).code).toBe('not_found')
  })

  it('leaves nothing behind when the log write fails part-way', async () => {
    const before = await rowCounts(core, TABLES)
    const restore = await failLogWrites(core, 'injury.recorded')
    expect((await refused(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'wounded', location: null })).code).toBe('internal')
    await restore()
    expect(await rowCounts(core, TABLES)).toEqual(before)

    await gm(core, 'ledger.earn', { campaignId: ladder, characterId: tai, currency: 'pp', amount: 1, reason: 'bravery' })
    const hurt = await gm(core, 'injury.record', { characterId: tai, kind: 'ladder.damage', level: 'incapacitated', location: null })
    const mid = await rowCounts(core, TABLES)
    const stop = await failLogWrites(core, 'injury.steppedDown')
    expect((await refused(core, 'injury.stepDown', { id: hurt.id })).code).toBe('internal')
    await stop()
    // The Plot Point spend written first is rolled back with the rest.
    expect(await rowCounts(core, TABLES)).toEqual(mid)
    expect((await gm(core, 'injury.list', { campaignId: ladder }))[0]?.label).toBe('Incapacitated')
  })

  it('names the same choices as the engines', () => {
    expect(LADDER_DAMAGE_LEVELS).toEqual(DAMAGE_LEVELS)
    expect(HARM_BOXES).toEqual(ENGINE_HARM_BOXES)
  })
})
