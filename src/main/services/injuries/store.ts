/**
 * Injury rows: how they are stored (what the injury is, as JSON, with the facts its recovery needs),
 * read back with their recovery (injury-recovery.ts), and announced when they change.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database, InjuryTable } from '../../db/schema'
import { type Injury, type InjuryDetails, InjuryDetails as DetailsSchema } from '../../../shared/contract'
import { INJURY_KIND_LABELS, SYSTEM_INJURY_KINDS, capitalised, type InjuryKind } from '../../../shared/injuries'
import { SYSTEMS } from '../../../shared/systems'
import { UNHURT, type InjuryStatus } from '../../engines/ladder'
import { readInjury, type InjuryFacts } from './recovery'
import { type Tx, AppError, notFound, recordChanged } from '../core'
import { getSetting } from '../campaigns'

export type InjuryRow = Selectable<InjuryTable> & { character_name: string }

/** What the row's `details` JSON holds besides what the injury is. */
export interface StoredFacts {
  treatedAt?: number
  healBetweenAdventures?: boolean
}

/** What the injury is, and the facts its recovery needs, from the stored row. */
export function detailsOf(row: Pick<InjuryRow, 'kind' | 'details'>): { what: InjuryDetails; facts: StoredFacts } {
  const { treatedAt, healBetweenAdventures, ...rest } = JSON.parse(row.details) as Record<string, unknown> & StoredFacts
  return {
    what: DetailsSchema.parse({ ...rest, kind: row.kind }),
    facts: { ...(treatedAt === undefined ? {} : { treatedAt }), ...(healBetweenAdventures === undefined ? {} : { healBetweenAdventures }) },
  }
}

/** The facts an injury's recovery is planned from (injury-recovery.ts). */
export function factsOf(takenAt: number, facts: StoredFacts): InjuryFacts {
  return { takenAt, treatedAt: facts.treatedAt ?? null, healBetweenAdventures: facts.healBetweenAdventures ?? false }
}

