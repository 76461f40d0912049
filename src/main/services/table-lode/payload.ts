/** What a LODE log entry says about a roll: enough for its sentence, the recap and a replay. */
import type { PoolResult } from '../../engines/lode'
import type { StoredSide } from './store'

/**
 * One side of a roll, for a log entry's payload.
 * @example sidePayload(side) // { characterId: 4, name: 'Brann', what: 'Strength +1', pool: 3, successes: 2, label: 'adequate', … }
 */
export function sidePayload(side: StoredSide): Record<string, unknown> {
  const r: PoolResult = side.attempt.result
  return {
    characterId: side.characterId,
    name: side.name,
    what: side.what,
    input: side.attempt.input,
    pool: r.pool,
    rolled: r.rolled,
    faces: r.faces,
    explosions: r.explosions,
    successes: r.successes,
    label: r.label,
    fumble: r.fumble,
    halfmagic: r.halfmagic,
    rerolls: side.attempt.earlier.length,
  }
}
