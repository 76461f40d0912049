/**
 * The log reads as a GM would write it: no entry shows JSON, a quoted key or a name from the code
 * ("The campaign starts set to {"day":3,…}", "osr.combat.foe", "gameTimeStart"). Every kind of
 * entry the services write (found in their source) has a sentence of its own, and the entries a
 * real campaign writes, settings changes first, read in plain words.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Core } from '../../src/main/app'
import type { LogEntry } from '../../src/shared/contract'
import { describeLogEntry } from '../../src/shared/log-text'
import { SETTING_META, type SettingMetaKey } from '../../src/shared/settings-meta'
import { SYSTEM_IDS } from '../../src/shared/systems'
import { gm } from '../support/calls'
import { insert } from '../support/sql'
import { tempLibrary, type TempLibrary } from '../support/temp-library'

const SERVICES = join(__dirname, '../../src/main/services')

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : []
  })
}

/** Every kind of log entry the services write: named in their source, and the few made from a template. */
function writtenKinds(): string[] {
  const kinds = new Set<string>(['note', 'ledger.earned', 'ledger.spent', 'ledger.corrected'])
  for (const text of sources(SERVICES)) {
    for (const m of text.matchAll(/kind: '([a-z][a-zA-Z]*\.[a-zA-Z.-]+)'/g)) kinds.add(m[1]!)
  }
  for (const what of ['check', 'save', 'is-it-so', 'strike', 'shot', 'cast']) kinds.add(`osr.${what}`)
  for (const system of ['lode', 'ranks', 'challenge']) for (const end of ['started', 'ended']) kinds.add(`${system}.combat.${end}`)
  for (const action of ['advanced', 'light', 'setTime']) kinds.add(`clock.${action}`)
  return [...kinds].sort()
}