/** The row as the API shows it, with its label, effect and recovery read by the rules. */
export function toInjury(row: InjuryRow): Injury {
  const { what, facts } = detailsOf(row)
  const reading = readInjury(what, factsOf(row.taken_at, facts), row.description)
  return {
    id: row.id,
    campaignId: row.campaign_id,
    characterId: row.character_id,
    characterName: row.character_name,
    system: row.system,
    details: what,
    label: reading.label,
    effect: reading.effect,
    description: row.description,
    takenAt: row.taken_at,
    healsAt: row.heals_at,
    upAndAboutAt: reading.upAndAboutAt,
    recovery: reading.recovery,
    treated: row.treated === 1,
    treatedAt: facts.treatedAt ?? null,
    healed: row.healed === 1,
    healedAt: row.healed_at,
    canStepDown: reading.canStepDown && row.healed === 0,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Injury rows with their character's name. */
export function selectInjuries(db: Kysely<Database>) {
  return db.selectFrom('injury').innerJoin('character', 'character.id', 'injury.character_id').selectAll('injury').select('character.name as character_name')
}

/** @example await injuryById(tx.trx, 3) */
export async function injuryById(db: Kysely<Database>, id: number): Promise<Injury> {
  const row = await selectInjuries(db).where('injury.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('injury', id)
  return toInjury(row)
}

/** The row of an injury being changed; a clear not_found when it is gone. */
export async function requireInjuryRow(tx: Tx, id: number): Promise<InjuryRow> {
  const row = await selectInjuries(tx.trx).where('injury.id', '=', id).executeTakeFirst()
  if (!row) throw notFound('injury', id)
  return row
}

/** A refused input, naming the field. */
export function invalid(field: string, problem: string): AppError {
  return new AppError('invalid_input', `${capitalised(problem)}. Nothing was written.`, [{ field, problem }])
}

/** The unhealed injuries of one kind a character carries, for rules that count them (LAD-18, RK-8). */
export async function openInjuries(tx: Tx, characterId: number, kind: InjuryKind): Promise<InjuryDetails[]> {
  const rows = await tx.trx
    .selectFrom('injury')
    .select(['kind', 'details'])
    .where('character_id', '=', characterId)
    .where('kind', '=', kind)
    .where('healed', '=', 0)
    .execute()
  return rows.map((r) => detailsOf(r).what)
}

/**
 * LAD-18 reads a character's open Ladder injuries: Wounds add up; an Incapacitate knows whether a
 * third Wound caused it (LAD-22.3); death is final.
 * @example ladderStatusFrom([{ kind: 'ladder.damage', level: 'wounded', location: 'arm', thirdWound: false }]).wounds // 1
 */
export function ladderStatusFrom(details: readonly InjuryDetails[]): InjuryStatus {
  const status: InjuryStatus = { ...UNHURT }
  for (const d of details) {
    if (d.kind !== 'ladder.damage') continue
    if (d.level === 'subdued') status.subdued = true
    if (d.level === 'wounded') status.wounds += 1
    if (d.level === 'incapacitated') status.incapacitated = d.thirdWound ? 'third wound' : 'injury'
    if (d.level === 'killed') status.killed = true
  }
  return status
}

/** The stored details and heal time of an injury, from what it is and when it was taken and treated. */
export function planInjury(what: InjuryDetails, facts: InjuryFacts): { details: string; healsAt: number | null } {
  const { kind: _kind, ...rest } = what
  const reading = readInjury(what, facts)
  const stored: StoredFacts = {
    ...(facts.treatedAt === null ? {} : { treatedAt: facts.treatedAt }),
    ...(what.kind === 'ladder.damage' ? { healBetweenAdventures: facts.healBetweenAdventures } : {}),
  }
  return { details: JSON.stringify({ ...rest, ...stored }), healsAt: reading.healsAt }
}

/** The character and campaign an injury belongs to; the kind must be one its system records. */
export async function injuryOwner(tx: Tx, characterId: number, kind: InjuryKind) {
  const owner = await tx.trx
    .selectFrom('character')
    .innerJoin('campaign', 'campaign.id', 'character.campaign_id')
    .select(['character.name', 'character.campaign_id', 'campaign.system'])
    .where('character.id', '=', characterId)
    .executeTakeFirst()
  if (!owner) {
    throw new AppError('not_found', `There is no character ${characterId}; it may have been deleted.`, [
      { field: 'characterId', problem: 'no character has this id' },
    ])
  }
  const kinds = SYSTEM_INJURY_KINDS[owner.system]
  if (!kinds.includes(kind)) {
    const offered = kinds.map((k) => INJURY_KIND_LABELS[k]).join(' or ')
    throw invalid('kind', `${SYSTEMS[owner.system].name} records ${offered}, not ${INJURY_KIND_LABELS[kind]}`)
  }
  return owner
}

/**
 * Inserts an injury in the caller's transaction, with its planned details and heal time, writes
 * its log entry and announces it after commit: the one way every service records an injury (the
 * injuries screen and the table's harm and consequences alike).
 * @example await insertInjury(tx, owner, { characterId: 4, what: { kind: 'osr.max-h', amount: 1 }, description: 'the troll', takenAt: 0 })
 */
export async function insertInjury(
  tx: Tx,
  owner: { campaign_id: number; system: string },
  input: { characterId: number; what: InjuryDetails; description: string; takenAt: number; healBetweenAdventures?: boolean; sessionId?: number | null },
): Promise<Injury> {
  const { what, takenAt } = input
  const plan = planInjury(what, { takenAt, treatedAt: null, healBetweenAdventures: input.healBetweenAdventures ?? false })
  const row = await tx.trx
    .insertInto('injury')
    .values({
      campaign_id: owner.campaign_id,
      character_id: input.characterId,
      system: owner.system,
      kind: what.kind,
      description: input.description,
      details: plan.details,
      taken_at: takenAt,
      heals_at: plan.healsAt,
      created_at: tx.realTime,
      updated_at: tx.realTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const injury = await injuryById(tx.trx, row.id)
  const session = input.sessionId === undefined ? {} : { sessionId: input.sessionId }
  await injuryChanged(tx, injury, 'created', { kind: 'injury.recorded', gameTime: takenAt, ...session, payload: { kind: what.kind } })
  return injury
}

/** LAD-20's campaign option, read when an injury is planned. */
export async function healsBetweenAdventures(tx: Tx, campaignId: number): Promise<boolean> {
  return getSetting(tx.trx, campaignId, 'ladder.healBetweenAdventures')
}

/**
 * Writes an injury change's log entry (who, what) and announces the change after commit. The
 * entry is in the session being played unless `log.sessionId` names another (or none: null).
 */
export async function injuryChanged(
  tx: Tx,
  injury: Injury,
  change: 'created' | 'updated' | 'deleted',
  log: { kind: string; payload?: Record<string, unknown>; gameTime?: number; sessionId?: number | null },
): Promise<void> {
  await recordChanged(
    tx,
    { campaignId: injury.campaignId, kind: 'injury', id: injury.id, change, characterId: injury.characterId },
    {
      kind: log.kind,
      ...(log.gameTime === undefined ? {} : { gameTime: log.gameTime }),
      ...(log.sessionId === undefined ? {} : { sessionId: log.sessionId }),
      // An injury in the GM's own words (`free`): its label is those words (readInjury), which the players' gate keeps from them.
      payload: { id: injury.id, characterId: injury.characterId, name: injury.characterName, label: injury.label, ...(injury.details.kind === 'other' ? { free: true } : {}), ...log.payload },
    },
  )
}
