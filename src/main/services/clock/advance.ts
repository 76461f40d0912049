/**
 * Moving game time: an advance by a span or until something happens, going on with what is left
 * of one that stopped (CLK-3), and setting the clock to a later time (CLK-1).
 */
import * as engine from '../../engines/clock'
import type { StopKind } from '../../engines/clock'
import type { ClockReport, Span } from '../../../shared/contract'
import type { ServiceDeps } from '../core'
import { AppError } from '../core'
import { clockStep, orRefuse } from './run-step'
import { travelStep } from './journey-step'
import type { StepContext, StepResult } from './step-context'
import type { PendingAdvance } from './store'
import { spanWords, when } from './view'

function spanText(span: Span): string {
  const [unit, n] = Object.entries(span)[0] as [string, number]
  return `${n} ${n === 1 ? unit.replace(/s$/, '') : unit}`
}

/** Why an advance stopped, as a GM says it. */
const STOPPED_BY: Record<StopKind, string> = {
  encounter: 'an encounter',
  'light warning': 'a light with a turn left',
  'light out': 'a light going out',
  timer: 'a timer',
  'new day': 'a new day',
  'running low or out': 'food or water running low',
  injury: 'an injury mending',
}

/**
 * One advance and what is left of it (CLK-3): a span that stopped leaves the rest of the span; an
 * "until" that stopped at what it was asked to stop at leaves nothing, and one stopped by an
 * encounter it did not name leaves the rest of its look-ahead.
 */
async function advanceStep(ctx: StepContext, request: engine.AdvanceRequest, of: string, lead: string): Promise<StepResult> {
  const until = 'until' in request ? [...request.until] : null
  const moved = orRefuse(engine.advanceClock(ctx.state, request, await ctx.dice()))
  const stop = moved.stopped
  const goOn: PendingAdvance | null =
    stop === null || stop.left === 0 || (until !== null && until.includes(stop.kind)) ? null : { seconds: stop.left, of, until, at: stop.at, kind: stop.kind }
  const done = moved.state.time - ctx.state.time
  let summary: string
  if (stop === null) summary = until ? `${lead} ${when(ctx.state.time)} → ${when(moved.state.time)}: nothing happened` : `${lead} ${of} to ${when(moved.state.time)}`
  else if (goOn === null) summary = until ? `${lead} until ${stop.kind} at ${when(stop.at)}` : `${lead} ${of}: ${STOPPED_BY[stop.kind]} at ${when(stop.at)}`
  else summary = `${lead} ${spanWords(done)} of ${of}: ${STOPPED_BY[stop.kind]} at ${when(stop.at)}, ${spanWords(stop.left)} left`
  return { state: moved.state, events: moved.events, summary, stopped: stop, goOn }
}

/**
 * Moves game time on by a span, or until one of `until` happens (CLK-3 … CLK-8). In exploration it
 * stops at the turn of the first encounter whatever was asked; `clock.goOn` goes on from there.
 * @example await advance(deps, { campaignId: 1, span: { hours: 8 } }) // may stop at an encounter, with the rest left
 * @example await advance(deps, { campaignId: 1, until: ['encounter', 'light out', 'timer', 'new day'] })
 */
export async function advance(
  deps: ServiceDeps,
  input: { campaignId: number; span?: Span | undefined; until?: StopKind[] | undefined; within?: Span | undefined },
): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'advanced', async (ctx) => {
    const step = input.until
      ? await advanceStep(ctx, { until: input.until, ...(input.within ? { within: input.within } : {}) }, `until ${input.until.join(', ')}`, 'Advanced')
      : await advanceStep(ctx, input.span as engine.Span, spanText(input.span!), 'Advanced')
    return keepingWhatWasLeft(ctx.goOn, step)
  })
}

/**
 * CLK-3: what an earlier advance left to go on with stays until the GM goes on or drops it; only
 * a later stop that leaves a rest of its own takes its place, and says so.
 */
function keepingWhatWasLeft(pending: PendingAdvance | null, step: StepResult): StepResult {
  if (pending === null) return step
  if (step.goOn === null || step.goOn === undefined) return { ...step, goOn: pending }
  return { ...step, summary: `${step.summary} (in place of the ${spanWords(pending.seconds)} left of ${pending.of})` }
}

/**
 * Drops what the last advance left to go on with (CLK-3): no time passes.
 * @example await dropGoOn(deps, 1) // "Dropped the 6 h 55 min left of 8 hours"
 */
export async function dropGoOn(deps: ServiceDeps, campaignId: number): Promise<ClockReport> {
  return clockStep(deps, campaignId, 'advanced', async (ctx) => {
    const pending = ctx.goOn
    if (pending === null) throw new AppError('refused', 'There is nothing to drop: no advance has a rest left to go on with.')
    return { state: ctx.state, events: [], goOn: null, summary: `Dropped the ${spanWords(pending.seconds)} left of ${pending.of}: nothing to go on with` }
  })
}

/**
 * Goes on with the rest of the last advance that stopped (CLK-3), the same way: a span's rest, or
 * an "until" within what is left of its look-ahead. It stops again at the next encounter. With
 * `drop`, what was left is dropped instead.
 * @example await goOn(deps, 1) // after "Rest 8 h" stopped at 21:05: the 6 h 55 min left
 */
export async function goOn(deps: ServiceDeps, campaignId: number, drop = false): Promise<ClockReport> {
  if (drop) return dropGoOn(deps, campaignId)
  return clockStep(deps, campaignId, 'advanced', async (ctx) => {
    const pending = ctx.goOn
    if (pending === null) throw new AppError('refused', 'There is nothing to go on with: the last advance ran to the end of what you asked.')
    // CLK-14: what a journey's stop left is the road: travel on.
    if (pending.journey) return travelStep(ctx, { pending }, 'Travelled on')
    const rest: engine.Span = { seconds: pending.seconds }
    const request: engine.AdvanceRequest = pending.until ? { until: pending.until, within: rest } : rest
    return advanceStep(ctx, request, pending.of, 'Went on with')
  })
}

/**
 * Sets the clock to a later day and time of day (CLK-1): no encounter checks, nothing burns or is
 * eaten; timers and injury milestones passed on the way come to pass (see the engine's `setTime`).
 * Logged and undone like every clock step; what "go on" would advance is dropped.
 * @example await setTime(deps, { campaignId: 1, day: 3, time: '08:00' })
 */
export async function setTime(deps: ServiceDeps, input: { campaignId: number; day: number; time: string }): Promise<ClockReport> {
  return clockStep(deps, input.campaignId, 'time-set', async (ctx) => {
    const to = engine.gameTime(input.day, input.time)
    const r = engine.setTime(ctx.state, to)
    if (!r.ok) throw new AppError('refused', r.reason, to <= ctx.state.time ? [{ field: 'day', problem: 'not later than the clock' }] : [])
    return {
      state: r.state,
      events: r.events,
      goOn: null,
      summary: `Time set to ${when(to)} (from ${when(ctx.state.time)}): no checks, nothing burnt or eaten`,
    }
  })
}
