import type { Refusable } from '../../../src/main/engines/clock'

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
