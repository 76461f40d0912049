/**
 * Which challenge is part of the clock's combat (CLK-2). A challenge is not always a fight (a meal,
 * a chase, an argument), so it never starts the clock's combat; one started while the clock is in
 * combat, or one a round of which is played then, is part of that combat: its rounds are the
 * combat's, and ending either ends both.
 */
import { unitOfWork, type ServiceDeps } from '../core'
import * as clock from '../clock'
import type { StoredChallenge } from './state'

/** The clock's combat a challenge can be part of: when it started, and its round (CLK-2). */
export type ClockCombat = { startedAt: number; round: number } | null

/** A challenge that is part of the clock's combat keeps when that combat started. */
type InCombat = StoredChallenge & { combatStartedAt?: number }

/**
 * Whether a challenge is part of the clock's combat under way.
 * @example partOfCombat(c.stored, stored.combat) // true: its rounds are the combat's
 */
export function partOfCombat(stored: StoredChallenge, combat: ClockCombat): boolean {
  return combat !== null && (stored as InCombat).combatStartedAt === combat.startedAt
}

/**
 * The challenge as part of the clock's combat under way, if there is one.
 * @example joining(stored, { startedAt: 300, round: 2 }) // { ...stored, combatStartedAt: 300 }
 */
export function joining(stored: StoredChallenge, combat: ClockCombat): StoredChallenge {
  if (combat === null) return stored
  const joined: InCombat = { ...stored, combatStartedAt: combat.startedAt }
  return joined
}

/**
 * The clock's combat under way, or null.
 * @example await clockCombat(deps, 1) // { startedAt: 300, round: 2 }
 */
export async function clockCombat(deps: ServiceDeps, campaignId: number): Promise<ClockCombat> {
  return unitOfWork(deps, async (tx) => (await clock.loadStoredClock(tx, campaignId)).combat)
}
