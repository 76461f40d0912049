/**
 * The Ranks tracker's stored state, one per campaign: the Dangers in play as the engine keeps them
 * (RK-7), the chapter (RK-9), the experience rule (RK-6), the sessions Threat was given for, and
 * who is beyond Doomed with Courage still to roll (RK-8). Threat itself is the campaign ledger's.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Danger, ExperienceRule, ThreatState } from '../../engines/ranks'
import type { Tx } from '../core'
import { balanceOf, ledgerHolder } from '../ledger'
import { noteTracker } from './journal'

/** A Danger as stored: the engine's, with the id of the character it faces. */
export type StoredDanger = Danger & { characterId: number }

export interface TrackerState {
  dangers: StoredDanger[]
  nextDangerId: number
  chapter: number
  experienceRule: ExperienceRule
  /** Sessions the GM was given Threat for (RK-7: Threat is per session). */
  threatSessions: number[]
  /** Characters out of the scene beyond Doomed, whose Courage roll is due (RK-8). */
  courageDue: number[]
}

export const FRESH_TRACKER: TrackerState = {
  dangers: [],
  nextDangerId: 1,
  chapter: 1,
  experienceRule: 'losses',
  threatSessions: [],
  courageDue: [],
}

/**
 * The tracker as stored, or a fresh one before the first change.
 * @example (await readTracker(db, 1)).chapter // 1
 */
export async function readTracker(db: Kysely<Database>, campaignId: number): Promise<TrackerState> {
  const row = await db.selectFrom('ranks_table').select('state').where('campaign_id', '=', campaignId).executeTakeFirst()
  return row ? { ...FRESH_TRACKER, ...(JSON.parse(row.state) as Partial<TrackerState>) } : { ...FRESH_TRACKER }
}

/**
 * Stores the tracker's next state inside the caller's unit of work.
 * @example await writeTracker(tx, 1, { ...state, chapter: 2 })
 */
export async function writeTracker(tx: Tx, campaignId: number, state: TrackerState): Promise<void> {
  await noteTracker(tx, campaignId)
  const json = JSON.stringify(state)
  await tx.trx
    .insertInto('ranks_table')
    .values({ campaign_id: campaignId, state: json, updated_at: tx.realTime })
    .onConflict((oc) => oc.column('campaign_id').doUpdateSet({ state: json, updated_at: tx.realTime }))
    .execute()
}

/**
 * The GM's Threat: the campaign ledger's balance (RK-7).
 * @example await threatLeft(db, 1) // 9
 */
export async function threatLeft(db: Kysely<Database>, campaignId: number): Promise<number> {
  return balanceOf(db, await ledgerHolder(db, campaignId, null), 'threat')
}

/**
 * The engine's view of Threat and Dangers: the ledger's balance, and each Danger facing its
 * character by their current name (so a renamed character is still the one it faces).
 * @example engineThreat(tracker, 9, new Map([[4, 'Alexis']]))
 */
export function engineThreat(state: TrackerState, threat: number, names: ReadonlyMap<number, string>): ThreatState {
  return {
    threat,
    nextDangerId: state.nextDangerId,
    dangers: state.dangers.map((d) => ({ ...d, facing: names.get(d.characterId) ?? d.facing })),
  }
}
