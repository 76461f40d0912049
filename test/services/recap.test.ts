/**
 * Session recaps on real library files, read back with a CommonMark parser (mdast-util-from-markdown,
 * with GFM) as any Markdown app would: the GM's own Markdown kept, data text literal and escaped
 * only where it must be, the players' variant free of every GM-only field in every system.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Nodes, Root } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmFromMarkdown, gfmToMarkdown } from 'mdast-util-gfm'
import { toMarkdown } from 'mdast-util-to-markdown'
import { gfm } from 'micromark-extension-gfm'
import { parse as parseYaml } from 'yaml'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import { writeRecapToFolder } from '../../src/main/services/recap'
import { appendLog, unitOfWork } from '../../src/main/services/core'
import type { SystemId } from '../../src/shared/contract'
import { splitFrontMatter } from '../../src/shared/recap/markdown'
import { gm, refused } from '../support/calls'
import { insert, run, value } from '../support/sql'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

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

function addCharacter(campaignId: number, kind: 'pc' | 'npc', name: string): Promise<number> {
  return insert(core, 'character', { campaign_id: campaignId, kind, name, created_at: 't', updated_at: 't' })
}

/** A log entry as a service would have written it, straight into the library. */
/** An entry of any kind, written as the services write one: through the log, so the players' gate decides its audience. */
async function addEntry(campaignId: number, sessionId: number, gameTime: number, kind: string, payload: object, gmOnly = false): Promise<void> {
  await unitOfWork(core.deps, (tx) => appendLog(tx, { campaignId, sessionId, gameTime, kind, payload: payload as Record<string, unknown>, gmOnly }))
}

function parse(markdown: string): Root {
  return fromMarkdown(splitFrontMatter(markdown).body, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] })
}

function textOf(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return (node.children as Nodes[]).map(textOf).join('')
  return ''
}

/** Every node of a kind, depth first. */
function all<T extends Nodes['type']>(node: Nodes, type: T): Extract<Nodes, { type: T }>[] {
  const out: Nodes[] = []
  const visit = (n: Nodes) => {
    if (n.type === type) out.push(n)
    if ('children' in n) (n.children as Nodes[]).forEach(visit)
  }
  visit(node)
  return out as Extract<Nodes, { type: T }>[]
}

/** The blocks of one `##` section of the recap. */
function section(tree: Root, title: string): Root {
  const start = tree.children.findIndex((n) => n.type === 'heading' && n.depth === 2 && textOf(n) === title)
  if (start < 0) throw new Error(`no section ${title}`)
  const end = tree.children.findIndex((n, i) => i > start && n.type === 'heading' && n.depth <= 2)
  return { type: 'root', children: tree.children.slice(start + 1, end < 0 ? undefined : end) }
}

/** The plain text of each list item in a part of the recap. */
function items(tree: Root): string[] {
  return all(tree, 'listItem').map((i) => textOf(i))
}

/** Every ASCII punctuation mark, and the few that start markup only at a line's start. */
const SPECIALS = '\\ ` * _ { } [ ] ( ) # + - . ! | ~ < > & " \' : ; = ^ $ % @ ? / , <b>bold</b> &amp; [x](http://evil) ![i](x.png) ~~gone~~ **no** _no_'
const TRICKY_PC = `Glam ${SPECIALS}`
const TRICKY_NPC = 'Grub <script>alert(1)</script> *Chief*'

async function startSession(system: SystemId, title = 'Rats # in the *Junction*') {
  const campaign = await gm(core, 'campaign.create', { name: 'The *Sunken* Keep: "Part 1"', system, seed: 'recap' })
  const glam = await addCharacter(campaign.id, 'pc', TRICKY_PC)
  const ana = await addCharacter(campaign.id, 'pc', 'Ana')
  const session = await gm(core, 'play.start', { campaignId: campaign.id, title, attendance: [glam, ana] })
  return { campaignId: campaign.id, sessionId: session.id }
}

