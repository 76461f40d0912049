/** Session recaps on real library files: what the GM and the players read, and valid CommonMark. */
import yaml from 'js-yaml'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import MarkdownIt from 'markdown-it'
import type { Core } from '../../src/main/app'
import { tempLibrary, type TempLibrary } from '../support/temp-library'
import { gm, refused } from '../support/calls'
import { splitFrontMatter } from '../../src/shared/recap/markdown'

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

function addCharacter(campaignId: number, kind: 'pc' | 'npc', name: string): number {
  const sqlite = core.handle.sqlite
  return Number(
    sqlite
      .prepare("insert into character (campaign_id, kind, name, created_at, updated_at) values (?, ?, ?, 't', 't')")
      .run(campaignId, kind, name).lastInsertRowid,
  )
}

/** A log entry as a service would have written it, straight into the file. */
function addEntry(campaignId: number, sessionId: number, gameTime: number, kind: string, payload: object, gmOnly = false): void {
  core.handle.sqlite
    .prepare('insert into log_entry (campaign_id, session_id, game_time, real_time, kind, payload, gm_only) values (?, ?, ?, ?, ?, ?, ?)')
    .run(campaignId, sessionId, gameTime, '2025-03-14T20:00:00.000Z', kind, JSON.stringify(payload), gmOnly ? 1 : 0)
}

const TRICKY_PC = 'Glam *the* _Bold_ #1 | [x](http://evil) `tick` <b>bold</b> &amp;'
const TRICKY_NPC = 'Grub <script>alert(1)</script> *Chief*'

/** A session played on the old-school table: markers SECRET… are for the GM alone. */
async function playedSession(): Promise<{ campaignId: number; sessionId: number }> {
  const campaign = await gm(core, 'campaign.create', { name: 'The *Sunken* Keep: "Part 1"', system: 'osr', seed: 'recap' })
  const glam = addCharacter(campaign.id, 'pc', TRICKY_PC)
  const ana = addCharacter(campaign.id, 'pc', 'Ana')
  addCharacter(campaign.id, 'npc', TRICKY_NPC)
  addCharacter(campaign.id, 'npc', 'Mother Vex')
  addCharacter(campaign.id, 'npc', 'Nobody Met')
  const session = await gm(core, 'play.start', { campaignId: campaign.id, title: 'Rats # in the *Junction*', attendance: [glam, ana] })
  await gm(core, 'log.note', { campaignId: campaign.id, text: 'We met Mother Vex at the gate.' })
  await gm(core, 'log.note', { campaignId: campaign.id, text: 'SECRETNOTE the gate is cursed', gmOnly: true })
  await gm(core, 'timer.add', { campaignId: campaign.id, label: 'SECRETTIMER the ceiling falls', after: { minutes: 20 }, hiddenFromPlayers: true })
  await gm(core, 'timer.add', { campaignId: campaign.id, label: 'The bell tolls', after: { minutes: 30 }, hiddenFromPlayers: false })
  // Downtime: an exploration advance would stop at an encounter on the way (CLK-3).
  await gm(core, 'clock.setMode', { campaignId: campaign.id, mode: 'downtime' })
  await gm(core, 'clock.advance', { campaignId: campaign.id, span: { hours: 1 } })
  const t = 3600
  addEntry(campaign.id, session.id, t + 60, 'osr.check', { who: 'Glam SECRETROLL', natural: 3, modifier: 0, total: 3, target: 10, outcome: 'failure' }, true)
  addEntry(campaign.id, session.id, t + 120, 'encounter.rolled', { table: 'Sewers', dice: '1d6', total: 4, range: '4', npc: TRICKY_NPC, text: 'guards the drain' })
  addEntry(campaign.id, session.id, t + 180, 'injury.recorded', { name: TRICKY_PC, label: 'Broken arm' })
  addEntry(campaign.id, session.id, t + 240, 'ledger.earned', { name: 'Ana', currency: 'gold', amount: 25, reason: 'Grub’s purse', balance: 25 })
  addEntry(campaign.id, session.id, t + 300, 'ledger.spent', { name: 'Ana', currency: 'xp', amount: -5, reason: 'test', balance: 0 })
  addEntry(campaign.id, session.id, 86400 + 7200, 'clock.event.light-out', { kind: 'light out', at: 86400 + 7200, text: 'Day 2 · 02:00: Ana’s torch went out' })
  addEntry(campaign.id, session.id, 86400 + 7300, 'clock.event.rations', { kind: 'rations', text: 'Ana ate the last ration and went hungry; drank 1 pint (0 left, running low)' })
  await gm(core, 'session.update', {
    id: session.id,
    gmNotes: [
      'SECRETPRIVATE the duke is the villain',
      '- [ ] SECRETTHREAD the duke’s letter',
      '',
      '## Recap',
      'The party crossed the *Junction* & fought <i>rats</i>.',
      '#general stays text',
      '',
      '- [ ] Find the [missing] key',
      '1. not a list',
    ].join('\n'),
  })
  await gm(core, 'play.close', { id: session.id })
  return { campaignId: campaign.id, sessionId: session.id }
}

const md = new MarkdownIt()

/** Plain text of every inline token, as a reader sees it. */
function inlineTexts(body: string): string[] {
  return md
    .parse(body, {})
    .filter((t) => t.type === 'inline')
    .map((t) => (t.children ?? []).map((c) => (c.type === 'softbreak' || c.type === 'hardbreak' ? '\n' : c.content)).join(''))
}

