/**
 * Characters, PCs and NPCs alike, with the sheet of the campaign's system. Every save checks the
 * sheet: a value that cannot be is always refused; the rules' problems refuse a PC, while an NPC
 * may be kept as a draft with its problems listed. Each change is one transaction with its log entry.
 */
import type { Kysely, Selectable } from 'kysely'
import type { CharacterTable, Database } from '../../db/schema'
import type { Character, CharacterKind, CharacterStatus, CheckResult, SystemId } from '../../../shared/contract'
import { type AnySheet, blankSheet } from '../../../shared/api/sheets'
import { toCharacterSummary } from './list'
import { getSetting } from '../campaigns'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged } from '../core'
import { encumbranceOf } from './inventory'
import { ledgerBalances } from '../ledger'
import { checkSheet, type SheetContext } from './sheets'
import { creditLadderStart } from '../growth/ladder-start'

/**
 * What the sheet rules need to know about where the sheet lives: the campaign's ability list
 * (Ranks, RK-1) and the character's ledger balances.
 * @example await sheetContext(db, { campaignId: 1, system: 'ranks', kind: 'pc', status: 'active', characterId: 4 })
 */
export async function sheetContext(
  db: Kysely<Database>,
  at: { campaignId: number; system: SystemId; kind: CharacterKind; status: CharacterStatus; characterId: number | null },
): Promise<SheetContext> {
  const abilities = at.system === 'ranks' ? await getSetting(db, at.campaignId, 'ranks.abilities') : []
  const balances = at.characterId === null ? {} : Object.fromEntries((await ledgerBalances(db, { campaignId: at.campaignId, characterId: at.characterId })).map((b) => [b.currency, b.balance]))
  const levelThresholds = at.system === 'osr' ? await getSetting(db, at.campaignId, 'osr.levelThresholds') : undefined
  return { kind: at.kind, status: at.status, abilities, balances, ...(levelThresholds ? { levelThresholds } : {}) }
}

/** A character's unhealed injuries of one kind, as stored (kind and details). */
async function openInjuryDetails(db: Kysely<Database>, characterId: number, kind: string): Promise<Record<string, unknown>[]> {
  const rows = await db.selectFrom('injury').select('details').where('character_id', '=', characterId).where('kind', '=', kind).where('healed', '=', 0).execute()
  return rows.map((r) => JSON.parse(r.details) as Record<string, unknown>)
}

/**
 * The parts of a sheet that injuries decide, so the two can never disagree: a Ranks character's
 * Harm track is their open Harm injuries (RK-8).
 */
async function withInjuries(db: Kysely<Database>, system: SystemId, characterId: number, sheet: Record<string, unknown>): Promise<Record<string, unknown>> {
  if (system !== 'ranks') return sheet
  const harm = { weary: false, hurt: false, doomed: false }
  for (const d of await openInjuryDetails(db, characterId, 'ranks.harm')) if (typeof d.box === 'string' && d.box in harm) harm[d.box as keyof typeof harm] = true
  return { ...sheet, harm }
}

/**
 * CH-10: consequences recorded as injuries that the sheet has not split among rating, bonus,
 * reserves and resistance yet (the split is the owner's to choose), as facts to act on.
 */
async function unsplitConsequences(db: Kysely<Database>, characterId: number, sheet: Record<string, unknown>): Promise<Character['facts']> {
  const applied = new Map<string, number>()
  for (const r of (sheet.reductions as { scope: string; ability: string; points: number }[] | undefined) ?? []) {
    const key = r.scope === 'overall' ? '' : r.ability.trim().toLowerCase()
    applied.set(key, (applied.get(key) ?? 0) + r.points)
  }
  const recorded = new Map<string, { label: string; points: number }>()
  for (const d of await openInjuryDetails(db, characterId, 'challenge.reduction')) {
    if (d.scope !== 'ability' && d.scope !== 'overall') continue
    const key = d.scope === 'overall' ? '' : String(d.ability ?? '').trim().toLowerCase()
    const label = d.scope === 'overall' ? 'every ability' : String(d.ability)
    recorded.set(key, { label, points: (recorded.get(key)?.points ?? 0) + Number(d.points ?? 0) })
  }
  const facts: Character['facts'] = []
  for (const [key, { label, points }] of recorded) {
    const missing = points - (applied.get(key) ?? 0)
    if (missing > 0) facts.push({ label: `To split: ${label}`, value: `${missing} point${missing === 1 ? '' : 's'} of consequence recorded in Injuries, not yet taken from rating, bonus, reserves or resistance`, rule: 'CH-10' })
  }
  return facts
}