describe('recap.session: Markdown', () => {
  it('keeps the GM’s Markdown as written, its headings shifted under the recap’s, and writes data text literally', async () => {
    const { campaignId, sessionId } = await startSession('osr')
    await addCharacter(campaignId, 'npc', TRICKY_NPC)
    await addEntry(campaignId, sessionId, 60, 'note', { text: 'An encounter! Superb! Rolled roll #52 - 1. then + and > too' })
    await addEntry(campaignId, sessionId, 120, 'injury.recorded', { name: TRICKY_PC, label: 'Broken *arm*' })
    await addEntry(campaignId, sessionId, 180, 'clock.event.encounter-check', { kind: 'encounter check', face: 19, threshold: 18, encounter: true, distance: { feet: 60 }, text: 'Day 1 · 00:03: encounter! d20 = 19 (18+), met at 60 ft' })
    await addEntry(campaignId, sessionId, 190, 'note', { text: `${TRICKY_NPC} guards the drain.` })
    await gm(core, 'session.update', {
      id: sessionId,
      gmNotes: [
        '# Private',
        'The duke sent them.',
        '',
        '## Recap',
        'The party crossed the *Drowned Crypt* and fought **giant rats**.',
        '',
        '### Aftermath',
        '- Ana kept the *key*',
        '- Glam lost a boot',
        '',
        '1. first',
        '2. second',
      ].join('\n'),
    })
    for (const variant of ['gm', 'players'] as const) {
      const { markdown } = await gm(core, 'recap.session', { sessionId, variant })
      const tree = parse(markdown)
      // The session's title is data: literal, not emphasis or a heading mark.
      expect(all(tree, 'heading')[0]).toMatchObject({ depth: 1 })
      expect(textOf(all(tree, 'heading')[0]!)).toBe('Session 1: Rats # in the *Junction*')
      const summary = section(tree, 'Summary')
      expect(all(summary, 'emphasis').map(textOf)).toContain('Drowned Crypt')
      expect(all(summary, 'strong').map(textOf)).toEqual(['giant rats'])
      expect(all(summary, 'emphasis').map(textOf)).toContain('key')
      // The notes' outline sits under the recap's "## Summary": the GM's "#" becomes "###", and so on down.
      const headings = all(summary, 'heading').map((h) => `${h.depth} ${textOf(h)}`)
      expect(headings).toEqual(variant === 'gm' ? ['3 Private', '4 Recap', '5 Aftermath'] : ['3 Aftermath'])
      expect(all(summary, 'list').map((l) => l.ordered)).toEqual([false, true])
      expect(items(summary)).toEqual(['Ana kept the key', 'Glam lost a boot', 'first', 'second'])
      const glance = items(section(tree, 'At a glance'))
      expect(glance).toContain(`Injuries taken: ${TRICKY_PC} (Broken *arm*)`)
      // No markup came from data: no links, images, HTML, code or strikethrough anywhere.
      for (const type of ['link', 'image', 'html', 'inlineCode', 'delete', 'table'] as const) expect(all(tree, type), type).toEqual([])
      expect(items(section(tree, 'NPCs met'))).toEqual([TRICKY_NPC])
      const timeline = items(section(tree, 'Timeline'))
      expect(timeline).toContain('00:01 · Note — An encounter! Superb! Rolled roll #52 - 1. then + and > too')
    }
  })

  it('puts no backslash before a character that needs none: each data line is what the serializer itself writes for it', async () => {
    const { campaignId, sessionId } = await startSession('osr', 'Session 1: The Crypt')
    const lines = ['An encounter! Superb!', 'roll #52, 1. and 2) too', `${TRICKY_PC} took a hit`, 'Cost: 5 gp & a *favour* <maybe>']
    for (const [i, text] of lines.entries()) await addEntry(campaignId, sessionId, 60 * (i + 1), 'note', { text })
    const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'players' })
    for (const [i, text] of lines.entries()) {
      const line = `00:0${i + 1} · Note — ${text}`
      const own = toMarkdown(
        { type: 'list', children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: line }] }] }] },
        { bullet: '-', listItemIndent: 'one', extensions: [gfmToMarkdown()] },
      )
      expect(markdown).toContain(own)
    }
    expect(markdown).toContain('- 00:01 · Note — An encounter! Superb!\n')
    expect(markdown).not.toMatch(/\\[!#.)]/)
    // A title that already names the session is not doubled.
    expect(markdown).toContain('\n# Session 1: The Crypt\n')
    expect(markdown).not.toContain('Session 1: Session 1')
  })

  it('writes front matter a YAML reader gets back exactly, with Obsidian’s conventions: lists, a date, tags', async () => {
    const { sessionId } = await startSession('osr')
    await gm(core, 'session.update', { id: sessionId, realDate: '2025-03-14' })
    const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'players' })
    const { frontMatter } = splitFrontMatter(markdown)
    expect(frontMatter).toContain('\ndate: 2025-03-14\n')
    expect(frontMatter).toContain('\nparty:\n  - Ana\n')
    expect(parseYaml(frontMatter)).toEqual({
      campaign: 'The *Sunken* Keep: "Part 1"',
      system: 'Old-school core',
      session: 1,
      title: 'Rats # in the *Junction*',
      date: '2025-03-14',
      adventure: null,
      game_time_from: 'Day 1 · 00:00',
      game_time_to: null,
      status: 'open',
      recap_for: 'players',
      party: ['Ana', TRICKY_PC],
      tags: ['session-recap', 'players-recap'],
    })
  })
})