describe('recap.session', () => {
  it('the players’ recap holds none of what is marked GM-only, and the GM’s holds it all', async () => {
    const { sessionId } = await playedSession()
    const players = await gm(core, 'recap.session', { sessionId, variant: 'players' })
    const gmRecap = await gm(core, 'recap.session', { sessionId, variant: 'gm' })
    for (const marker of ['SECRETNOTE', 'SECRETTIMER', 'SECRETROLL', 'SECRETPRIVATE', 'SECRETTHREAD']) {
      expect(players.markdown, marker).not.toContain(marker)
      expect(gmRecap.markdown, marker).toContain(marker)
    }
    expect(players.markdown).toContain('The bell tolls')
    expect(players.filename).toBe('the-sunken-keep-part-1-session-01-rats-in-the-junction-players.md')
    expect(gmRecap.filename.endsWith('-gm.md')).toBe(true)
  })

  it('writes front matter a YAML reader gets back exactly, and the sections a GM expects', async () => {
    const { sessionId } = await playedSession()
    const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'players' })
    const { frontMatter, body } = splitFrontMatter(markdown)
    expect(yaml.load(frontMatter)).toEqual({
      campaign: 'The *Sunken* Keep: "Part 1"',
      system: 'Old-school core',
      session: 1,
      title: 'Rats # in the *Junction*',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      game_time_from: 'Day 1 · 00:00',
      game_time_to: 'Day 1 · 01:00',
      status: 'closed',
      recap_for: 'players',
      party: ['Ana', TRICKY_PC],
    })
    const tokens = md.parse(body, {})
    const headings = tokens.flatMap((t, i) => (t.type === 'heading_open' ? [`${t.tag} ${tokens[i + 1]!.content}`] : []))
    expect(headings).toEqual([
      'h1 Session 1: Rats \\# in the \\*Junction\\*',
      'h2 Summary',
      'h2 At a glance',
      'h2 Timeline',
      'h3 Day 1',
      'h4 00:00',
      'h4 01:00',
      'h3 Day 2',
      'h4 02:00',
      'h2 NPCs met',
      'h2 Open threads',
    ])
    // No markup came from anything a GM typed: no emphasis, links, code, raw HTML or extra headings.
    const kinds = new Set(tokens.flatMap((t) => [t.type, ...(t.children ?? []).map((c) => c.type)]))
    for (const k of ['em_open', 'strong_open', 'link_open', 'code_inline', 'html_inline', 'html_block', 's_open', 'table_open', 'image', 'ordered_list_open', 'blockquote_open']) {
      expect(kinds.has(k), k).toBe(false)
    }
    const html = md.render(body)
    expect(html).not.toMatch(/<(em|strong|a|script|b|i|code|h5)\b/)
    const texts = inlineTexts(body)
    expect(texts[0]).toBe('Session 1: Rats # in the *Junction*')
    expect(texts).toContain(`Party: Ana, ${TRICKY_PC}`)
    expect(texts).toContain('The party crossed the *Junction* & fought <i>rats</i>.\n#general stays text')
    expect(texts).toContain('1. not a list')
    expect(texts.some((t) => t.includes(`Rolled 4 on “Sewers” (1d6): ${TRICKY_NPC} — guards the drain.`))).toBe(true)
    expect(texts).toContain(`Injuries taken: ${TRICKY_PC} (Broken arm)`)
    expect(texts).toContain('Gold, Ana: gained 25')
    expect(texts).toContain('Experience, Ana: spent 5')
    expect(texts).toContain('Lights gone out: Ana’s torch went out')
    expect(texts.some((t) => t.startsWith('Rations and water: Ana ate the last ration'))).toBe(true)
    // NPCs met: named in the log (a note, an encounter row), not merely in the campaign.
    const npcSection = body.split('## NPCs met')[1]!.split('## Open threads')[0]!
    expect(inlineTexts(npcSection)).toEqual(['Grub <script>alert(1)</script> *Chief*', 'Mother Vex'])
    expect(inlineTexts(body.split('## Open threads')[1]!)).toEqual(['Find the [missing] key'])
  })

  it('keeps the GM’s notes whole for the GM, and says so plainly when the players get none', async () => {
    const { sessionId } = await playedSession()
    const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'gm' })
    const texts = inlineTexts(splitFrontMatter(markdown).body)
    expect(texts).toContain('SECRETPRIVATE the duke is the villain')
    expect(texts).toContain('SECRETTHREAD the duke’s letter')
    await gm(core, 'session.update', { id: sessionId, gmNotes: 'Only private words here.' })
    const players = await gm(core, 'recap.session', { sessionId, variant: 'players' })
    expect(players.markdown).toContain('## Summary\n\nNo summary written.')
    expect(players.markdown).not.toContain('private words')
  })

  it('leaves undone actions out, and refuses a session that is not there, changing nothing', async () => {
    const { campaignId, sessionId } = await playedSession()
    addEntry(campaignId, sessionId, 100, 'note', { text: 'UNDONEWORDS' })
    core.handle.sqlite.prepare("update log_entry set undone = 1 where payload like '%UNDONEWORDS%'").run()
    const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'gm' })
    expect(markdown).not.toContain('UNDONEWORDS')
    const before = (core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n
    const error = await refused(core, 'recap.session', { sessionId: 9999, variant: 'gm' })
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('There is no session with id 9999')
    expect((await refused(core, 'recap.session', { sessionId, variant: 'everyone' })).details[0]!.problem).toBe('must be gm or players')
    expect((core.handle.sqlite.prepare('select count(*) as n from log_entry').get() as { n: number }).n).toBe(before)
  })
})
