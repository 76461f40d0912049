/**
 * The library the API fuzz plays against: two campaigns of each of the five systems (the second
 * one's records are the "foreign" ids the first must refuse), each with a player character with a
 * complete sheet and a pack, an NPC, places, an encounter table, an adventure, a session being
 * played, ledger entries, an injury, a lit torch, a timer, clock steps and a roll at the table.
 * Everything goes in through the router, as the screens do.
 */
import { createHash } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type { Core } from '../../src/main/app'
import type { SystemId } from '../../src/shared/contract'
import { gm } from '../support/calls'
import { bryn, inigo, iridia, taiGivar } from '../services/sheets/fixtures'

export const SYSTEMS: readonly SystemId[] = ['ladder', 'osr', 'lode', 'challenge', 'ranks']

const CURRENCY: Record<SystemId, 'pp' | 'gold' | 'destiny' | 'xp'> = { ladder: 'pp', osr: 'gold', lode: 'destiny', challenge: 'xp', ranks: 'xp' }

/** Seeds one campaign of `system`; returns its id. */
async function seedCampaign(core: Core, system: SystemId, name: string): Promise<number> {
  const campaignId = (await gm(core, 'campaign.create', { name, system, seed: `fuzz-${name}` })).id
  const pcId =
    system === 'osr'
      ? (await gm(core, 'character.generate', { campaignId, name: 'Glam', playerName: 'Ann' })).id
      : (await gm(core, 'character.create', { campaignId, kind: 'pc', name: 'Hero', playerName: 'Ann', sheet: { ladder: taiGivar, lode: bryn, challenge: iridia, ranks: { ...inigo, harm: { weary: false, hurt: false, doomed: false } } }[system] })).id
  const npcId = (await gm(core, 'character.create', { campaignId, kind: 'npc', name: 'Grik the goblin', draft: true, tags: ['goblin'] })).id
  const torches = await gm(core, 'inventory.add', { characterId: pcId, name: 'Torches', kind: 'light', quantity: 5, details: { type: 'torch' } })
  await gm(core, 'inventory.add', { characterId: pcId, name: 'Rations', kind: 'ration', quantity: 7 })
  await gm(core, 'inventory.add', { characterId: pcId, name: 'Rope', kind: 'other', quantity: 1, weightLbs: 5 })
  const keep = await gm(core, 'location.create', { campaignId, name: 'The Keep', kind: 'enclosed' })
  await gm(core, 'location.create', { campaignId, name: 'The Cell', parentId: keep.id })
  await gm(core, 'encounterTable.create', {
    campaignId,
    name: 'Keep halls',
    dice: '1d6',
    locationId: keep.id,
    rows: [
      { min: 1, max: 3, text: 'Rats', npcId },
      { min: 4, max: 6, text: 'Nothing stirs' },
    ],
  })
  const adventure = await gm(core, 'adventure.create', { campaignId, title: 'Below the Keep' })
  await gm(core, 'session.create', { campaignId, title: 'Session zero', status: 'closed', attendance: [pcId] })
  await gm(core, 'play.start', { campaignId, title: 'Into the dark', adventureId: adventure.id, attendance: [pcId] })
  await gm(core, 'ledger.earn', { campaignId, characterId: pcId, currency: CURRENCY[system], amount: 5, reason: 'a good start' })
  await gm(core, 'ledger.spend', { campaignId, characterId: pcId, currency: CURRENCY[system], amount: 1, reason: 'a bribe' })
  if (system === 'ranks') await gm(core, 'ledger.earn', { campaignId, currency: 'threat', amount: 3, reason: 'the villain stirs' })
  const injury =
    system === 'ladder'
      ? ({ kind: 'ladder.damage', level: 'wounded', location: 'arm' } as const)
      : system === 'ranks'
        ? ({ kind: 'ranks.harm' } as const)
        : ({ kind: 'other', description: 'bruised ribs' } as const)
  await gm(core, 'injury.record', { characterId: pcId, ...injury })
  await gm(core, 'log.note', { campaignId, text: 'The bridge is out.' })
  await gm(core, 'clock.setEncounter', { campaignId, locationId: keep.id })
  await gm(core, 'light.light', { campaignId, itemId: torches.id })
  await gm(core, 'timer.add', { campaignId, label: 'The tide turns', after: { hours: 5 } })
  await gm(core, 'clock.advance', { campaignId, span: { turns: 2 } })
  if (system === 'ladder') await gm(core, 'ladder.roll', { campaignId, characterId: pcId, name: 'Hero', what: 'Piloting', asset: 'expert', difficulty: 'good' })
  if (system === 'lode') await gm(core, 'lode.roll', { campaignId, characterId: pcId, what: 'Swordfighting', baseDice: 3 })
  if (system === 'ranks') {
    const danger = await gm(core, 'ranks.danger', { campaignId, characterId: pcId, description: 'the cultist’s minions' })
    await gm(core, 'ranks.roll', { campaignId, characterId: pcId, ability: 'Ferocity', dangerId: danger.id })
  }
  if (system === 'challenge') {
    await gm(core, 'challenge.start', { campaignId, sides: [{ characterId: pcId, ability: 'Sorcery', rating: 5, reserves: 2 }, { name: 'an imp', rating: 2 }] })
  }
  return campaignId
}

