/**
 * The Ladder's combat follows the clock's (CLK-2, LAD-12): a combat set up at the table starts the
 * clock's in the same step; each round the clock plays is the fight's round — the GM's planned
 * attacks run in it, or no one attacked; the clock's end ends the fight. An encounter's foes are
 * rolled and named in the clock's step, for the fight's set-up to offer.
 */
import type { StartConflict } from '../../../shared/api/table-ladder.contract'
import { metNames, readMet, rollAppearing, type Met } from '../../../shared/api/table-combat.schemas'
import { addTimer, type ClockState, type TimerInput } from '../../engines/clock'
import { campaignDice, stepEntries, unitOfWork, type ServiceDeps, type Tx } from '../core'
import * as clock from '../clock'
import type { CombatChange, CombatFollower, StepContext } from '../clock'
import { runCombatRound, type RoundInput } from './combat'
import { openConflict, saveConflict, undoPoint, type CombatState } from './conflict-store'
import { closeConflict, insertConflict, openCombatId } from './conflicts'
import { refuse, requireLadderCampaign } from './refusal'
import { undoLadderEntry } from './undo'
import { roundLine, type RoundSaid } from './lines'

/** What the table passes to the clock with a combat: the fight set up, an encounter's row, or a round's plan. */
export interface LadderSetup {
  start?: StartConflict
  met?: Met
  round?: RoundInput
}

/** The clock with timers set (CLK-6); an id already taken gets a suffix. */
function withTimers(state: ClockState, timers: TimerInput[]): ClockState {
  let next = state
  for (const t of timers) {
    let id = t.id
    for (let n = 2; next.timers.some((x) => x.id === id); n++) id = `${t.id}#${n}`
    const r = addTimer(next, { ...t, id })
    if (!r.ok) throw refuse('timers', r.reason)
    next = { ...next, ...r.state }
  }
  return next
}

async function met(ctx: StepContext, row: Met): Promise<void> {
  const dice = await campaignDice(ctx.tx, ctx.campaignId)
  const { appearing, name } = readMet(row.text)
  const foes = row.npcId !== null ? [row.npcName ?? 'NPC'] : metNames(name, rollAppearing(dice, appearing).count)
  const text = `Met at the encounter: ${foes.join(', ')}${row.npcId === null && readMet(row.text).appearing.kind === 'dice' ? ` (${row.text})` : ''}.`
  await ctx.recorder.log({ kind: 'ladder.combat.met', payload: { foes, npcId: row.npcId, row: row.text, text }, dice: dice.faces })
}

async function follow(ctx: StepContext, change: CombatChange): Promise<ClockState | void> {
  const setup = (change.setup ?? {}) as LadderSetup
  const log = (entry: Parameters<typeof ctx.recorder.log>[0]) => ctx.recorder.log(entry)
  if (change.kind === 'started') {
    if (setup.start) await insertConflict(ctx.tx, setup.start, log, 0)
    if (setup.met) await met(ctx, setup.met)
    return
  }
  const id = await openCombatId(ctx.tx.trx, ctx.campaignId)
  if (id === null) return
  const conflict = await openConflict(ctx.tx, id)
  if (change.kind === 'ended') return void (await closeConflict(ctx.tx, conflict, log))
  if (setup.round && setup.round.id === id) return withTimers(change.clock, await runCombatRound(ctx.tx, conflict, setup.round, change.round, log, () => clock.roundDice(ctx)))
  // A round on the clock bar with nothing planned: the round passes and no one attacked (LAD-12).
  const state: CombatState = { ...(conflict.state as CombatState), round: change.round }
  const said: RoundSaid = { title: conflict.name, round: change.round, melee: [], gunfire: [], hurt: [] }
  const text = roundLine(said)
  await saveConflict(ctx.tx, conflict, { state, last: { title: `Round ${change.round}`, text, lines: [], consequences: [] } })
  await log({ kind: 'ladder.combat.round', payload: { conflictId: id, name: conflict.name, round: change.round, lines: [], consequences: [], said, text, undo: undoPoint(conflict) } })
}

/** Takes back the trackers' entries of a clock step being undone, newest first. */
async function undo(tx: Tx, campaignId: number, logs: { first: number; last: number }): Promise<void> {
  const entries = await stepEntries(tx, campaignId, logs, ['ladder.conflict.started', 'ladder.combat.round', 'ladder.conflict.ended'])
  for (const entry of entries) await undoLadderEntry(tx, entry)
}

export const ladderCombatFollower: CombatFollower = { follow, undo }

/**
 * Starts the clock's combat from an encounter: the row's foes (its NPC, or its text with the number
 * appearing rolled) are named for the fight's set-up.
 * @example await beginLadderCombat(deps, { campaignId: 1, met: { text: '2d4 thugs', npcId: null, npcName: null } })
 */
export async function beginLadderCombat(deps: ServiceDeps, input: { campaignId: number; met?: Met | undefined }): Promise<{ foes: string[] }> {
  await requireLadderCampaign(deps.db, input.campaignId)
  await clock.startCombat(deps, input.campaignId, input.met ? { met: input.met } : {})
  return metInCombat(deps, input.campaignId)
}

/**
 * The foes an encounter brought to the clock's combat under way, for the fight's set-up; none when
 * the combat began otherwise or is over.
 * @example await metInCombat(deps, 1) // { foes: ['Thugs 1', 'Thugs 2'] }
 */
export async function metInCombat(deps: ServiceDeps, campaignId: number): Promise<{ foes: string[] }> {
  return unitOfWork(deps, async (tx) => {
    const stored = await clock.loadStoredClock(tx, campaignId)
    if (!stored.combat) return { foes: [] }
    const row = await tx.trx.selectFrom('log_entry').select(['payload', 'game_time']).where('campaign_id', '=', campaignId).where('kind', '=', 'ladder.combat.met').where('undone', '=', 0).orderBy('id', 'desc').limit(1).executeTakeFirst()
    if (!row || row.game_time < stored.combat.startedAt) return { foes: [] }
    return { foes: (JSON.parse(row.payload) as { foes: string[] }).foes }
  })
}
