/**
 * Who rolls at the table: a character of the campaign (with their sheet, Plot Points and injuries)
 * or a name the GM types for someone without a sheet (a thug, a rival racer).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { InjuryDetails } from '../../../shared/contract'
import type { Combatant, LadderCharacter } from '../../../shared/api/table-ladder.contract'
import { LadderSheet } from '../../../shared/api/sheets/ladder'
import { UNHURT, type InjuryStatus } from '../../engines/ladder'
import { detailsOf, ladderStatusFrom } from '../injuries'
import { AppError } from '../core'
import { keptSums } from '../ledger'
import { requireLadderCampaign } from './refusal'

/** Someone rolling: `characterId` null for a name typed at the table. */
export interface Roller {
  characterId: number | null
  name: string
  /** LAD-29: supers use the extended ladder. */
  super: boolean
}

/** NPCs offered at the table beyond the party, most recently touched first. */
const NPC_LIMIT = 300

/** A stored sheet read as a Ladder sheet, filled from the defaults where older data lacks a field. */
export function ladderSheet(json: string): LadderSheet {
  const parsed = LadderSheet.safeParse(JSON.parse(json))
  return parsed.success ? parsed.data : LadderSheet.parse({})
}

/**
 * The injury status of characters from their unhealed Ladder injuries (LAD-15 … LAD-18).
 * @example (await injuryStatuses(db, [4])).get(4) // { subdued: false, wounds: 1, incapacitated: null, killed: false }
 */
export async function injuryStatuses(db: Kysely<Database>, characterIds: readonly number[]): Promise<Map<number, InjuryStatus>> {
  const statuses = new Map<number, InjuryStatus>(characterIds.map((id) => [id, { ...UNHURT }]))
  if (characterIds.length === 0) return statuses
  const rows = await db
    .selectFrom('injury')
    .select(['character_id', 'kind', 'details'])
    .where('character_id', 'in', characterIds)
    .where('kind', '=', 'ladder.damage')
    .where('healed', '=', 0)
    .orderBy('id')
    .execute()
  const byCharacter = new Map<number, InjuryDetails[]>()
  for (const r of rows) byCharacter.set(r.character_id, [...(byCharacter.get(r.character_id) ?? []), detailsOf(r).what])
  for (const [id, details] of byCharacter) statuses.set(id, ladderStatusFrom(details))
  return statuses
}

/**
 * Plot Point balances of characters: the sum of their ledger entries (LAD-21), read from the sums
 * kept beside them (one row each, however long the ledger).
 * @example (await plotPoints(db, 1, [4])).get(4) // 2
 */
export async function plotPoints(db: Kysely<Database>, campaignId: number, characterIds: readonly number[]): Promise<Map<number, number>> {
  const balances = new Map<number, number>(characterIds.map((id) => [id, 0]))
  if (characterIds.length === 0) return balances
  for (const r of await keptSums(db, campaignId, characterIds, ['pp'])) balances.set(r.holder, Number(r.balance))
  return balances
}

/**
 * The characters who can roll at the table: the party first, then NPCs, each with their assets,
 * Plot Points and injuries. The dead and the retired do not roll.
 * @example await ladderRoster(db, 1) // [{ name: 'Tai', assets: [{ name: 'Hiding', rating: 'expert', … }], pp: 2, … }, …]
 */
export async function ladderRoster(db: Kysely<Database>, campaignId: number): Promise<LadderCharacter[]> {
  await requireLadderCampaign(db, campaignId)
  const base = db.selectFrom('character').select(['id', 'name', 'kind', 'sheet']).where('campaign_id', '=', campaignId).where('status', '=', 'active')
  const pcs = await base.where('kind', '=', 'pc').orderBy('name').execute()
  const npcs = await base.where('kind', '=', 'npc').orderBy('updated_at', 'desc').orderBy('id', 'desc').limit(NPC_LIMIT).execute()
  npcs.sort((a, b) => a.name.localeCompare(b.name))
  const rows = [...pcs, ...npcs]
  const ids = rows.map((r) => r.id)
  const pp = await plotPoints(db, campaignId, ids)
  const statuses = await injuryStatuses(db, ids)
  const fought = await lastFights(db, campaignId)
  return rows.map((r) => {
    const sheet = ladderSheet(r.sheet)
    return {
      id: r.id,
      name: r.name,
      kind: r.kind,
      super: sheet.super,
      assets: sheet.assets.map((a) => ({ name: a.name, rating: a.rating, school: a.school })),
      rotes: sheet.rotes.map((r) => ({ effect: r.effect, assets: [...r.assets], rung: r.rung })),
      vulnerability: sheet.super ? (sheet.flaws.find((f) => f.vulnerability)?.name ?? null) : null,
      tough: sheet.assets.some((a) => /tough/i.test(a.name)),
      pp: pp.get(r.id) ?? 0,
      status: statuses.get(r.id) ?? { ...UNHURT },
      lastFight: fought.get(r.id) ?? null,
    }
  })
}

/** The combats read for how each character last fought: the newest few (a party fights together). */
const FIGHTS_READ = 8

/**
 * How each character fought in the newest combat they took part in (LAD-12): their hand-to-hand
 * and shooting assets by name, and whether they fought with fists.
 * @example (await lastFights(db, 1)).get(4) // { assetName: 'Knife fighting', shootName: '', naturalWeapons: false }
 */
async function lastFights(db: Kysely<Database>, campaignId: number): Promise<Map<number, NonNullable<LadderCharacter['lastFight']>>> {
  const rows = await db.selectFrom('ladder_conflict').select('setup').where('campaign_id', '=', campaignId).where('kind', '=', 'combat').orderBy('id', 'desc').limit(FIGHTS_READ).execute()
  const fought = new Map<number, NonNullable<LadderCharacter['lastFight']>>()
  for (const row of rows) {
    const setup = JSON.parse(row.setup) as { combatants?: Combatant[] }
    for (const c of setup.combatants ?? []) {
      if (c.characterId === null || fought.has(c.characterId)) continue
      fought.set(c.characterId, { assetName: c.assetName, shootName: c.shootName, naturalWeapons: c.naturalWeapons })
    }
  }
  return fought
}

/**
 * Who rolls: a character of this campaign (their name and whether they are a super), or the name
 * typed at the table.
 * @example await resolveRoller(db, 1, { characterId: null, name: 'Thug' }) // { characterId: null, name: 'Thug', super: false }
 */
export async function resolveRoller(db: Kysely<Database>, campaignId: number, who: { characterId: number | null; name: string }): Promise<Roller> {
  if (who.characterId === null) return { characterId: null, name: who.name, super: false }
  const row = await db.selectFrom('character').select(['name', 'campaign_id', 'sheet']).where('id', '=', who.characterId).executeTakeFirst()
  if (!row || row.campaign_id !== campaignId) {
    throw new AppError('not_found', `There is no character ${who.characterId} in this campaign; it may have been deleted.`, [
      { field: 'characterId', problem: 'no character of this campaign has this id' },
    ])
  }
  return { characterId: who.characterId, name: row.name, super: ladderSheet(row.sheet).super }
}
