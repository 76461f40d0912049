/**
 * Each challenge step (a start, a round, a change of abilities, consequences, a close) keeps the
 * challenge as it was and every injury and character sheet it changed, before and after, so the
 * last step can be taken back exactly, and refused when something else has changed them since.
 */
import type { Kysely, Selectable } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeStepTable } from '../../db/schema-challenge'
import type { LogEntry } from '../../../shared/contract'
import { type Tx, AppError, appendLog, type NewLogEntry, markActionUndone, stepUndoGate, stepUndoable, touchCampaign, Rows } from '../core'
import type { ChallengeStatus, StoredChallenge } from './state'

type StepTable = 'injury' | 'character'
type RowChange = Rows.RowChange<StepTable>

/** The challenge as a step found it; null when the step started it. */
export interface StepBefore {
  status: ChallengeStatus
  state: StoredChallenge
}

/** Collects what one challenge step changes; `finish` writes the step. */
export class ChallengeStep {
  private readonly rows: Rows.RowSnapshots<StepTable>
  private readonly logIds: number[] = []
  readonly logs: LogEntry[] = []

  constructor(
    private readonly tx: Tx,
    readonly campaignId: number,
    private readonly before: StepBefore | null,
  ) {
    this.rows = new Rows.RowSnapshots<StepTable>(tx)
  }

  /** Call before changing (or right after creating) a row: remembers it as it was, once per step. */
  async touching(table: StepTable, id: number, created = false): Promise<void> {
    if (created) this.rows.created(table, id)
    else await this.rows.touching(table, id)
  }

  /** Writes a log entry that belongs to this step (taken back with it). */
  async log(entry: Omit<NewLogEntry, 'campaignId'>): Promise<LogEntry> {
    const logged = await appendLog(this.tx, { ...entry, campaignId: this.campaignId })
    this.logIds.push(logged.id)
    this.logs.push(logged)
    return logged
  }

  /** Saves the step. */
  async finish(challengeId: number, action: string, summary: string): Promise<void> {
    if (this.logIds.length === 0) throw new Error(`A challenge step (${action}) must write at least one log entry.`)
    // Injuries and sheets log through their own services in this same transaction: every entry
    // after the step's first belongs to it.
    const last = await this.tx.trx
      .selectFrom('log_entry')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('campaign_id', '=', this.campaignId)
      .executeTakeFirst()
    const changes = await this.rows.changes()
    await this.tx.trx
      .insertInto('challenge_step')
      .values({
        campaign_id: this.campaignId,
        challenge_id: challengeId,
        action,
        summary,
        before: this.before === null ? null : JSON.stringify(this.before),
        rows: JSON.stringify(changes),
        first_log_id: Math.min(...this.logIds),
        last_log_id: Math.max(...this.logIds, Number(last?.id ?? 0)),
        created_at: this.tx.realTime,
      })
      .execute()
    await touchCampaign(this.tx, this.campaignId)
  }
}

/** What taking a step back gave back. */
export interface UndoneChallengeStep {
  challengeId: number
  action: string
  summary: string
  /** The challenge as it was, or null when the step started it (the challenge is gone). */
  before: StepBefore | null
  /** Characters whose injuries or sheet came back, for events. */
  characterIds: number[]
}

/** The campaign's last challenge step not yet taken back. */
function lastStep(db: Kysely<Database>, campaignId: number) {
  return db.selectFrom('challenge_step').selectAll().where('campaign_id', '=', campaignId).where('undone', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirst()
}

/**
 * Takes back one challenge step: the challenge as it was (or gone, if the step started it), every
 * injury and sheet as it was, and its log entries marked undone. Refused when a row it changed has
 * been changed since by something else, naming it, so nothing is overwritten.
 * @example const undone = await undoChallengeStepRow(tx, step)
 */
export async function undoChallengeStepRow(tx: Tx, step: Selectable<ChallengeStepTable>): Promise<UndoneChallengeStep> {
  const campaignId = step.campaign_id
  const changes = JSON.parse(step.rows) as RowChange[]
  const changed = await Rows.changedSince(tx, changes)
  if (changed) {
    const what = changed.table === 'injury' ? 'an injury it recorded' : Rows.rowWords(changed)
    throw new AppError('conflict', `“${step.summary}” cannot be taken back: ${what} has been changed since. Change it back by hand if you need to; nothing was undone.`, [
      { field: 'campaignId', problem: `${what} changed since` },
    ])
  }
  for (const change of [...changes].reverse()) await Rows.restoreRow(tx, change)
  await Rows.markStepLogUndone(tx, campaignId, step)
  await tx.trx.updateTable('challenge_step').set({ undone: 1 }).where('id', '=', step.id).execute()
  const before = step.before === null ? null : (JSON.parse(step.before) as StepBefore)
  if (before === null) await tx.trx.deleteFrom('challenge').where('id', '=', step.challenge_id).execute()
  else {
    await tx.trx
      .updateTable('challenge')
      .set({ status: before.status, state: JSON.stringify(before.state), updated_at: tx.realTime })
      .where('id', '=', step.challenge_id)
      .execute()
  }
  const characterIds = [...new Set(changes.map((c) => (c.table === 'character' ? c.id : Number((c.after ?? c.before)?.character_id))))]
  return { challengeId: step.challenge_id, action: step.action, summary: step.summary, before, characterIds }
}

/**
 * Takes back the campaign's last challenge step when it is the newest action (refused, naming the
 * newer one, otherwise). The caller writes the log entry that says so.
 * @example const undone = await undoLastChallengeStep(tx, campaignId)
 */
export async function undoLastChallengeStep(tx: Tx, campaignId: number): Promise<UndoneChallengeStep> {
  const step = await lastStep(tx.trx, campaignId)
  if (!step) throw new AppError('refused', 'There is no challenge step to take back.', [{ field: 'campaignId', problem: 'nothing to take back' }])
  const action = await stepUndoGate(tx.trx, campaignId, step)
  const undone = await undoChallengeStepRow(tx, step)
  if (action) await markActionUndone(tx, action)
  return undone
}

/**
 * The summary of the step "take back" would undo now, if it is this challenge's.
 * @example await lastStepSummary(db, campaignId, challengeId) // 'Round 2 of “Cecilie vs the dragon”'
 */
export async function lastStepSummary(db: Kysely<Database>, campaignId: number, challengeId: number): Promise<string | null> {
  const step = await lastStep(db, campaignId)
  return step && step.challenge_id === challengeId && (await stepUndoable(db, campaignId, step)) ? step.summary : null
}