async function toCharacter(db: Kysely<Database>, row: Selectable<CharacterTable>, system: SystemId): Promise<Character> {
  const sheet = await withInjuries(db, system, row.id, JSON.parse(row.sheet) as Record<string, unknown>)
  const context = await sheetContext(db, { campaignId: row.campaign_id, system, kind: row.kind, status: row.status, characterId: row.id })
  const checked = checkSheet(system, sheet, context)
  return {
    ...toCharacterSummary(row),
    system,
    notes: row.notes,
    // The screen gets a whole sheet: a stored one missing fields (older or imported data) is filled
    // from the system's defaults, and one that does not parse keeps what it has over a blank sheet.
    sheet: checked.sheet ?? { ...blankSheet(system), ...sheet },
    createdAt: row.created_at,
    problems: checked.problems,
    facts: system === 'challenge' ? [...checked.facts, ...(await unsplitConsequences(db, row.id, checked.sheet ?? sheet))] : checked.facts,
    encumbrance: await encumbranceOf(db, { id: row.id, campaignId: row.campaign_id }),
    balances: context.balances,
  }
}

async function systemOf(db: Kysely<Database>, campaignId: number): Promise<SystemId> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw notFound('campaign', campaignId)
  return row.system
}

/**
 * One character with its sheet, the rules' problems and the derived values.
 * @example await getCharacter(db, 4) // { name: 'Glam', sheet: { level: 1, … }, facts: [{ label: 'Resistance target', … }], … }
 */
export async function getCharacter(db: Kysely<Database>, id: number): Promise<Character> {
  const row = await db.selectFrom('character').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('character', id)
  return toCharacter(db, row, await systemOf(db, row.campaign_id))
}

/**
 * Checks a sheet against the campaign's rules without saving anything.
 * @example await checkCharacterSheet(db, { campaignId: 1, kind: 'pc', status: 'active', sheet: { maxH: -1 } }) // { fields: [{ field: 'maxH', … }], … }
 */
export async function checkCharacterSheet(
  db: Kysely<Database>,
  input: { campaignId: number; kind: CharacterKind; status: CharacterStatus; sheet: Record<string, unknown>; characterId?: number | undefined },
): Promise<CheckResult> {
  const system = await systemOf(db, input.campaignId)
  const context = await sheetContext(db, { ...input, system, characterId: input.characterId ?? null })
  const sheet = input.characterId === undefined ? input.sheet : await withInjuries(db, system, input.characterId, input.sheet)
  const checked = checkSheet(system, sheet, context)
  const consequences = system === 'challenge' && input.characterId !== undefined ? await unsplitConsequences(db, input.characterId, checked.sheet ?? sheet) : []
  return { problems: checked.problems, fields: checked.fields, facts: [...checked.facts, ...consequences] }
}

/** The sheet to save, or the refusal that says why it cannot be saved. */
async function sheetToSave(
  tx: Tx,
  at: { campaignId: number; system: SystemId; kind: CharacterKind; status: CharacterStatus; draft: boolean; name: string; characterId: number | null },
  raw: unknown,
): Promise<AnySheet> {
  if (at.draft && at.kind === 'pc') {
    throw new AppError('refused', 'Only an NPC can be saved as a draft; a player character needs a complete sheet. Nothing was saved.', [
      { field: 'draft', problem: 'only an NPC can be a draft' },
    ])
  }
  const checked = checkSheet(at.system, raw, await sheetContext(tx.trx, at))
  if (checked.fields.length > 0 || !checked.sheet) {
    const details = checked.fields.map((f) => ({ field: `sheet.${f.field}`, problem: f.problem }))
    throw new AppError('invalid_input', `The sheet has values that cannot be: ${checked.problems.join(' ')} Nothing was saved.`, details)
  }
  if (checked.problems.length > 0 && !at.draft) {
    const what = at.kind === 'pc' ? 'A player character needs a complete sheet' : 'Fix them, or save the NPC as a draft'
    throw new AppError(
      'refused',
      `${at.name}'s sheet breaks the rules: ${checked.problems.join(' ')} ${what}; nothing was saved.`,
      checked.problems.map((problem) => ({ field: 'sheet', problem })),
    )
  }
  return checked.sheet
}

export interface NewCharacter {
  campaignId: number
  kind: CharacterKind
  name: string
  playerName: string | null
  status: CharacterStatus
  notes: string
  tags: string[]
  sheet?: Record<string, unknown> | undefined
  draft: boolean
}

/**
 * Inserts a checked character inside the caller's unit of work; the caller logs it.
 * @example const row = await insertCharacter(tx, 'osr', { campaignId: 1, kind: 'pc', name: 'Glam', … })
 */
