/**
 * RK-8's Harm track as injury records: each Harm is a 'ranks.harm' injury marking one box, so the
 * character's page, the sheet and the table read the same track. Marking and recovering happen
 * inside the caller's unit of work, with the injury's own log entry.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { HARM_BOXES, recoverHarm, takeHarm, unharmed, type HarmBox, type HarmTrack } from '../../engines/ranks'
import { type Tx, currentGameTime, AppError } from '../core'
import { injuryById, injuryChanged, injuryOwner, insertInjury } from '../injuries'
import { journalOf } from './journal'

export interface HarmRecords {
  track: HarmTrack
  /** The injury that marks each box. */
  injuries: Partial<Record<HarmBox, number>>
}

/**
 * A character's Harm track, read from their unhealed Harm injuries.
 * @example (await harmOf(db, 4)).track // { weary: true, hurt: false, doomed: false }
 */
export async function harmOf(db: Kysely<Database>, characterId: number): Promise<HarmRecords> {
  const rows = await db
    .selectFrom('injury')
    .select(['id', 'details'])
    .where('character_id', '=', characterId)
    .where('kind', '=', 'ranks.harm')
    .where('healed', '=', 0)
    .orderBy('id')
    .execute()
  const track = unharmed()
  const injuries: HarmRecords['injuries'] = {}
  for (const r of rows) {
    const box = (JSON.parse(r.details) as { box?: unknown }).box
    if (!HARM_BOXES.includes(box as HarmBox)) continue
    track[box as HarmBox] = true
    injuries[box as HarmBox] = r.id
  }
  return { track, injuries }
}

/**
 * RK-8: marks the lowest free box as a Harm injury taken now. With every box marked, nothing is
 * recorded and the Harm goes beyond Doomed.
 * @example await markHarm(tx, 4, 'the minions’ knives') // { box: 'weary', injuryId: 12, beyondDoomed: false }
 */
export async function markHarm(
  tx: Tx,
  characterId: number,
  description: string,
): Promise<{ box: HarmBox | null; injuryId: number | null; beyondDoomed: boolean }> {
  const owner = await injuryOwner(tx, characterId, 'ranks.harm')
  const taken = takeHarm((await harmOf(tx.trx, characterId)).track)
  if (taken.marked === null) return { box: null, injuryId: null, beyondDoomed: true }
  const takenAt = await currentGameTime(tx.trx, owner.campaign_id)
  const what = { kind: 'ranks.harm' as const, box: taken.marked }
  const injury = await insertInjury(tx, owner, { characterId, what, description, takenAt })
  journalOf(tx).injuriesCreated.push(injury.id)
  return { box: taken.marked, injuryId: injury.id, beyondDoomed: false }
}

/**
 * Recovers one Harm box (the one named, or the highest marked) by healing its injury now.
 * Refused, with the engine's reason, when there is nothing to recover.
 * @example await recoverHarmBox(tx, 4) // 'hurt'
 */
export async function recoverHarmBox(tx: Tx, characterId: number, box?: HarmBox): Promise<HarmBox> {
  const { track, injuries } = await harmOf(tx.trx, characterId)
  const r = recoverHarm(track, box)
  if (!r.ok) throw new AppError('refused', `${r.reason} Nothing was changed.`, [{ field: 'box', problem: r.reason }])
  await healInjury(tx, injuries[r.recovered]!)
  return r.recovered
}

/**
 * Heals one Harm injury now, as the injury page's "healed" does, with its log entry.
 * @example await healInjury(tx, 12)
 */
export async function healInjury(tx: Tx, injuryId: number): Promise<void> {
  const before = await injuryById(tx.trx, injuryId)
  journalOf(tx).injuriesHealed.push(injuryId)
  const healedAt = Math.max(before.takenAt, await currentGameTime(tx.trx, before.campaignId))
  await tx.trx.updateTable('injury').set({ healed: 1, healed_at: healedAt, updated_at: tx.realTime }).where('id', '=', injuryId).execute()
  await injuryChanged(tx, await injuryById(tx.trx, injuryId), 'updated', {
    kind: 'injury.updated',
    payload: { from: { healed: false, healedAt: null }, to: { healed: true, healedAt } },
  })
}
