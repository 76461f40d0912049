/**
 * Ending a challenge at the table: its consequences written (CH-10), the challenge put away (or
 * broken off), and the last step taken back. Each is one transaction with its log entry.
 */
import type { ChallengeView } from '../../../shared/api/table-challenge.contract'
import type { LogEntry } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, type Tx, AppError, appendLog, markBookkeeping } from '../core'
import { consequencesOf, writeConsequences, type Split } from './consequences'
import { viewOf, withGmOnly } from './play'
import { clockCombat, partOfCombat } from './in-combat'
import * as clock from '../clock'
import { requireChallengeCampaign } from './setup'
import { loadChallenge, poolsOf, saveChallenge } from './state'
import { ChallengeStep, undoLastChallengeStep, type UndoneChallengeStep } from './steps'
import { outcomeWords } from './view'

/**
 * Writes the consequences of a decided challenge (CH-10) to the injury records and sheets.
 * @example await writeTableConsequences(deps, { id: 3, splits: [{ side: 0, shares: [{ from: 'rating', points: 2 }] }] })
 */
export async function writeTableConsequences(deps: ServiceDeps, input: { id: number; gmOnly?: boolean | undefined; splits: Split[] }): Promise<ChallengeView> {
  await unitOfWork(deps, async (tx) => {
    const c = await loadChallenge(tx.trx, input.id)
    if (c.status !== 'decided') {
      const why = c.status === 'running' ? 'it is not decided yet' : 'it has been put away'
      throw new AppError('refused', `“${c.row.title}” has no consequences to write: ${why}. Nothing was written.`, [{ field: 'id', problem: why }])
    }
    if (c.stored.consequencesWritten) throw new AppError('refused', `The consequences of “${c.row.title}” are already written. Nothing was written.`, [{ field: 'id', problem: 'already written' }])
    const stored = withGmOnly(c.stored, input.gmOnly)
    const step = new ChallengeStep(tx, c.row.campaign_id, { status: c.status, state: c.stored })
    const preview = await consequencesOf(tx.trx, c)
    await step.log({
      kind: 'challenge.consequences',
      gmOnly: stored.gmOnly,
      payload: {
        challengeId: c.row.id,
        title: c.row.title,
        consequences: preview.map((x) => ({
          name: x.name,
          characterId: x.characterId,
          ability: x.ability,
          threshold: x.threshold,
          scope: x.scope,
          fraction: x.fraction,
          points: x.points,
          restores: x.restores,
          split: input.splits.find((s) => s.side === x.side)?.shares ?? null,
        })),
      },
    })
    await writeConsequences(tx, step, c, input.splits)
    await saveChallenge(tx, c.row.id, 'decided', { ...stored, consequencesWritten: true })
    await step.finish(c.row.id, 'consequences', `Consequences of “${c.row.title}”`)
  })
  return viewOf(deps, input.id)
}

/**
 * Puts the challenge away: broken off if still running (its pools are where they stand; CH-5's
 * carried bonus is offered on the table before), and with it the clock's combat it is part of
 * (CLK-2). A decided challenge whose consequences are not written is refused unless the GM says to
 * skip them.
 * @example await closeTableChallenge(deps, { id: 3, skipConsequences: false })
 */
export async function closeTableChallenge(deps: ServiceDeps, input: { id: number; gmOnly?: boolean | undefined; skipConsequences: boolean }): Promise<{ id: number }> {
  const c = await loadChallenge(deps.db, input.id)
  // CLK-2: breaking off a challenge that is part of the clock's combat ends the combat, which breaks it off in the same step.
  if (c.status === 'running' && partOfCombat(c.stored, await clockCombat(deps, c.row.campaign_id))) {
    await clock.endCombat(deps, c.row.campaign_id, { challengeId: c.row.id, gmOnly: input.gmOnly })
    return { id: c.row.id }
  }
  return unitOfWork(deps, async (tx) => {
    const c = await loadChallenge(tx.trx, input.id)
    if (c.status === 'closed') throw new AppError('refused', `“${c.row.title}” is already put away.`, [{ field: 'id', problem: 'already closed' }])
    if (c.status === 'decided' && !c.stored.consequencesWritten && !input.skipConsequences) {
      const owed = (await consequencesOf(tx.trx, c)).filter((x) => x.characterId !== null && (x.scope !== null || x.restores.length > 0))
      if (owed.length > 0) {
        throw new AppError('conflict', `The consequences of “${c.row.title}” are not written yet (${owed.map((x) => x.name).join(', ')}): write them, or put it away without them.`, [
          { field: 'skipConsequences', problem: 'consequences not written' },
        ])
      }
    }
    const stored = withGmOnly(c.stored, input.gmOnly)
    const step = new ChallengeStep(tx, c.row.campaign_id, { status: c.status, state: c.stored })
    await step.log({
      kind: 'challenge.closed',
      gmOnly: stored.gmOnly,
      payload: { challengeId: c.row.id, title: c.row.title, brokenOff: c.status === 'running', pools: poolsOf(stored), names: stored.sides.map((s) => s.name), outcome: outcomeWords(stored.engine.winner, stored.sides) },
    })
    await saveChallenge(tx, c.row.id, 'closed', stored)
    await step.finish(c.row.id, 'close', c.status === 'running' ? `Breaking off “${c.row.title}”` : `Putting away “${c.row.title}”`)
    return { id: c.row.id }
  })
}

/**
 * Takes back the campaign's last challenge step inside the caller's unit of work, and logs that it
 * did: for the table's general undo, when the last action's log entry belongs to a challenge step
 * (see `lastStepWrote` in row-snapshots.ts).
 * @example const { summary, entry } = await undoChallengeStepIn(tx, 1)
 */
export async function undoChallengeStepIn(tx: Tx, campaignId: number): Promise<UndoneChallengeStep & { entry: LogEntry }> {
  // What an undo writes is its own bookkeeping, no part of the story.
  markBookkeeping(tx)
  const step = await undoLastChallengeStep(tx, campaignId)
  const entry = await appendLog(tx, {
    campaignId,
    kind: 'challenge.undone',
    gmOnly: step.before?.state.gmOnly ?? false,
    payload: { challengeId: step.challengeId, summary: step.summary, action: step.action },
  })
  for (const characterId of step.characterIds) {
    tx.emitAfterCommit('record.changed', { campaignId, kind: 'character', id: characterId, change: 'updated', characterId })
  }
  return { ...step, entry }
}

/**
 * Takes back the campaign's last challenge step, exactly, and logs that it did.
 * @example await undoTableChallenge(deps, { campaignId: 1 }) // { undone: 'Round 2 of “Akane vs the meal”', challenge: { … } }
 */
export async function undoTableChallenge(deps: ServiceDeps, input: { campaignId: number }): Promise<{ undone: string; challenge: ChallengeView | null }> {
  const undone = await unitOfWork(deps, async (tx) => {
    await requireChallengeCampaign(tx.trx, input.campaignId)
    return undoChallengeStepIn(tx, input.campaignId)
  })
  const challenge = undone.before === null ? null : await viewOf(deps, undone.challengeId)
  return { undone: undone.summary, challenge }
}
