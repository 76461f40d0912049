import { expect } from 'vitest'
import type { Refusal } from '../../../src/main/engines/challenge'

/** Unwraps an `{ ok: true, … }` result, failing the test with the engine's own reasons otherwise. */
export function ok<T extends { ok: true }>(result: T | Refusal): T {
  if (!result.ok) expect.fail(`refused: ${result.problems.join(' | ')}`)
  return result
}

/** Unwraps a refusal's reasons, failing the test if the engine accepted. */
export function refused(result: { ok: true } | Refusal): string[] {
  if (result.ok) expect.fail('accepted, but a refusal was expected')
  return result.problems
}
