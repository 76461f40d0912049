import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { toFtsQuery } from '../../src/main/services/search/index'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'

let lib: TempLibrary
let core: Core
let keep: number
let other: number
beforeEach(async () => {
  lib = tempLibrary()
  core = await lib.open()
  keep = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })).id
  other = (await gm(core, 'campaign.create', { name: 'Other', system: 'osr' })).id
  core.handle.sqlite.exec(`
    insert into character (campaign_id, kind, name, notes, tags, created_at, updated_at)
      values (${keep}, 'npc', 'Brigand Chief', 'Wears chainmail (+3); hates Glam.', '["brigand","boss"]', 't', 't'),
             (${keep}, 'pc', 'Glam', 'Carries two sacks of treasure.', '[]', 't', 't'),
             (${other}, 'npc', 'Brigand of Another Campaign', 'chainmail too', '[]', 't', 't');
    insert into encounter_table (campaign_id, name, dice, created_at, updated_at) values (${keep}, 'Sewer Denizens', '1d6', 't', 't');
    insert into encounter_row (table_id, min, max, text) values (1, 1, 2, 'A swarm of rats, hungry'), (1, 3, 6, 'Nothing but dripping water');
  `)
})
afterEach(async () => {
  await core.close()
  lib.cleanup()
})

describe('search across a campaign', () => {
  it('finds names, notes and tags by word prefix, only in the campaign asked, best first', async () => {
    const hits = await gm(core, 'search.query', { campaignId: keep, text: 'brig' })
    expect(hits.map((h) => [h.kind, h.title])).toEqual([['character', 'Brigand Chief']])
    expect(await gm(core, 'search.query', { campaignId: keep, text: 'chainmail' })).toMatchObject([
      { kind: 'character', title: 'Brigand Chief', snippet: expect.stringContaining('\u0002chainmail\u0003') },
    ])
    // Every word must match.
    expect((await gm(core, 'search.query', { campaignId: keep, text: 'brigand glam' })).map((h) => h.title)).toEqual(['Brigand Chief'])
    expect(await gm(core, 'search.query', { campaignId: keep, text: 'brigand dragon' })).toEqual([])
  })

  it('finds table rows and opens their table', async () => {
    const [hit] = await gm(core, 'search.query', { campaignId: keep, text: 'rats' })
    expect(hit).toMatchObject({ kind: 'encounter_row', title: 'Sewer Denizens', openId: 1 })
  })

  it('follows adventures created through the API at once', async () => {
    await gm(core, 'adventure.create', { campaignId: keep, title: 'The Drowned Vault', summary: 'Find the alembic.' })
    expect((await gm(core, 'search.query', { campaignId: keep, text: 'alembic' })).map((h) => h.title)).toEqual(['The Drowned Vault'])
  })

  it('takes quotes, stars and FTS operators as plain text rather than failing', async () => {
    for (const text of ['"', 'chainmail"', 'NEAR(brigand glam)', '-glam', 'glam OR', '*', '(+3)', 'AND']) {
      const r = await core.router.call('search.query', { campaignId: keep, text }, { scope: 'gm' })
      expect(r.ok, text).toBe(true)
    }
    expect(toFtsQuery('Brigand "chief"')).toBe('"brigand"* "chief"*')
    expect(toFtsQuery('  !! ')).toBeNull()
    expect(await gm(core, 'search.query', { campaignId: keep, text: '' })).toEqual([])
  })

  it('refuses an unknown campaign plainly', async () => {
    expect((await refused(core, 'search.query', { campaignId: 999, text: 'x' })).code).toBe('not_found')
  })
})