describe('recap.session: signal, not noise', () => {
  it('folds encounter checks and combat rounds, keeps settings out of encounters, and shows a reaction’s modifier', async () => {
    const { campaignId, sessionId } = await startSession('osr')
    // 44 checks over 11 steps, 3 of them encounters (each with its own entry).
    for (let s = 0; s < 11; s++) {
      const checks = Array.from({ length: 4 }, (_, i) => ({ at: s * 1200 + i * 300, face: 5, threshold: 18, encounter: false }))
      await addEntry(campaignId, sessionId, s * 1200 + 1200, 'clock.advanced', { summary: '+20 min', checks })
    }
    for (const at of [600, 2400, 4800]) {
      await addEntry(campaignId, sessionId, at, 'clock.event.encounter-check', { kind: 'encounter check', at, face: 19, threshold: 18, encounter: true, distance: { feet: 90 }, text: `Day 1 · 00:10: encounter! d20 = 19 (18+), met at 90 ft` })
    }
    await addEntry(campaignId, sessionId, 601, 'encounter.reaction', { face: 2, spirit: -1, total: 1, reaction: 'hostile', who: 'Ana', roll: 'd6 + S' })
    await addEntry(campaignId, sessionId, 700, 'clock.encounter-check', { summary: 'Encounter on 17–20 in the Crypt, enclosed place', checks: [] })
    // A combat of 7 rounds, from 01:20 to 01:21.
    await addEntry(campaignId, sessionId, 4800, 'clock.combat-started', { summary: 'Combat started at Day 1 · 01:20 (10-second rounds)' })
    for (let r = 1; r <= 7; r++) await addEntry(campaignId, sessionId, 4800 + r * 10, 'clock.round', { summary: `Round ${r}` })
    await addEntry(campaignId, sessionId, 4870, 'clock.combat-ended', { summary: 'Combat ended after 7 rounds (70 s)' })

    const gmTree = parse((await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown)
    expect(items(section(gmTree, 'At a glance'))).toContain('Encounter checks: 44 checks, 3 encounters')
    const gmLines = items(section(gmTree, 'Timeline'))
    expect(gmLines.filter((l) => l.includes('Encounter —'))).toEqual([
      '00:10 · Encounter — Encounter! d20 = 19 (18+), met at 90 ft',
      '00:10 · Encounter — Reaction (closest: Ana): d6 2 − 1 = 1 → hostile.',
      '00:40 · Encounter — Encounter! d20 = 19 (18+), met at 90 ft',
      '01:20 · Encounter — Encounter! d20 = 19 (18+), met at 90 ft',
    ])
    expect(gmLines).toContain('00:11 · Setting — Encounter on 17–20 in the Crypt, enclosed place.')
    expect(gmLines.filter((l) => l.includes('Combat'))).toEqual(['01:20 · Combat — Combat, 7 rounds (01:20–01:21).'])

    const players = parse((await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown)
    expect(items(section(players, 'At a glance'))).toContain('Encounters: 3')
    const lines = items(section(players, 'Timeline'))
    expect(lines.filter((l) => l.includes('Encounter —'))).toEqual([
      '00:10 · Encounter — An encounter, met at 90 ft.',
      '00:10 · Encounter — Reaction (closest: Ana): hostile.',
      '00:40 · Encounter — An encounter, met at 90 ft.',
      '01:20 · Encounter — An encounter, met at 90 ft.',
    ])
    expect(lines.some((l) => l.includes('Setting'))).toBe(false)
  })

  it('tells a Challenge System challenge as a conflict from its start to its end, its rounds too, whatever it is about', async () => {
    const { campaignId, sessionId } = await startSession('challenge')
    const cecilie = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Cecilie', sheet: { abilities: [{ name: 'Dragon slaying', rating: 7, reserves: 5 }] } })).id
    const started = await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: cecilie, ability: 'Dragon slaying', rating: 7, reserves: 5 }, { name: 'the dragon', rating: 8 }] })
    await gm(core, 'challenge.playOut', { id: started.id })
    const lines = items(section(parse((await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown), 'Timeline')).filter((l) => l.includes('Cecilie vs the dragon'))
    // CH-4: Cecilie 7 with reserves 5 against the dragon 8 is a draw in four rounds.
    expect(lines).toHaveLength(5)
    expect(lines.filter((l) => !/^00:00 · Conflict — /.test(l))).toEqual([])
  })

  it('tells a Ladder fight set up at the combat tracker as combat from its start to its end (LAD-12), and a conflict as a conflict (LAD-7)', async () => {
    const { campaignId, sessionId } = await startSession('ladder')
    const fight = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'combat', name: 'Bell tower', combatants: [{ name: 'Tai', asset: 'good' }, { name: 'Guard', asset: 'good' }] })
    await gm(core, 'ladder.conflict.end', { id: fight.id })
    const duel = await gm(core, 'ladder.conflict.start', { campaignId, kind: 'extended', name: 'Haggling', a: { name: 'Tai', asset: 'good' }, b: { name: 'Merchant', asset: 'good' } })
    await gm(core, 'ladder.conflict.end', { id: duel.id })
    for (const variant of ['gm', 'players'] as const) {
      const lines = items(section(parse((await gm(core, 'recap.session', { sessionId, variant })).markdown), 'Timeline'))
      expect(lines.filter((l) => /Bell tower|Combat begun/.test(l)).map((l) => l.split(' — ')[0])).toEqual(['00:00 · Combat', '00:00 · Combat'])
      expect(lines.filter((l) => /Haggling|Extended conflict/.test(l)).map((l) => l.split(' — ')[0])).toEqual(['00:00 · Conflict', '00:00 · Conflict'])
    }
  })

  it('tells an injury once: where the roll that dealt it tells it (RK-8), else as recorded; the glance lists both', async () => {
    const campaign = await gm(core, 'campaign.create', { name: 'Dark Harbour', system: 'ranks', seed: 'recap-harm' })
    const sheet = { abilities: [{ name: 'Courage', rank: 'poor' }, { name: 'Daring', rank: 'good' }, { name: 'Ferocity', rank: 'good' }], aspects: [] }
    const georgia = (await gm(core, 'character.create', { campaignId: campaign.id, kind: 'pc', name: 'Georgia', playerName: null, sheet })).id
    const { id: sessionId } = await gm(core, 'play.start', { campaignId: campaign.id, attendance: [georgia] })
    await gm(core, 'ranks.threat', { campaignId: campaign.id, perCharacter: 15 })
    // RK-8: Courage Poor against a Danger until a roll deals Harm (red or Fair).
    for (let n = 0; ; n++) {
      expect(n).toBeLessThan(40)
      const danger = await gm(core, 'ranks.danger', { campaignId: campaign.id, characterId: georgia, description: `Thugs ${n}`, threat: 1 })
      const roll = await gm(core, 'ranks.roll', { campaignId: campaign.id, characterId: georgia, ability: 'courage', dangerId: danger.id, gmOnly: false })
      const accepted = await gm(core, 'ranks.accept', { rollId: roll.id })
      if (accepted.outcome?.harm) break
    }
    await gm(core, 'injury.record', { characterId: georgia, kind: 'other', description: 'Bitten by the harbour cat' })
    for (const variant of ['gm', 'players'] as const) {
      const markdown = (await gm(core, 'recap.session', { sessionId, variant })).markdown
      const lines = items(section(parse(markdown), 'Timeline'))
      expect(lines.filter((l) => / · Injury — /.test(l))).toHaveLength(1)
      expect(lines.filter((l) => /marks Weary/.test(l))).toHaveLength(1)
      expect(items(section(parse(markdown), 'At a glance')).find((l) => l.startsWith('Injuries taken'))).toMatch(/Georgia \(Weary\).*Georgia \((Bitten by the harbour cat|Injury)\)/)
    }
  })

  it('collects open threads: a Threads section, lines marked “Thread:”, unchecked tasks; the players get only those of their Recap', async () => {
    const { sessionId } = await startSession('osr')
    await gm(core, 'session.update', {
      id: sessionId,
      gmNotes: [
        'Thread: who paid the *rats*?',
        'The duke smiles.',
        '- [ ] the duke’s letter',
        '- [x] the gate (done)',
        '',
        '## Recap',
        'We won.',
        'Thread: the [missing] key',
        '',
        '### Threads',
        '- the ferryman’s debt',
        '- where the bell rang',
        '',
        '## Later',
        'Nothing.',
      ].join('\n'),
    })
    const gmTree = parse((await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown)
    const threads = all(section(gmTree, 'Open threads'), 'listItem')
    expect(threads.map(textOf)).toEqual(['who paid the rats?', 'the duke’s letter', 'the [missing] key', 'the ferryman’s debt', 'where the bell rang'])
    expect(threads.every((t) => t.checked === false)).toBe(true)
    expect(all(threads[0]!, 'emphasis').map(textOf)).toEqual(['rats'])
    const gmSummary = section(gmTree, 'Summary')
    expect(items(gmSummary)).toEqual(['the gate (done)'])
    expect(gmSummary.children.filter((n) => n.type === 'paragraph').map(textOf)).toEqual(['The duke smiles.', 'We won.', 'Nothing.'])

    const players = parse((await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown)
    expect(items(section(players, 'Open threads'))).toEqual(['the [missing] key', 'the ferryman’s debt', 'where the bell rang'])
    expect(section(players, 'Summary').children.map(textOf)).toEqual(['We won.'])
  })

  it('finds the NPCs and places the log names, as whole words, without reading every name against every entry', async () => {
    const { campaignId, sessionId } = await startSession('osr')
    for (let i = 0; i < 30; i++) await addCharacter(campaignId, 'npc', `Citizen ${i}`)
    await addCharacter(campaignId, 'npc', 'Mother Vex')
    await addCharacter(campaignId, 'npc', 'Nobody Met')
    await gm(core, 'location.create', { campaignId, name: 'The Drowned Crypt' })
    await gm(core, 'location.create', { campaignId, name: 'Nowhere' })
    await addEntry(campaignId, sessionId, 60, 'note', { text: 'Citizen 12 and “Mother Vex’s” dog, at The Drowned Crypt.' })
    await addEntry(campaignId, sessionId, 70, 'note', { text: 'SECRET: Citizen 3 is a spy.' }, true)
    const gmTree = parse((await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown)
    expect(items(section(gmTree, 'NPCs met'))).toEqual(['Citizen 12', 'Citizen 3', 'Mother Vex'])
    expect(items(section(gmTree, 'Places'))).toEqual(['The Drowned Crypt'])
    const players = parse((await gm(core, 'recap.session', { sessionId, variant: 'players' })).markdown)
    expect(items(section(players, 'NPCs met'))).toEqual(['Citizen 12', 'Mother Vex'])
  })
})

/** Numbers and words planted in GM-only fields; none may reach the players. */
const MARKERS = {
  note: 'PLANTNOTE',
  timer: 'PLANTTIMER',
  roll: 'PLANTROLL',
  private: 'PLANTPRIVATE',
  thread: 'PLANTTHREAD',
  table: 'PLANTTABLE',
  checkFace: '987651',
  checkThreshold: '987652',
  encounterFace: '987653',
  encounterThreshold: '987654',
  reactionFace: '987655',
  threat: '987656',
  dangerThreat: '987657',
  dangerLeft: '987658',
  threatLeft: '987659',
  setting: '987660',
}

/** A GM-only roll of each system, as its table writes it. */
const SYSTEM_ROLLS: Record<SystemId, [string, object]> = {
  osr: ['osr.check', { who: `Glam ${MARKERS.roll}`, natural: 3, modifier: 0, total: 3, target: 10, outcome: 'failure' }],
  ladder: ['ladder.roll', { text: `Glam rolled ${MARKERS.roll}` }],
  lode: ['lode.pool', { name: `Glam ${MARKERS.roll}`, label: MARKERS.roll }],
  challenge: ['challenge.round', { title: MARKERS.roll, round: 1, names: [MARKERS.roll], pools: [1] }],
  ranks: ['ranks.roll', { name: `Glam ${MARKERS.roll}`, ability: 'Courage', rank: 'great', up: 1, down: 0, result: 'good' }],
}

describe('recap.session: the players’ variant leaks nothing', () => {
  for (const system of ['osr', 'ladder', 'lode', 'challenge', 'ranks'] as const) {
    it(`${system}: a marker in every GM-only field reaches the GM’s recap and never the players’`, async () => {
      const { campaignId, sessionId } = await startSession(system)
      await gm(core, 'log.note', { campaignId, text: `${MARKERS.note} the gate is cursed`, gmOnly: true })
      await gm(core, 'log.note', { campaignId, text: 'The bell tolls.' })
      await gm(core, 'timer.add', { campaignId, label: `${MARKERS.timer} the ceiling falls`, after: { minutes: 20 }, hiddenFromPlayers: true })
      await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
      await gm(core, 'clock.advance', { campaignId, span: { hours: 1 } })
      const [kind, payload] = SYSTEM_ROLLS[system]
      await addEntry(campaignId, sessionId, 3600, kind, payload, true)
      await addEntry(campaignId, sessionId, 3601, 'encounter.rolled', { table: MARKERS.table, dice: '1d6', total: 4, range: '4', npc: null, text: 'rats' }, true)
      await addEntry(campaignId, sessionId, 3602, 'clock.advanced', { summary: '+5 min', checks: [{ at: 3602, face: Number(MARKERS.checkFace), threshold: Number(MARKERS.checkThreshold), encounter: false }] })
      await addEntry(campaignId, sessionId, 3603, 'clock.event.encounter-check', {
        kind: 'encounter check',
        face: Number(MARKERS.encounterFace),
        threshold: Number(MARKERS.encounterThreshold),
        encounter: true,
        distance: { feet: 60 },
        text: `Day 1 · 01:00: encounter! d20 = ${MARKERS.encounterFace} (${MARKERS.encounterThreshold}+), met at 60 ft`,
      })
      await addEntry(campaignId, sessionId, 3604, 'encounter.reaction', { face: Number(MARKERS.reactionFace), spirit: 0, total: Number(MARKERS.reactionFace), reaction: 'friendly', who: null, roll: 'd6' })
      await addEntry(campaignId, sessionId, 3605, 'clock.encounter-check', { summary: `Encounter on ${MARKERS.setting}–20, open place`, checks: [] })
      await addEntry(campaignId, sessionId, 3606, 'ranks.threat', { perCharacter: 2, characters: 2, threat: Number(MARKERS.threat) })
      await addEntry(campaignId, sessionId, 3607, 'ranks.danger', { name: 'Ana', description: 'the floor gives', threat: Number(MARKERS.dangerThreat), left: Number(MARKERS.dangerLeft) })
      await gm(core, 'session.update', {
        id: sessionId,
        gmNotes: `${MARKERS.private} the duke is the villain\n- [ ] ${MARKERS.thread} the letter\n\n## Recap\nWe crossed the bridge.`,
      })
      await gm(core, 'play.close', { id: sessionId })
      await addEntry(campaignId, sessionId, 3700, 'session.closed', { number: 1, topUps: [], threatLeft: Number(MARKERS.threatLeft) })

      const gmRecap = (await gm(core, 'recap.session', { sessionId, variant: 'gm' })).markdown
      for (const marker of [MARKERS.note, MARKERS.timer, MARKERS.private, MARKERS.thread, MARKERS.table, MARKERS.encounterFace, MARKERS.setting, MARKERS.threat, MARKERS.dangerThreat, MARKERS.threatLeft]) {
        expect(gmRecap, marker).toContain(marker)
      }
      for (const obsidian of [false, true]) {
        const players = (await gm(core, 'recap.session', { sessionId, variant: 'players', obsidian })).markdown
        for (const [field, marker] of Object.entries(MARKERS)) expect(players, `${field} (${marker})`).not.toContain(marker)
        expect(players).toContain('The bell tolls.')
        expect(players).toContain('We crossed the bridge.')
        expect(players).toContain('An encounter, met at 60 ft.')
        expect(players).toContain('Danger for Ana: the floor gives.')
      }
    })
  }
})

describe('recap.session: Obsidian and folders', () => {
  it('writes names of characters, places and the adventure as wikilinks, and links in the front matter', async () => {
    const campaign = await gm(core, 'campaign.create', { name: 'Keep', system: 'osr' })
    const ana = await addCharacter(campaign.id, 'pc', 'Ana')
    const glam = await addCharacter(campaign.id, 'pc', 'Glam *the* Bold')
    await addCharacter(campaign.id, 'npc', 'Mother Vex')
    await gm(core, 'location.create', { campaignId: campaign.id, name: 'The Drowned Crypt' })
    const adventure = await gm(core, 'adventure.create', { campaignId: campaign.id, title: 'Into the Keep' })
    const session = await gm(core, 'play.start', { campaignId: campaign.id, title: 'Rats', adventureId: adventure.id, attendance: [ana, glam] })
    await gm(core, 'log.note', { campaignId: campaign.id, text: 'Mother Vex waits at The Drowned Crypt.' })
    const { markdown } = await gm(core, 'recap.session', { sessionId: session.id, variant: 'players', obsidian: true })
    const { frontMatter, body } = splitFrontMatter(markdown)
    expect(parseYaml(frontMatter)).toMatchObject({ adventure: '[[Into the Keep]]', party: ['[[Ana]]', '[[Glam the Bold]]'], tags: ['session-recap', 'players-recap'] })
    expect(body).toContain('Adventure: [[Into the Keep]]')
    expect(body).toContain('Party: [[Ana]], [[Glam the Bold|Glam *the* Bold]]')
    expect(body).toContain('## NPCs met\n\n- [[Mother Vex]]')
    expect(body).toContain('## Places\n\n- [[The Drowned Crypt]]')
    const plain = await gm(core, 'recap.session', { sessionId: session.id, variant: 'players' })
    expect(plain.markdown).not.toContain('[[')
    expect(plain.folderFilename).toBe('Session 01 – Rats.md')
  })

  it('writes a recap into a folder as “Session 03 – Title.md”, never over other words, and refuses a folder that is gone', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lantern-vault-'))
    try {
      const name = 'Session 03 – The Crypt.md'
      expect(await writeRecapToFolder(dir, name, '# One\n')).toEqual({ path: join(dir, name), written: true })
      expect(readFileSync(join(dir, name), 'utf8')).toBe('# One\n')
      expect(await writeRecapToFolder(dir, name, '# One\n')).toEqual({ path: join(dir, name), written: false })
      writeFileSync(join(dir, name), '# One, edited in the vault\n')
      expect(await writeRecapToFolder(dir, name, '# One\n')).toEqual({ path: join(dir, 'Session 03 – The Crypt (2).md'), written: true })
      expect(readFileSync(join(dir, name), 'utf8')).toBe('# One, edited in the vault\n')
      expect(readdirSync(dir).sort()).toEqual(['Session 03 – The Crypt (2).md', name])
      await expect(writeRecapToFolder(join(dir, 'gone'), name, '# One\n')).rejects.toThrow(/is not there any more .* choose the folder again/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('recap.session: refusals', () => {
  it('leaves undone actions out, and refuses a session that is not there, changing nothing', async () => {
    const { campaignId, sessionId } = await startSession('osr')
    await addEntry(campaignId, sessionId, 100, 'note', { text: 'UNDONEWORDS' })
    await run(core, "update log_entry set undone = 1 where payload like '%UNDONEWORDS%'")
    const { markdown } = await gm(core, 'recap.session', { sessionId, variant: 'gm' })
    expect(markdown).not.toContain('UNDONEWORDS')
    const before = await value(core, 'select count(*) as n from log_entry')
    const error = await refused(core, 'recap.session', { sessionId: 9999, variant: 'gm' })
    expect(error.code).toBe('not_found')
    expect(error.message).toContain('There is no session with id 9999')
    expect((await refused(core, 'recap.session', { sessionId, variant: 'everyone' })).details[0]!.problem).toBe('must be gm or players')
    expect(await value(core, 'select count(*) as n from log_entry')).toBe(before)
  })
})
