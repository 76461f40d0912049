import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { markMatches, searchTerms, toFtsQuery } from '../../src/main/services/search/index'
import type { LogEntry, SearchHit } from '../../src/shared/contract'
import { describeLogEntry } from '../../src/shared/log-text'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { insert, run } from '../support/sql'

let lib: TempLibrary
let core: Core
let keep: number
let other: number
let chief: number
let glam: number
let denizens: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  keep = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  other = (await gm(core, 'campaign.create', { name: 'Other', system: 'osr' })).id
  const character = (campaign_id: number, kind: string, name: string, notes: string, tags: string) =>
    insert(core, 'character', { campaign_id, kind, name, notes, tags, created_at: 't', updated_at: 't' })
  chief = await character(keep, 'npc', 'Brigand Chief', 'Wears chainmail (+3); hates Glam.', '["brigand","boss"]')
  glam = await character(keep, 'pc', 'Glam', 'Carries two sacks of treasure.', '[]')
  await character(other, 'npc', 'Brigand of Another Campaign', 'chainmail too', '[]')
  denizens = await insert(core, 'encounter_table', { campaign_id: keep, name: 'Sewer Denizens', dice: '1d6', created_at: 't', updated_at: 't' })
  await insert(core, 'encounter_row', { table_id: denizens, min: 1, max: 2, text: 'A swarm of rats, hungry' })
  await insert(core, 'encounter_row', { table_id: denizens, min: 3, max: 6, text: 'Nothing but dripping water' })
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

const find = (text: string, more: Partial<{ kinds: SearchHit['kind'][]; from: number; to: number }> = {}) =>
  gm(core, 'search.query', { campaignId: keep, text, ...more })
const kindsAndTitles = (hits: SearchHit[]) => hits.map((h) => [h.kind, h.title])
const DAY = 86400

