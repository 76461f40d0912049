/**
 * Running one clock step: the clock with provisions and injuries read from their tables, the
 * action's new clock written with the inventory and injuries its events change, its log entries,
 * and the record that lets it be undone exactly.
 */
import type { ClockEvent, ClockState, Refusable } from '../../engines/clock'
import type { ClockReport } from '../../../shared/contract'
import { requireCampaign, campaignDice, type CampaignDice, unitOfWork, type ServiceDeps, type Tx, AppError, type NewLogEntry } from '../core'
import { loadProvisions, loadStoredClock, loadTimedInjuries, readRestRows, restRecordsOf, saveClock } from './store'
import { StepRecorder, type RowChange } from './steps'
import { characterNames, clockCharacterIds } from './view'
import { loadClockView } from './screen'
import { applyInventoryEffects } from './inventory'
import { describeEvent, eventCharacterIds } from './lines'
import type { StepContext, StepResult } from './step-context'

export type { StepContext, StepResult }
export { restView, roundSeconds, suppliesFor } from './screen'

const PROVISION_KINDS: readonly unknown[] = ['ration', 'water']
/** Whether a row the step wrote is one the clock's provisions or rest records are read from. */
const touchesProvisionsOrRest = (c: RowChange): boolean =>
  c.table === 'character' || (c.table === 'inventory_item' && (PROVISION_KINDS.includes(c.before?.kind) || PROVISION_KINDS.includes(c.after?.kind)))

/** OSR-20: who is still resting after a step, and since when their day of rest in progress began. */
export function restingAfter(state: ClockState): Record<string, number> {
  const resting: Record<string, number> = {}
  for (const i of state.injuries) {
    if (i.recovery.kind === 'rest' && i.recovery.restDayStartedAt !== null) resting[i.characterId] = i.recovery.restDayStartedAt
  }
  return resting
}

/** OSR-20: H healed by a day of rest goes into the character's sheet. */
async function writeHealing(tx: Tx, recorder: StepRecorder, events: ClockEvent[]): Promise<void> {
  const healed = new Map<number, number>()
  for (const e of events) if (e.kind === 'natural healing') healed.set(Number(e.characterId), e.h)
  for (const [characterId, h] of healed) {
    const row = await tx.trx.selectFrom('character').select('sheet').where('id', '=', characterId).executeTakeFirst()
    if (!row) continue
    await recorder.touching('character', characterId)
    const sheet = JSON.parse(row.sheet) as Record<string, unknown>
    await tx.trx.updateTable('character').set({ sheet: JSON.stringify({ ...sheet, h }), updated_at: tx.realTime }).where('id', '=', characterId).execute()
  }
}

export function orRefuse<T extends object>(r: Refusable<T>): T {
  if (!r.ok) throw new AppError('refused', r.reason)
  return r
}

/**
 * Runs one clock step in one transaction and returns what the screen shows. `fn` returns the new
 * clock; this writes it, the inventory and injuries its events change, the log, and the step.
 */
