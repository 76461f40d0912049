/**
 * A Ladder roll as the table shows it: its result (pushed up a rung or not), and the Plot Point
 * spend that applies to it now (LAD-22.1), asked of the engine against the balance as it stands.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { RollOutcome } from '../../../shared/api/table-ladder.contract'
import { spendPlotPoints, type LedgerEntry as PlotPointEntry, type Rung, type TaskResult, type Wonky } from '../../engines/ladder'
import { AppError, jsonNumber } from '../core'
import { standingLedger } from '../ledger'
import { plotPoints } from './who'
import { taskOf } from './odds'
import { spellOutcome, type SpellPayload } from './spells'

/** What a roll's log entry keeps, so a later spend can read it back. */
export interface RollPayload {
  characterId: number | null
  name: string
  what: string
  asset: Rung
  difficulty: Rung | null
  wonky: Wonky | null
  extended: boolean
  result: Rung
  faces: number[]
  success: boolean | null
  bought?: boolean
  /** A spell cast (LAD-25 … LAD-27). */
  spell?: SpellPayload
  text: string
}

/** Why a Plot Point cannot push this roll up a rung now (LAD-22.1), asked of the engine; null when it can. */
export function stepUpRefusal(roll: RollPayload, rollId: number, balance: number | null, pushed: boolean): string | null {
  if (roll.characterId === null || balance === null) return `${roll.name} has no sheet in this campaign, so no Plot Points to spend.`
  const stamp = { character: roll.name, session: 0, gameTime: 0 }
  const ledger: PlotPointEntry[] = standingLedger(stamp, balance)
  if (pushed) ledger.push({ ...stamp, amount: 0, reason: 'pushed before', pool: 'plot points', use: 'step up', refersTo: String(rollId) })
  const task = taskOf(roll)
  const taskResult: TaskResult = { result: roll.result, faces: roll.faces, ...(roll.success === null ? {} : { success: roll.success }) }
  const spent = spendPlotPoints(ledger, stamp, { use: 'step up', rollId: String(rollId), task, roll: taskResult })
  return spent.ok ? null : spent.reason
}

/** A roll as the table shows it, with the Plot Points and spends that apply now. */
export async function outcomeOf(
  db: Kysely<Database>,
  campaignId: number,
  logEntryId: number,
  roll: RollPayload,
  extra: { gmOnly: boolean; steppedUpFrom: Rung | null },
): Promise<RollOutcome> {
  const pp = roll.characterId === null ? null : ((await plotPoints(db, campaignId, [roll.characterId])).get(roll.characterId) ?? 0)
  return {
    logEntryId,
    characterId: roll.characterId,
    name: roll.name,
    what: roll.what,
    asset: roll.asset,
    difficulty: roll.difficulty,
    wonky: roll.wonky,
    extended: roll.extended,
    result: roll.result,
    faces: roll.faces,
    success: roll.success,
    bought: roll.bought ?? false,
    steppedUpFrom: extra.steppedUpFrom,
    gmOnly: extra.gmOnly,
    pp,
    stepUpRefusal: roll.bought ? 'A bought result was not rolled, so there is no roll to push up a rung.' : stepUpRefusal(roll, logEntryId, pp, extra.steppedUpFrom !== null),
    spell: await spellOutcome(db, roll),
    text: roll.text,
  }
}

/** The step-up entry of a roll that is not undone, if it was pushed (LAD-22.1: once per roll). */
export async function pushOf(db: Kysely<Database>, campaignId: number, rollId: number) {
  return db
    .selectFrom('log_entry')
    .select(['id', 'payload'])
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'ladder.roll.stepped-up')
    .where('undone', '=', 0)
    .where(jsonNumber(db, 'payload', 'rollId'), '=', rollId)
    .executeTakeFirst()
}

/**
 * A roll of the table as it stands now: pushed up a rung or not, with the Plot Points its roller
 * holds now and whether a Plot Point may push it (LAD-22.1). The table asks again whenever the
 * roller's ledger changes, so the spend offered follows the balance.
 * @example await currentOutcome(db, { logEntryId: 42 }) // { result: 'expert', pp: 1, stepUpRefusal: null, … }
 */
export async function currentOutcome(db: Kysely<Database>, input: { logEntryId: number }): Promise<RollOutcome> {
  const row = await db.selectFrom('log_entry').selectAll().where('id', '=', input.logEntryId).executeTakeFirst()
  if (!row || (row.kind !== 'ladder.roll' && row.kind !== 'ladder.roll.bought')) {
    throw new AppError('not_found', `There is no Ladder roll with log entry ${input.logEntryId}.`, [{ field: 'logEntryId', problem: 'no roll has this id' }])
  }
  const roll = JSON.parse(row.payload) as RollPayload
  const push = await pushOf(db, row.campaign_id, row.id)
  const pushed = push ? (JSON.parse(push.payload) as { to: Rung; success: boolean | null; text: string }) : null
  const now = pushed ? { ...roll, result: pushed.to, success: pushed.success, text: pushed.text } : roll
  return outcomeOf(db, row.campaign_id, row.id, now, { gmOnly: row.gm_only === 1, steppedUpFrom: pushed ? roll.result : null })
}
