/**
 * Taking back everything one action wrote, newest first, inside the caller's transaction. An
 * action is made of units: a step that keeps its own undo record (a clock step, an old-school or
 * Challenge step, a Ranks change's journal) takes back all the entries it covers; each other entry
 * is taken back by its kind (a ledger entry reversed, an injury removed or reopened, a Ladder
 * tracker or a LODE roll put back, a roll or a note marked undone: its dice stay in the log).
 */
import type { LogEntry } from '../../../shared/contract'
import { type ActionRow, type RowChange, type Tx, AppError, requireCampaign, toLogEntry } from '../core'
import * as clock from '../clock'
import { undoOsrStepRow } from '../table-osr'
import { undoChallengeStepRow } from '../table-challenge'
import { undoRanksStep } from '../table-ranks'
import { undoEntry } from './entry-undo'

/** What the clock keeps beside the engine's state (where the party is, who rests, what "go on" would advance). */
type StoredExtra = Parameters<typeof clock.saveClock>[3]

interface Unit {
  first: number
  last: number
  run: () => Promise<void>
}

async function entriesOf(tx: Tx, a: ActionRow, first = a.first_log_id, last = a.last_log_id): Promise<LogEntry[]> {
  const rows = await tx.trx.selectFrom('log_entry').selectAll().where('campaign_id', '=', a.campaign_id).where('id', '>=', first).where('id', '<=', last).orderBy('id').execute()
  return rows.map(toLogEntry)
}

async function markUndone(tx: Tx, a: ActionRow, first: number, last: number): Promise<void> {
  await tx.trx.updateTable('log_entry').set({ undone: 1 }).where('campaign_id', '=', a.campaign_id).where('id', '>=', first).where('id', '<=', last).execute()
}

function recordEvent(tx: Tx, campaignId: number, c: RowChange, kind: 'inventory' | 'injury' | 'character'): void {
  const row = c.after ?? c.before
  const characterId = kind === 'character' ? c.id : typeof row?.character_id === 'number' ? row.character_id : null
  tx.emitAfterCommit('record.changed', { campaignId, kind, id: c.id, change: c.after === null ? 'deleted' : c.before === null ? 'created' : 'updated', characterId })
}

/** The steps inside an action's range that keep their own undo record. */
async function stepUnits(tx: Tx, a: ActionRow): Promise<Unit[]> {
  const cid = a.campaign_id
  const [first, last] = [a.first_log_id, a.last_log_id]
  const clockSteps = await tx.trx.selectFrom('clock_step').selectAll().where('campaign_id', '=', cid).where('undone', '=', 0).where('first_log_id', '>=', first).where('last_log_id', '<=', last).execute()
  const osrSteps = await tx.trx.selectFrom('osr_step').selectAll().where('campaign_id', '=', cid).where('undone', '=', 0).where('first_log_id', '>=', first).where('last_log_id', '<=', last).execute()
  const challengeSteps = await tx.trx.selectFrom('challenge_step').selectAll().where('campaign_id', '=', cid).where('undone', '=', 0).where('first_log_id', '>=', first).where('last_log_id', '<=', last).execute()
  const units: Unit[] = []
  for (const step of clockSteps) {
    units.push({
      first: step.first_log_id,
      last: step.last_log_id,
      run: async () => {
        const undone = await clock.undoClockStepRow(tx, step)
        const restored = undone.clock as typeof undone.clock & Partial<StoredExtra>
        // The system's combat tracker goes back with the clock's combat (CLK-2).
        await clock.combatFollower((await requireCampaign(tx, cid)).system)?.undo(tx, cid, undone.logs)
        await clock.saveClock(tx, cid, undone.clock, { partyLocationId: restored.partyLocationId ?? null, resting: restored.resting ?? {}, goOn: restored.goOn ?? null })
        tx.emitAfterCommit('clock.moved', { campaignId: cid, time: undone.clock.time, mode: undone.clock.mode })
        for (const c of undone.changes) {
          if (c.table !== 'journey' && c.table !== 'journey_leg') recordEvent(tx, cid, c, c.table === 'inventory_item' ? 'inventory' : c.table === 'character' ? 'character' : 'injury')
        }
      },
    })
  }
  for (const step of osrSteps) {
    units.push({
      first: step.first_log_id,
      last: step.last_log_id,
      run: async () => {
        for (const c of (await undoOsrStepRow(tx, step)).changes) recordEvent(tx, cid, c, c.table)
      },
    })
  }
  for (const step of challengeSteps) {
    units.push({
      first: step.first_log_id,
      last: step.last_log_id,
      run: async () => {
        for (const id of (await undoChallengeStepRow(tx, step)).characterIds) {
          tx.emitAfterCommit('record.changed', { campaignId: cid, kind: 'character', id, change: 'updated', characterId: id })
        }
      },
    })
  }
  // A Ranks change's journal holds everything written since the journal before it.
  const journals = await tx.trx.selectFrom('ranks_step').selectAll().where('campaign_id', '=', cid).where('undone', '=', 0).where('log_entry_id', '>=', a.first_log_id).where('log_entry_id', '<=', a.last_log_id).orderBy('log_entry_id').execute()
  let from = a.first_log_id
  for (const j of journals) {
    const first = from
    units.push({
      first,
      last: j.log_entry_id,
      run: async () => {
        const [entry] = await entriesOf(tx, a, j.log_entry_id, j.log_entry_id)
        await undoRanksStep(tx, entry!)
        await markUndone(tx, a, first, j.log_entry_id)
      },
    })
    from = j.log_entry_id + 1
  }
  return units
}

/**
 * Takes back what the action wrote, newest first; returns nothing, or throws a refusal that names
 * what stands in the way (and then nothing was written).
 * @example await undoActionEffects(tx, action)
 */
export async function undoActionEffects(tx: Tx, a: ActionRow): Promise<void> {
  const units = await stepUnits(tx, a)
  const covered = (id: number) => units.some((u) => u.first <= id && id <= u.last)
  for (const entry of await entriesOf(tx, a)) {
    if (entry.undone || covered(entry.id)) continue
    units.push({
      first: entry.id,
      last: entry.id,
      run: async () => {
        // An earlier unit may have taken this entry back already (a LODE step reverses its own spends).
        const [now] = await entriesOf(tx, a, entry.id, entry.id)
        if (!now || now.undone) return
        await undoEntry(tx, now, a.summary)
        await markUndone(tx, a, entry.id, entry.id)
      },
    })
  }
  if (units.length === 0) throw new AppError('refused', `“${a.summary.replace(/\.$/, '')}” has nothing left to undo. Nothing was undone.`)
  for (const unit of units.sort((x, y) => y.last - x.last)) await unit.run()
}