export async function clockStep(
  deps: ServiceDeps,
  campaignId: number,
  action: string,
  fn: (ctx: StepContext) => Promise<StepResult>,
): Promise<ClockReport> {
  let changes: RowChange[] = []
  const report = await unitOfWork(deps, async (tx) => {
    const { system } = await requireCampaign(tx, campaignId)
    const stored = await loadStoredClock(tx, campaignId, true)
    // Read once: the view answered below reuses them unless the step changes them.
    const provisions = await loadProvisions(tx, campaignId)
    const restRows = await readRestRows(tx, campaignId)
    const state: ClockState = {
      ...stored,
      provisions: structuredClone(provisions),
      injuries: [...(await loadTimedInjuries(tx, campaignId)), ...restRecordsOf(restRows, stored.resting)],
    }
    const names = await characterNames(tx.trx, campaignId, clockCharacterIds({ ...state, resting: stored.resting }))
    const recorder = new StepRecorder(tx, campaignId, stored)
    // Held in an object: TypeScript does not follow assignments made inside the closure below.
    const rolled: { dice: CampaignDice | null } = { dice: null }
    const result = await fn({
      tx,
      campaignId,
      system,
      state,
      partyLocationId: stored.partyLocationId,
      goOn: stored.goOn,
      journey: stored.journey ?? null,
      recorder,
      names,
      dice: async () => (rolled.dice ??= await campaignDice(tx, campaignId)),
    })
    const events = result.events ?? []
    await applyInventoryEffects(tx, recorder, result.state, events)
    await writeHealing(tx, recorder, events)
    const partyLocationId = result.partyLocationId === undefined ? stored.partyLocationId : result.partyLocationId
    const resting = result.resting ?? restingAfter(result.state)
    const goOn = result.goOn === undefined ? stored.goOn : result.goOn
    const journey = result.journey === undefined ? (stored.journey ?? null) : result.journey
    await saveClock(tx, campaignId, result.state, { partyLocationId, resting, goOn, journey })

    // A light handed over or lit in this step may name someone the clock did not before.
    await names.need([...clockCharacterIds(result.state), ...eventCharacterIds(events)])
    const lines = events.map((e) => ({ at: e.at, kind: e.kind, text: describeEvent(e, names) }))
    const checks = events.filter((e): e is Extract<ClockEvent, { kind: 'encounter check' }> => e.kind === 'encounter check')
    // One entry for the step, with every face it rolled (DICE-3), and one for each thing that
    // happened on the way (checks that found nothing are in the step's entry), written as one batch.
    const entries: Omit<NewLogEntry, 'campaignId'>[] = [
      {
        kind: `clock.${action}`,
        gameTime: result.state.time,
        payload: {
          summary: result.summary,
          from: stored.time,
          to: result.state.time,
          mode: result.state.mode,
          checks: checks.map((c) => ({ at: c.at, face: c.face, threshold: c.threshold, encounter: c.encounter })),
          stopped: result.stopped ?? null,
          ...(result.carriers ? { carriers: result.carriers } : {}),
          ...result.payload,
        },
        dice: rolled.dice?.faces ?? null,
        gmOnly: result.gmOnly ?? false,
      },
    ]
    const own = [...(result.entries ?? [])]
    for (let i = 0; i < events.length; i++) {
      const e = events[i]!
      // A step's own entries (a journey's camp, a leg done) come before the clock's events of a later time.
      while (own.length > 0 && own[0]!.gameTime < e.at) entries.push({ ...own.shift()!, gmOnly: false })
      if (e.kind === 'encounter check' && !e.encounter) continue
      entries.push({
        kind: `clock.event.${e.kind.replaceAll(' ', '-')}`,
        gameTime: e.at,
        payload: { ...e, text: lines[i]!.text, ...carrierOf(e, names) },
        gmOnly: e.kind === 'timer' && e.hiddenFromPlayers,
      })
    }
    for (const entry of own) entries.push({ ...entry, gmOnly: false })
    await recorder.logAll(entries)
    changes = await recorder.finish(action, result.summary)
    const found = checks.find((c) => c.encounter)
    // Provisions are rations and water, rest records are sheets: read again only if the step wrote
    // one of those (a turn that only burns lights writes light items, and reads neither again).
    const read = changes.some(touchesProvisionsOrRest) ? { names } : { names, provisions, restRows }
    return {
      clock: await loadClockView(tx, campaignId, system, { ...result.state, partyLocationId, resting, goOn, journey }, { action, summary: result.summary }, read),
      summary: result.summary,
      encounter: found?.distance ? { at: found.at, face: found.face, distanceFeet: found.distance.feet, place: found.distance.place } : null,
      lines,
      stopped: result.stopped ? { kind: result.stopped.kind, at: result.stopped.at } : null,
      // What this step left; an earlier step's rest kept through it is the clock's, not this step's.
      left: result.goOn && result.goOn !== stored.goOn ? { seconds: result.goOn.seconds, of: result.goOn.of } : null,
    }
  })
  announce(deps, campaignId, report.clock.time, report.clock.mode, changes)
  return report
}

export function announce(deps: ServiceDeps, campaignId: number, time: number, mode: ClockReport['clock']['mode'], changes: RowChange[]): void {
  deps.events.emit('clock.moved', { campaignId, time, mode })
  for (const c of changes) {
    if (c.table === 'journey' || c.table === 'journey_leg') continue
    const row = c.after ?? c.before
    const characterId = typeof row?.character_id === 'number' ? row.character_id : null
    deps.events.emit('record.changed', {
      campaignId,
      kind: c.table === 'inventory_item' ? 'inventory' : 'injury',
      id: c.id,
      change: c.after === null ? 'deleted' : c.before === null ? 'created' : 'updated',
      characterId,
    })
  }
}

/** A light's warning or going out names its carrier (the players' gate reads it); none for one set down somewhere. */
function carrierOf(e: ClockEvent, names: { get(id: string): string | undefined }): { carrier?: string } {
  if ((e.kind !== 'light warning' && e.kind !== 'light out') || !('character' in e.holder)) return {}
  const name = names.get(e.holder.character)
  return name === undefined ? {} : { carrier: name }
}
