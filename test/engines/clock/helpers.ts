import type { Dice } from '../../../src/main/engines/dice'
import { advanceClock, type ClockEvent, type ClockState, type Refusable, type Stop } from '../../../src/main/engines/clock'

/** Unwraps an action the rules allow, failing the test with the refusal's reason if it was refused. */
export function allowed<T>(result: Refusable<T>): { ok: true } & T {
  if (!result.ok) throw new Error(`Refused: ${result.reason}`)
  return result
}

/** The reason of an action that must be refused. */
export function refusal<T>(result: Refusable<T>): string {
  if (result.ok) throw new Error('Expected a refusal, but the action was allowed.')
  return result.reason
}

/** d20 faces that never meet an encounter at the default threshold of 20. */
export function quietTurns(count: number, face = 7): number[] {
  return Array.from({ length: count }, () => face)
}

/** Freezes a value and everything in it, so a test fails if an engine mutates its input. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner)
    Object.freeze(value)
  }
  return value
}

/**
 * Advances `seconds`, going on after each stop (CLK-3: an exploration advance stops at each
 * encounter), as a GM pressing "go on" until the span is done; every event on the way, in order.
 */
export function goOnToTheEnd(state: ClockState, seconds: number, dice: Dice): { state: ClockState; events: ClockEvent[]; stops: Stop[] } {
  const events: ClockEvent[] = []
  const stops: Stop[] = []
  for (let left = seconds; left > 0; ) {
    const step = allowed(advanceClock(state, { seconds: left }, dice))
    for (const event of step.events) events.push(event)
    state = step.state
    left = step.stopped?.left ?? 0
    if (step.stopped) stops.push(step.stopped)
  }
  return { state, events, stops }
}