export async function insertCharacter(tx: Tx, system: SystemId, input: NewCharacter): Promise<Selectable<CharacterTable>> {
  const sheet = await sheetToSave(tx, { ...input, system, characterId: null }, input.sheet ?? blankSheet(system))
  return tx.trx
    .insertInto('character')
    .values({
      campaign_id: input.campaignId,
      kind: input.kind,
      name: input.name,
      player_name: input.kind === 'pc' ? input.playerName || null : null,
      status: input.status,
      notes: input.notes,
      tags: JSON.stringify(input.tags),
      sheet: JSON.stringify(sheet),
      draft: input.draft ? 1 : 0,
      created_at: tx.realTime,
      updated_at: tx.realTime,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

/**
 * Adds a PC (complete sheet required) or an NPC (a draft may have problems, never impossible values).
 * @example await createCharacter(deps, { campaignId: 1, kind: 'npc', name: 'Brigand chief', playerName: null, status: 'active', notes: '', tags: ['brigand'], draft: true })
 */
export async function createCharacter(deps: ServiceDeps, input: NewCharacter): Promise<Character> {
  const id = await unitOfWork(deps, async (tx) => {
    const campaign = await requireCampaign(tx, input.campaignId)
    const row = await insertCharacter(tx, campaign.system, input)
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'character', id: row.id, change: 'created' },
      { kind: 'character.created', payload: { id: row.id, name: row.name, kind: row.kind, draft: row.draft === 1 } },
    )
    await creditLadderStart(tx, row.campaign_id, row.id) // LAD-21, LAD-30: a new PC's starting Plot Points
    return row.id
  })
  return getCharacter(deps.db, id)
}

export interface CharacterChanges {
  id: number
  kind?: CharacterKind | undefined
  name?: string | undefined
  playerName?: string | null | undefined
  status?: CharacterStatus | undefined
  notes?: string | undefined
  tags?: string[] | undefined
  sheet?: Record<string, unknown> | undefined
  draft?: boolean | undefined
}

type Column = 'kind' | 'name' | 'player_name' | 'status' | 'notes' | 'tags' | 'sheet' | 'draft'
const FIELD_OF: Record<Column, string> = { kind: 'kind', name: 'name', player_name: 'playerName', status: 'status', notes: 'notes', tags: 'tags', sheet: 'sheet', draft: 'draft' }

/** A column's value as the log tells it (JSON columns as values, flags as yes/no). */
function logged(column: Column, value: unknown): unknown {
  if (column === 'tags' || column === 'sheet') return JSON.parse(value as string) as unknown
  if (column === 'draft') return value === 1
  return value
}

/**
 * Changes the fields named; the sheet is checked again whenever the sheet, the kind, the status or
 * the draft flag changes (an NPC with problems cannot become a PC).
 * @example await updateCharacter(deps, { id: 4, status: 'dead' })
 */
export async function updateCharacter(deps: ServiceDeps, input: CharacterChanges): Promise<Character> {
  const id = await unitOfWork(deps, async (tx) => {
    const before = await tx.trx.selectFrom('character').selectAll().where('id', '=', input.id).executeTakeFirst()
    if (!before) throw notFound('character', input.id)
    const kind = input.kind ?? before.kind
    const after = {
      kind,
      name: input.name ?? before.name,
      player_name: kind === 'npc' ? null : input.playerName !== undefined ? input.playerName || null : before.player_name,
      status: input.status ?? before.status,
      notes: input.notes ?? before.notes,
      tags: input.tags ? JSON.stringify(input.tags) : before.tags,
      sheet: before.sheet,
      draft: input.draft === undefined ? before.draft : input.draft ? 1 : 0,
    }
    const recheck = input.sheet !== undefined || after.kind !== before.kind || after.status !== before.status || after.draft !== before.draft
    if (recheck) {
      const system = await systemOf(tx.trx, before.campaign_id)
      const raw = input.sheet ?? (JSON.parse(before.sheet) as unknown)
      const at = { campaignId: before.campaign_id, system, kind, status: after.status, draft: after.draft === 1, name: after.name, characterId: before.id }
      after.sheet = JSON.stringify(await sheetToSave(tx, at, raw))
    }
    const changed = (Object.keys(after) as Column[]).filter((k) => after[k] !== before[k])
    if (changed.length === 0) return before.id
    await tx.trx.updateTable('character').set({ ...after, updated_at: tx.realTime }).where('id', '=', before.id).execute()
    const from = Object.fromEntries(changed.map((k) => [FIELD_OF[k], logged(k, before[k])]))
    const to = Object.fromEntries(changed.map((k) => [FIELD_OF[k], logged(k, after[k])]))
    await recordChanged(
      tx,
      { campaignId: before.campaign_id, kind: 'character', id: before.id, change: 'updated' },
      { kind: 'character.updated', payload: { id: before.id, name: after.name, changed: changed.map((k) => FIELD_OF[k]), from, to } },
    )
    if (after.kind === 'pc' && before.kind !== 'pc') await creditLadderStart(tx, before.campaign_id, before.id) // LAD-21, LAD-30: an NPC (a draft too) becomes a PC
    return before.id
  })
  return getCharacter(deps.db, id)
}

/**
 * Deletes a character; its inventory, ledger entries and injuries go with it, encounter rows that
 * named it keep their text. The log keeps the whole record, so nothing is lost for good.
 * @example await deleteCharacter(deps, { id: 4 })
 */
export async function deleteCharacter(deps: ServiceDeps, input: { id: number }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = await tx.trx.selectFrom('character').selectAll().where('id', '=', input.id).executeTakeFirst()
    if (!before) throw notFound('character', input.id)
    await tx.trx.deleteFrom('character').where('id', '=', before.id).execute()
    await recordChanged(
      tx,
      { campaignId: before.campaign_id, kind: 'character', id: before.id, change: 'deleted' },
      { kind: 'character.deleted', payload: { id: before.id, name: before.name, kind: before.kind, record: { ...toCharacterSummary(before), notes: before.notes, sheet: JSON.parse(before.sheet) as unknown } } },
    )
    return { id: before.id }
  })
}