export interface FuzzLibrary {
  /** The campaign each method is fuzzed in, by system. */
  own: Record<SystemId, number>
  /** A second campaign of each system: its records are foreign to the first. */
  twin: Record<SystemId, number>
}

/** @example const { own, twin } = await seedFuzzLibrary(core) */
export async function seedFuzzLibrary(core: Core): Promise<FuzzLibrary> {
  const own = {} as Record<SystemId, number>
  const twin = {} as Record<SystemId, number>
  for (const system of SYSTEMS) {
    own[system] = await seedCampaign(core, system, `Own ${system}`)
    twin[system] = await seedCampaign(core, system, `Twin ${system}`)
  }
  return { own, twin }
}

/**
 * The ids of a campaign's rows, by table: every table with a campaign_id column, and the tables
 * that belong to one through another (inventory through characters, rows through tables).
 */
export function recordsOf(sqlite: BetterSqlite3.Database, campaignId: number): Record<string, number[]> {
  const out: Record<string, number[]> = { campaign: [campaignId] }
  const tables = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'search_index%'").pluck().all() as string[]
  for (const t of tables) {
    const cols = (sqlite.prepare(`pragma table_info("${t}")`).all() as { name: string }[]).map((c) => c.name)
    if (cols.includes('campaign_id') && cols.includes('id')) out[t] = sqlite.prepare(`select id from "${t}" where campaign_id = ? order by id`).pluck().all(campaignId) as number[]
  }
  out.inventory_item = sqlite.prepare('select i.id from inventory_item i join character c on c.id = i.character_id where c.campaign_id = ?').pluck().all(campaignId) as number[]
  out.encounter_row = sqlite.prepare('select r.id from encounter_row r join encounter_table t on t.id = r.table_id where t.campaign_id = ?').pluck().all(campaignId) as number[]
  return out
}

const readers = new WeakMap<BetterSqlite3.Database, [string, BetterSqlite3.Statement][]>()

/**
 * A digest of each table's rows (FTS shadow tables included): two equal snapshots mean nothing was
 * written, and the tables whose digests differ are the ones that changed.
 */
export function snapshot(sqlite: BetterSqlite3.Database): Record<string, string> {
  let tables = readers.get(sqlite)
  if (!tables) {
    const names = sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_stat%' order by name").pluck().all() as string[]
    tables = names.map((t) => [t, sqlite.prepare(`select * from "${t}"`).raw()])
    readers.set(sqlite, tables)
  }
  const out: Record<string, string> = {}
  for (const [t, rows] of tables) {
    const hash = createHash('sha1')
    for (const row of rows.iterate() as Iterable<unknown[]>) {
      hash.update(JSON.stringify(row, (_k, v: unknown) => (Buffer.isBuffer(v) ? v.toString('hex') : v)))
      hash.update('\n')
    }
    out[t] = hash.digest('hex')
  }
  return out
}