describe('search across a campaign', () => {
  it('finds names, notes and tags by any part of a word, only in the campaign asked, best first', async () => {
    expect(kindsAndTitles(await find('brig'))).toEqual([['character', 'Brigand Chief']])
    expect(await find('chainmail')).toMatchObject([
      { kind: 'character', title: 'Brigand Chief', snippet: expect.stringContaining('\u0002chainmail\u0003') },
    ])
    // Every word must match.
    expect((await find('brigand glam')).map((h) => h.title)).toEqual(['Brigand Chief'])
    expect(await find('brigand dragon')).toEqual([])
  })

  it('finds table rows and opens their table', async () => {
    const [hit] = await find('rats')
    expect(hit).toMatchObject({ kind: 'encounter_row', title: 'Sewer Denizens', openId: denizens })
  })

  it('follows adventures created through the API at once', async () => {
    await gm(core, 'adventure.create', { campaignId: keep, title: 'The Drowned Vault', summary: 'Find the alembic.' })
    expect((await find('alembic')).map((h) => h.title)).toEqual(['The Drowned Vault'])
  })

  it('finds every kind of record a GM writes or Lantern logs', async () => {
    const session = await gm(core, 'session.create', { campaignId: keep, title: 'Into the Sewers', gmNotes: 'The party bargained with a ghoul.' })
    const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', details: { type: 'torch' } })
    await gm(core, 'ledger.earn', { campaignId: keep, characterId: glam, currency: 'gold', amount: 5, reason: 'Good roleplay with the ferryman' })
    const injury = await gm(core, 'injury.record', { characterId: glam, kind: 'other', description: 'Wounded by a crossbow bolt' })
    const place = await gm(core, 'location.create', { campaignId: keep, name: 'Gatehouse', description: 'Portcullis rusted shut.' })
    const note = await gm(core, 'log.note', { campaignId: keep, text: 'The bridge is out; the mule refuses to cross.' })

    expect(await find('torch', { kinds: ['inventory_item'] })).toMatchObject([{ kind: 'inventory_item', id: torch.id, openId: glam, title: 'Torch', snippet: 'Carried by Glam · \u0002torch\u0003' }])
    expect(await find('roleplay', { kinds: ['ledger_entry'] })).toMatchObject([
      { kind: 'ledger_entry', openId: glam, title: 'Glam’s ledger', snippet: 'Good \u0002roleplay\u0003 with the ferryman' },
    ])
    expect(await find('wounded', { kinds: ['injury'] })).toMatchObject([{ kind: 'injury', id: injury.id, openId: glam, title: 'Glam: Wounded by a crossbow bolt' }])
    expect(await find('portcullis')).toMatchObject([{ kind: 'location', id: place.id, title: 'Gatehouse' }])
    expect(await find('ghoul', { kinds: ['session'] })).toMatchObject([{ kind: 'session', id: session.id, title: 'Session 1 Into the Sewers' }])
    expect(await find('sewer denizens', { kinds: ['encounter_table'] })).toMatchObject([{ kind: 'encounter_table', openId: denizens }])
    // A log entry is shown as the log line, in its session, and opens itself there.
    expect(await find('mule')).toMatchObject([
      { kind: 'log_entry', id: note.id, openId: note.id, sessionId: session.id, title: 'Session 1: Into the Sewers', snippet: 'The bridge is out; the \u0002mule\u0003 refuses to cross.' },
    ])
    // What the log says about the others is found too: the item taken, the gold earned.
    expect((await find('torch')).map((h) => h.kind).sort()).toEqual(['inventory_item', 'log_entry'])
    expect((await find('ferryman')).map((h) => h.kind).sort()).toEqual(['ledger_entry', 'log_entry'])
    // A character's notes and the text of the sheet are found as well.
    await gm(core, 'character.update', { id: glam, notes: 'Sworn to the Amber Order.' })
    expect(kindsAndTitles(await find('amber', { kinds: ['character'] }))).toEqual([['character', 'Glam']])
    await run(core, 'update character set sheet = ? where id = ?', JSON.stringify({ options: ['deft touch'], spellsKnown: ['Floating disc'] }), glam)
    expect(kindsAndTitles(await find('floating disc', { kinds: ['character'] }))).toEqual([['character', 'Glam']])
  })

  it('a session titled with its own number ("Session 2", "session 2: the mill") is not named twice', async () => {
    // A note belongs to the session open when it is written.
    const first = await gm(core, 'session.create', { campaignId: keep, title: 'Session 1' })
    await gm(core, 'log.note', { campaignId: keep, text: 'The ferryman counts his coins.' })
    await gm(core, 'session.update', { id: first.id, status: 'closed' })
    await gm(core, 'session.create', { campaignId: keep, title: 'session 2: the mill' })
    await gm(core, 'log.note', { campaignId: keep, text: 'The miller hides a lantern.' })
    expect((await find('ferryman coins')).map((h) => h.title)).toEqual(['Session 1'])
    expect((await find('miller lantern')).map((h) => h.title)).toEqual(['Session 2: the mill'])
    // The log's own lines for them: "Session 1 recorded.", "Session 2 “the mill” recorded."
    const log = await gm(core, 'log.list', { campaignId: keep, limit: 20, kind: 'session.created' })
    expect(log.map((e: LogEntry) => describeLogEntry(e))).toEqual(['Session 2 “the mill” recorded.', 'Session 1 recorded.'])
  })

  it('matches emoji, accents either way and CJK, inside words as well as whole', async () => {
    await gm(core, 'character.create', { campaignId: keep, kind: 'npc', name: 'Mira 🌙', draft: true })
    await gm(core, 'character.create', { campaignId: keep, kind: 'npc', name: 'Zoë of the Café', draft: true })
    await gm(core, 'character.create', { campaignId: keep, kind: 'npc', name: '東京タワーの守り人', notes: '龍を見た', draft: true })
    expect(kindsAndTitles(await find('🌙', { kinds: ['character'] }))).toEqual([['character', 'Mira 🌙']])
    // The log line of its creation has it too, marked.
    expect(await find('🌙', { kinds: ['log_entry'] })).toMatchObject([{ snippet: 'NPC “Mira \u0002🌙\u0003” added as a draft.' }])
    expect((await find('mira🌙')).map((h) => h.title)).toEqual([])
    expect((await find('cafe zoe', { kinds: ['character'] })).map((h) => h.title)).toEqual(['Zoë of the Café'])
    expect((await find('CAFÉ', { kinds: ['character'] })).map((h) => h.title)).toEqual(['Zoë of the Café'])
    expect((await find('東京', { kinds: ['character'] })).map((h) => h.title)).toEqual(['東京タワーの守り人'])
    expect((await find('タワー', { kinds: ['character'] })).map((h) => h.title)).toEqual(['東京タワーの守り人'])
    expect((await find('龍', { kinds: ['character'] })).map((h) => h.title)).toEqual(['東京タワーの守り人'])
    expect(markMatches('Zoë of the Café', ['cafe'])).toBe('Zoë of the \u0002Café\u0003')
  })

  it('filters by kind and by game time: what happened on day 3', async () => {
    await gm(core, 'log.note', { campaignId: keep, text: 'Day one: the lantern gutters.' })
    await gm(core, 'clock.setTime', { campaignId: keep, day: 3, time: '09:00' })
    const day3 = await gm(core, 'log.note', { campaignId: keep, text: 'Day three: the lantern is refilled.' })
    await gm(core, 'clock.setTime', { campaignId: keep, day: 4, time: '09:00' })
    await gm(core, 'log.note', { campaignId: keep, text: 'Day four: the lantern breaks.' })

    expect((await find('lantern', { kinds: ['log_entry'] })).length).toBe(3)
    const onDay3 = await find('lantern', { from: 2 * DAY, to: 3 * DAY })
    expect(onDay3).toMatchObject([{ kind: 'log_entry', id: day3.id, gameTime: 2 * DAY + 9 * 3600 }])
    // No words: everything that happened that day, in time order.
    const all = await find('', { from: 2 * DAY, to: 3 * DAY })
    expect(all.map((h) => h.kind)).toEqual(all.map(() => 'log_entry'))
    expect(all.map((h) => h.snippet)).toContain('Day three: the lantern is refilled.')
    expect(all.map((h) => h.gameTime)).toEqual([...all.map((h) => h.gameTime)].sort((a, b) => a! - b!))
    expect(all.every((h) => h.gameTime! >= 2 * DAY && h.gameTime! < 3 * DAY)).toBe(true)
    // A kind filter narrows; records without a game time are out of any range.
    expect(await find('brigand', { kinds: ['location'] })).toEqual([])
    expect(await find('brigand', { from: 0, to: DAY })).toEqual([])
    expect((await refused(core, 'search.query', { campaignId: keep, text: 'x', from: DAY, to: DAY })).message).toMatch(/To: must be after the start/)
  })

  it('searches a wide range of a long log by its words, earliest first', async () => {
    // A thousand rows a statement.
    for (let from = 0; from < 6000; from += 1000) {
      const params: unknown[] = []
      for (let i = from; i < from + 1000; i++) params.push(keep, i * 144, JSON.stringify({ text: i === 3000 ? 'Found the silver key under a flagstone.' : `Patrol ${i} walks the wall.` }))
      const rows = Array.from({ length: 1000 }, () => "(?, ?, 't', 'note', ?)").join(', ')
      await run(core, `insert into log_entry (campaign_id, game_time, real_time, kind, payload) values ${rows}`, ...params)
    }
    const range = { from: 0, to: 10 * DAY }
    expect(await find('silver key', range)).toMatchObject([{ kind: 'log_entry', gameTime: 3000 * 144 }])
    const patrols = await find('patrol', range)
    expect(patrols).toHaveLength(50)
    expect(patrols[0]!.snippet).toBe('\u0002Patrol\u0003 0 walks the wall.')
    expect(patrols.map((h) => h.gameTime)).toEqual(patrols.map((_, i) => i * 144))
    // A narrower range, matched entry by entry, gives the same answer as the index would.
    expect((await find('patrol', { from: DAY, to: 2 * DAY })).map((h) => h.gameTime)).toEqual(Array.from({ length: 50 }, (_, i) => DAY + i * 144))
  })

  it('keeps up with edits and deletions, in the change’s own transaction', async () => {
    const sack = await gm(core, 'inventory.add', { characterId: glam, name: 'Burlap sack', kind: 'other' })
    await gm(core, 'inventory.update', { id: sack.id, name: 'Leather satchel' })
    expect(await find('burlap', { kinds: ['inventory_item'] })).toEqual([])
    expect(await find('satchel', { kinds: ['inventory_item'] })).toMatchObject([{ id: sack.id }])
    await gm(core, 'inventory.remove', { id: sack.id })
    expect(await find('satchel', { kinds: ['inventory_item'] })).toEqual([])

    // A renamed table renames its rows' hits; a refused change leaves the index as it was.
    await gm(core, 'encounterTable.update', { id: denizens, name: 'Sewer Dwellers' })
    expect(await find('rats')).toMatchObject([{ kind: 'encounter_row', title: 'Sewer Dwellers' }])
    await refused(core, 'character.update', { id: chief, name: 'Brigand Boss', status: 'asleep' })
    expect((await find('brigand chief')).map((h) => h.title)).toEqual(['Brigand Chief'])

    // Deleting a character takes its items, ledger and injuries out of search with it.
    await gm(core, 'inventory.add', { characterId: glam, name: 'Rope', kind: 'other' })
    await gm(core, 'ledger.earn', { campaignId: keep, characterId: glam, currency: 'gold', amount: 5, reason: 'Sold the rope' })
    await gm(core, 'character.delete', { id: glam })
    expect(await find('rope', { kinds: ['character', 'inventory_item', 'ledger_entry', 'injury'] })).toEqual([])

    // An undone log entry is no longer found.
    const note = await gm(core, 'log.note', { campaignId: keep, text: 'A portent of doom' })
    expect((await find('portent')).map((h) => h.id)).toEqual([note.id])
    await run(core, 'update log_entry set undone = 1 where id = ?', note.id)
    expect(await find('portent')).toEqual([])
  })

  it('takes quotes, stars and FTS operators as plain text rather than failing', async () => {
    for (const text of ['"', 'chainmail"', 'NEAR(brigand glam)', '-glam', 'glam OR', '*', '(+3)', 'AND', '{title}: x', 'a:b']) {
      const r = await core.router.call('search.query', { campaignId: keep, text }, { scope: 'gm' })
      expect(r.ok, text).toBe(true)
    }
    expect((await find('(+3)')).map((h) => h.title)).toEqual(['Brigand Chief'])
    expect(searchTerms('Brigand "chief", 🌙')).toEqual(['Brigand', 'chief', '🌙'])
    expect(toFtsQuery(['brig', 'ch"ief', 'x'])).toBe('"brig" "ch""ief"')
    expect(toFtsQuery(['  !! '.trim()])).toBeNull()
    expect(await find('')).toEqual([])
  })

  it('shows a log entry among its neighbours in its session', async () => {
    const session = await gm(core, 'session.create', { campaignId: keep, title: 'Into the Sewers' })
    const ids: number[] = []
    for (let i = 1; i <= 5; i++) ids.push((await gm(core, 'log.note', { campaignId: keep, text: `Step ${i}` })).id)
    const around = await gm(core, 'search.logAround', { campaignId: keep, entryId: ids[2]!, around: 1 })
    expect(around.session).toMatchObject({ id: session.id, number: 1, title: 'Into the Sewers' })
    expect(around.entries.map((e) => e.text)).toEqual(['Step 2', 'Step 3', 'Step 4'])
    expect((await refused(core, 'search.logAround', { campaignId: other, entryId: ids[0]! })).code).toBe('not_found')
  })

  it('refuses an unknown campaign plainly', async () => {
    expect((await refused(core, 'search.query', { campaignId: 999, text: 'x' })).code).toBe('not_found')
  })
})