/** What a GM must never read in the log (an empty payload may leave a blank: `undefined` is its word for it). */
function internalNames(text: string, blanks = false): string[] {
  const found: string[] = []
  if (/[{}]/.test(text)) found.push('braces')
  if (/"/.test(text)) found.push('a straight quote')
  if (/\[object /.test(text) || (!blanks && /\bundefined\b|\bnull\b/.test(text))) found.push('undefined, null or an object')
  for (const m of text.matchAll(/\b[a-z]+[A-Z][A-Za-z]*\b/g)) found.push(`camelCase “${m[0]}”`)
  for (const m of text.matchAll(/\b[a-z]+\.[a-z][a-zA-Z-]*\b/g)) found.push(`a dotted name “${m[0]}”`)
  return found
}

const entry = (kind: string, payload: Record<string, unknown> = {}): LogEntry =>
  ({ id: 1, campaignId: 1, sessionId: null, gameTime: 0, realTime: '2025-01-01T00:00:00.000Z', kind, payload, dice: null, gmOnly: false, undone: false }) as LogEntry

describe('every kind of log entry has a sentence in plain words', () => {
  it('finds the kinds the services write', () => {
    const kinds = writtenKinds()
    expect(kinds.length).toBeGreaterThan(80)
    expect(kinds).toContain('setting.changed')
    expect(kinds).toContain('osr.combat.foe.saved')
  })

  it('no kind shows its own name, JSON, a quoted key or a camelCase name, even with nothing in its payload', () => {
    for (const kind of writtenKinds()) {
      const text = describeLogEntry(entry(kind))
      expect(text, kind).not.toBe(kind)
      expect(internalNames(text, true), `${kind}: “${text}”`).toEqual([])
    }
  })

  it('an entry of a kind no sentence names yet reads its own words, never its kind', () => {
    expect(describeLogEntry(entry('party.regrouped'))).toBe('Party regrouped.')
    expect(describeLogEntry(entry('lode.fateTwist', { text: 'Fate twists for Brann.' }))).toBe('Fate twists for Brann.')
    expect(describeLogEntry(entry('osr.combat.morale', { summary: 'The goblins flee' }))).toBe('The goblins flee.')
  })
})

describe('a real campaign’s log reads as a GM writes', () => {
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

  /** A value the Settings page could save for each kind of setting. */
  const VALUES: Record<string, unknown> = {
    'ladder.roundSeconds': 20,
    'ladder.healBetweenAdventures': true,
    'osr.roundSeconds': 10,
    'lode.web': 8,
    'ranks.borderline': false,
    'ranks.abilities': ['Courage', 'Daring', 'Ferocity'],
    'clock.start': { day: 3, time: '06:00' },
    'clock.reactionRoll': false,
  }

  it('settings changes, in every system: the label and the value in words', async () => {
    const said: string[] = []
    for (const system of SYSTEM_IDS) {
      const campaignId = (await gm(core, 'campaign.create', { name: `Night of ${system}`, system })).id
      await gm(core, 'campaign.rename', { id: campaignId, name: `The ${system} night` })
      for (const key of Object.keys(SETTING_META) as SettingMetaKey[]) {
        if (!(SETTING_META[key].systems as readonly string[]).includes(system) || !(key in VALUES)) continue
        await gm(core, 'setting.set', { campaignId, key, value: VALUES[key] })
      }
      await gm(core, 'log.note', { campaignId, text: 'The party reaches the gate.', gmOnly: false })
      const log = await gm(core, 'log.list', { campaignId, limit: 200 })
      for (const e of log) {
        const text = describeLogEntry(e)
        said.push(text)
        expect(internalNames(text), `${e.kind}: “${text}”`).toEqual([])
        expect(text, e.kind).not.toBe(e.kind)
      }
    }
    expect(said).toContain('The campaign starts set to Day 3 · 06:00.')
    expect(said).toContain('Combat round length set to 20 seconds.')
    expect(said).toContain('Heal between adventures turned on.')
    expect(said).toContain('Abilities set to Courage, Daring, Ferocity.')
    expect(said).toContain('Reaction roll after an encounter turned off.')
    expect(said).toContain('The Web set to 8.')
  })

  it('an evening of play: records, the clock, lights, the ledger, injuries, undo and redo', async () => {
    const campaignId = (await gm(core, 'campaign.create', { name: 'Keep', system: 'osr', seed: 'words' })).id
    const sheet = JSON.stringify({ level: 1, B: 0, M: 0, S: 1, h: 4, maxH: 4 })
    const glam = await insert(core, 'character', { campaign_id: campaignId, kind: 'pc', name: 'Glam', sheet, created_at: 't', updated_at: 't' })
    await gm(core, 'play.start', { campaignId, attendance: [glam] })
    const torch = await gm(core, 'inventory.add', { characterId: glam, name: 'Torch', kind: 'light', quantity: 3, details: { type: 'torch' } })
    await gm(core, 'inventory.update', { id: torch.id, name: 'Pitch torch' })
    await gm(core, 'light.light', { campaignId, itemId: torch.id })
    await gm(core, 'clock.advance', { campaignId, span: { minutes: 50 } })
    await gm(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount: 30, reason: 'the chief’s purse' })
    await gm(core, 'ledger.spend', { campaignId, characterId: glam, currency: 'gold', amount: 10, reason: 'rope' })
    await gm(core, 'injury.record', { characterId: glam, kind: 'other', description: 'a twisted ankle' })
    await gm(core, 'play.undo', { campaignId })
    await gm(core, 'play.redo', { campaignId })
    await gm(core, 'character.update', { id: glam, notes: 'Afraid of the dark', playerName: 'Ann' })
    const log = await gm(core, 'log.list', { campaignId, limit: 200 })
    expect(log.length).toBeGreaterThan(10)
    for (const e of log) {
      const text = describeLogEntry(e)
      expect(internalNames(text), `${e.kind}: “${text}”`).toEqual([])
      expect(text, e.kind).not.toBe(e.kind)
    }
  })
})
