/**
 * LODE rolls as they are kept: the engine's attempts per side (results, re-rolls, points spent),
 * the opposed or deliberate state, and the states each step replaced, so the last step can be
 * taken back. Rows are written inside the caller's unit of work.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LodeRollTable } from '../../db/schema-lode'
import { DEFAULT_WEB, type PoolAttempt } from '../../engines/lode'
import type { LodeRoll, LodeRollSide } from '../../../shared/contract'
import { type Tx, AppError } from '../core'
import { keptSums } from '../ledger'

export type RollKind = LodeRollTable['kind']

export interface StoredSide {
  characterId: number | null
  name: string
  what: string
  /** The engine's attempt: input, the roll that stands, the rolls it wiped, the points it cost. */
  attempt: PoolAttempt
  /** LODE-11: who gained the Destiny point, and the Halfmagic level given up. */
  givenUp: { toId: number | null; toName: string; level: number } | null
}

export interface StoredRoll {
  sides: StoredSide[]
  opposed: { winner: 'a' | 'b' | 'tie'; margin: number } | null
  deliberate: { status: 'rolling' | 'succeeded' | 'failed'; prepaidRerolls: number } | null
}

export interface LoadedRoll {
  id: number
  campaignId: number
  kind: RollKind
  gmOnly: boolean
  state: StoredRoll
  history: EarlierStep[]
  logEntryId: number | null
}

/** A state a later step replaced, with the log entry of the step that made it. */
export interface EarlierStep {
  state: StoredRoll
  logEntryId: number | null
}

/**
 * A roll by id, refused plainly when it is not there.
 * @example const roll = await loadRoll(tx.trx, 12); roll.state.sides[0].attempt.result.successes
 */
export async function loadRoll(db: Kysely<Database>, id: number): Promise<LoadedRoll> {
  const row = await db.selectFrom('lode_roll').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) {
    throw new AppError('not_found', `There is no LODE roll ${id}; it may have been undone. Roll again.`, [{ field: 'rollId', problem: 'no roll has this id' }])
  }
  return {
    id: row.id,
    campaignId: row.campaign_id,
    kind: row.kind,
    gmOnly: row.gm_only === 1,
    state: JSON.parse(row.state) as StoredRoll,
    history: JSON.parse(row.history) as EarlierStep[],
    logEntryId: row.log_entry_id,
  }
}

/**
 * Keeps a new roll; its log entry is linked once written (`linkLog`).
 * @example const id = await insertRoll(tx, { campaignId: 1, kind: 'pool', state, gmOnly: false })
 */
export async function insertRoll(tx: Tx, roll: { campaignId: number; kind: RollKind; state: StoredRoll; gmOnly: boolean }): Promise<number> {
  const row = await tx.trx
    .insertInto('lode_roll')
    .values({
      campaign_id: roll.campaignId,
      kind: roll.kind,
      state: JSON.stringify(roll.state),
      gm_only: roll.gmOnly ? 1 : 0,
      log_entry_id: null,
      created_at: tx.realTime,
      updated_at: tx.realTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/**
 * A roll's next state; the one it replaces goes onto its history, for undo.
 * @example await replaceRoll(tx, roll, nextState)
 */
export async function replaceRoll(tx: Tx, roll: LoadedRoll, state: StoredRoll): Promise<void> {
  await tx.trx
    .updateTable('lode_roll')
    .set({ state: JSON.stringify(state), history: JSON.stringify([...roll.history, { state: roll.state, logEntryId: roll.logEntryId }]), updated_at: tx.realTime })
    .where('id', '=', roll.id)
    .execute()
}

/**
 * Points the roll at the log entry of its latest step.
 * @example await linkLog(tx, rollId, logged.id)
 */
export async function linkLog(tx: Tx, rollId: number, logEntryId: number): Promise<void> {
  await tx.trx.updateTable('lode_roll').set({ log_entry_id: logEntryId }).where('id', '=', rollId).execute()
}

/**
 * A character's Destiny and Energy now: the sums of their ledger entries (LODE-9), read from the
 * sums kept beside them.
 * @example await pointsOf(db, 1, 4) // { destiny: 2, energy: 3 }
 */
export async function pointsOf(db: Kysely<Database>, campaignId: number, characterId: number): Promise<{ destiny: number; energy: number }> {
  const rows = await keptSums(db, campaignId, [characterId], ['destiny', 'energy'])
  const of = (c: string) => Number(rows.find((r) => r.currency === c)?.balance ?? 0)
  return { destiny: of('destiny'), energy: of('energy') }
}

async function sideView(db: Kysely<Database>, campaignId: number, side: StoredSide): Promise<LodeRollSide> {
  const { input, result, earlier } = side.attempt
  return {
    characterId: side.characterId,
    name: side.name,
    what: side.what,
    input: {
      baseDice: input.baseDice,
      advantages: input.advantages ?? 0,
      disadvantages: input.disadvantages ?? 0,
      blessing: input.blessing ?? 0,
      curse: input.curse ?? 0,
      energy: input.energy ?? 0,
      web: input.web ?? DEFAULT_WEB,
    },
    result,
    earlier,
    givenUp: side.givenUp,
    points: side.characterId === null ? null : await pointsOf(db, campaignId, side.characterId),
  }
}

/**
 * A roll as the table shows it, with each character's Destiny and Energy as they stand now.
 * @example await rollView(db, await loadRoll(db, 12))
 */
export async function rollView(db: Kysely<Database>, roll: LoadedRoll): Promise<LodeRoll> {
  const sides: LodeRollSide[] = []
  for (const side of roll.state.sides) sides.push(await sideView(db, roll.campaignId, side))
  return {
    id: roll.id,
    campaignId: roll.campaignId,
    kind: roll.kind,
    gmOnly: roll.gmOnly,
    sides,
    opposed: roll.state.opposed,
    deliberate: roll.state.deliberate,
    logEntryId: roll.logEntryId,
  }
}
