/**
 * A campaign played through the API (the same calls on SQLite and PostgreSQL), how it reads through
 * the API with its ids set aside, and files compared row for row whichever library wrote them.
 */
import { expect } from 'vitest'
import type { Core } from '../../src/main/app'
import { gm } from '../support/calls'
import { fileLines } from '../services/transfer-support'
import { glam as glamSheet } from '../services/sheets/fixtures'

/** Another campaign in a library, so the imported one's ids differ from the file's and the first library's. */
export async function crowd(core: Core, name: string): Promise<void> {
  const campaignId = (await gm(core, 'campaign.create', { name, system: 'osr' })).id
  const pc = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Stranger', sheet: glamSheet })).id
  await gm(core, 'location.create', { campaignId, name: 'Somewhere' })
  await gm(core, 'inventory.add', { characterId: pc, name: 'Spike', kind: 'other', quantity: 1 })
  await gm(core, 'ledger.earn', { campaignId, characterId: pc, currency: 'gold', amount: 5, reason: 'found' })
  await gm(core, 'injury.record', { characterId: pc, kind: 'other', description: 'a scratch' })
  await gm(core, 'log.note', { campaignId, text: 'Elsewhere, nothing happens' })
}

/**
 * A campaign with a row of every kind play makes: characters, a session of an adventure, places
 * (one inside a place made after it), an encounter table naming an NPC, a burning lantern on the
 * clock, coin earned, spent and corrected, an injury, notes and clock steps.
 */
export async function playCampaign(core: Core): Promise<number> {
  const campaignId = (await gm(core, 'campaign.create', { name: 'The Sunken Keep', system: 'osr', seed: 'keep' })).id
  const adventure = await gm(core, 'adventure.create', { campaignId, title: 'Below the Keep', summary: 'Stairs *down*' })
  const glam = (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Glam', playerName: 'Ann', notes: 'likes [links](x)', sheet: glamSheet })).id
  const chief = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Brigand Chief', sheet: { h: 6, maxH: 6 } })).id
  await gm(core, 'session.create', { campaignId, title: 'Into the dark', adventureId: adventure.id })
  const cell = await gm(core, 'location.create', { campaignId, name: 'Cell', description: 'damp' })
  const keep = await gm(core, 'location.create', { campaignId, name: 'Keep' })
  await gm(core, 'location.update', { id: cell.id, parentId: keep.id })
  await gm(core, 'encounterTable.create', {
    campaignId,
    name: 'Keep halls',
    dice: '1d6',
    locationId: keep.id,
    rows: [
      { min: 1, max: 3, text: 'with his brigands', npcId: chief },
      { min: 4, max: 6, text: 'A swarm of rats' },
    ],
  })
  await gm(core, 'clock.setMode', { campaignId, mode: 'downtime' })
  const lantern = await gm(core, 'inventory.add', { characterId: glam, name: 'Brass lantern', kind: 'light', details: { type: 'lantern' } })
  await gm(core, 'inventory.add', { characterId: glam, name: 'Flask of oil', kind: 'other', quantity: 2 })
  await gm(core, 'light.light', { campaignId, itemId: lantern.id })
  await gm(core, 'clock.advance', { campaignId, span: { minutes: 150 } })
  await gm(core, 'ledger.earn', { campaignId, characterId: glam, currency: 'gold', amount: 50, reason: 'brigand loot' })
  const rope = await gm(core, 'ledger.spend', { campaignId, characterId: glam, currency: 'gold', amount: 10, reason: 'rope' })
  await gm(core, 'ledger.spend', { campaignId, characterId: glam, currency: 'gold', amount: 4, reason: 'ale' })
  await gm(core, 'ledger.correct', { id: rope.id, note: 'the rope was stolen back' })
  await gm(core, 'injury.record', { characterId: glam, kind: 'other', description: 'a twisted ankle' })
  await gm(core, 'log.note', { campaignId, text: 'They found the `well` behind the cellar' })
  await gm(core, 'clock.advance', { campaignId, span: { turns: 1 } })
  return campaignId
}

/** Ids a library gives (and the "last changed" an import sets) set aside: what stays is what the GM reads. */
function withoutIds(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(withoutIds)
  if (typeof v === 'string') return v.replace(/^item-\d+$/, 'item-#')
  if (v === null || typeof v !== 'object') return v
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    if (k === 'id' || /Ids?$/.test(k) || k === 'updatedAt') continue
    out[k] = k === 'holder' ? '(a holder)' : withoutIds(x)
  }
  return out
}

/** A campaign as the API shows it: its records, log, balances, clock and what a search finds. */
export async function readCampaign(core: Core, campaignId: number): Promise<Record<string, unknown>> {
  const characters = (await gm(core, 'character.list', { campaignId })).items
  const perCharacter = []
  for (const c of characters) {
    perCharacter.push({
      name: c.name,
      items: await gm(core, 'inventory.list', { characterId: c.id }),
      balances: await gm(core, 'ledger.balances', { campaignId, characterId: c.id }),
      ledger: await gm(core, 'ledger.list', { campaignId, characterId: c.id }),
    })
  }
  const locations = await gm(core, 'location.list', { campaignId })
  const nameOf = new Map(locations.map((l) => [l.id, l.name]))
  // What each search finds (each engine words its snippets and ranks its hits its own way).
  const search: Record<string, string[]> = {}
  for (const text of ['Glam', 'brigand', 'well', 'lantern', 'Keep halls', 'ankle', 'rope', 'stolen']) {
    search[text] = (await gm(core, 'search.query', { campaignId, text })).map((h) => `${h.kind}: ${h.title}`).sort()
  }
  const { name, ...campaign } = await gm(core, 'campaign.get', { id: campaignId })
  return withoutIds({
    name,
    campaign,
    characters: await Promise.all(characters.map((c) => gm(core, 'character.get', { id: c.id }))),
    perCharacter,
    sessions: await gm(core, 'session.list', { campaignId }),
    adventures: await gm(core, 'adventure.list', { campaignId }),
    locations: locations.map((l) => ({ ...l, parent: l.parentId === null ? null : nameOf.get(l.parentId) })),
    encounterTables: await gm(core, 'encounterTable.list', { campaignId }),
    injuries: await gm(core, 'injury.list', { campaignId }),
    log: await gm(core, 'log.list', { campaignId, limit: 500 }),
    clock: await gm(core, 'clock.get', { campaignId }),
    search,
  }) as Record<string, unknown>
}

/** A file's rows by table, each table's rows in a fixed order (a table without ids has no order of its own). */
function rowsByTable(data: Buffer): { header: unknown; tables: Record<string, string[]> } {
  const [header, ...rest] = fileLines(data) as [Record<string, unknown>, ...unknown[]]
  const tables: Record<string, string[]> = {}
  for (const line of rest) {
    if (!Array.isArray(line)) continue
    const [table, row] = line as [string, Record<string, unknown>]
    const sorted = Object.fromEntries(Object.entries(table === 'campaign' ? { ...row, updated_at: '(ignored)' } : row).sort(([x], [y]) => x.localeCompare(y)))
    ;(tables[table] ??= []).push(JSON.stringify(sorted))
  }
  for (const list of Object.values(tables)) list.sort()
  return { header: { ...header, exportedAt: '(ignored)' }, tables }
}

/** Two campaign files hold the same campaign: the same header and, table by table, the same rows. */
export function sameFile(actual: Buffer, expected: Buffer): void {
  expect(rowsByTable(actual)).toEqual(rowsByTable(expected))
}

