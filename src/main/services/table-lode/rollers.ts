/**
 * Who rolls at a LODE table, and how their points are paid: the campaign must play LODE, a
 * character must be one of it, and every point the engine spends or gains becomes a ledger
 * entry (LODE-9), refused with the balance when it cannot be covered.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { PointsEntry, PoolPoints } from '../../engines/lode'
import { capitalised } from '../../../shared/injuries'
import { SYSTEMS } from '../../../shared/systems'
import { type Tx, AppError, notFound, openSessionId } from '../core'
import { writeLedgerEntry, ledgerHolder, type LedgerHolder } from '../ledger'
import { getSetting } from '../campaigns'
import { pointsOf } from './store'

/**
 * The Web of a LODE campaign (LODE-6); refused for a campaign of another system.
 * @example await lodeWeb(db, 1) // 9
 */
export async function lodeWeb(db: Kysely<Database>, campaignId: number): Promise<number> {
  const row = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!row) throw notFound('campaign', campaignId)
  const system = row.system
  if (system !== 'lode') {
    throw new AppError('refused', `This campaign plays ${SYSTEMS[system].name}, not LODE: use its own table.`, [{ field: 'campaignId', problem: 'not a LODE campaign' }])
  }
  return getSetting(db, campaignId, 'lode.web')
}

export interface Roller {
  /** Null for a side no character stands behind. */
  holder: LedgerHolder | null
  characterId: number | null
  name: string
  points: PoolPoints
}

/**
 * The character who rolls, with their Destiny and Energy now; or a nameless side with none.
 * @example await rollerOf(tx, 1, 4, '') // { characterId: 4, name: 'Brann', points: { destiny: 2, energy: 3 }, … }
 */
export async function rollerOf(tx: Tx, campaignId: number, characterId: number | null, name: string, fallback = 'The GM'): Promise<Roller> {
  if (characterId === null) return { holder: null, characterId: null, name: name.trim() || fallback, points: { destiny: 0, energy: 0 } }
  const holder = await ledgerHolder(tx.trx, campaignId, characterId)
  return { holder, characterId, name: holder.name, points: await pointsOf(tx.trx, campaignId, characterId) }
}

/**
 * A refusal from the engine's rules, in its own words, with what was (not) done.
 * @example throw refusedBy('No Destiny point is left to spend on a re-roll.', 'side')
 */
export function refusedBy(reason: string, field: string, outcome = 'Nothing was rolled or spent.'): AppError {
  return new AppError('refused', `${reason} ${outcome}`, [{ field, problem: reason }])
}

/**
 * LODE-9: Energy and Destiny are a character's; a side nobody stands behind has none to spend.
 * @example const holder = requireCharacter(roller, 'Energy points', 'energy')
 */
export function requireCharacter(roller: Roller, what: string, field: string): LedgerHolder {
  if (roller.holder) return roller.holder
  const problem = `${what} are a character's (LODE-9): pick who rolls`
  throw new AppError('refused', `${problem}. Nothing was rolled or spent.`, [{ field, problem }])
}

/**
 * LODE-9: each Energy point spent adds a die, paid from the character's Energy; spending more than
 * they have is refused with the balance, before anything is rolled.
 * @example requireEnergy({ name: 'Brann', points: { destiny: 1, energy: 0 }, … }, 1, 'energy') // refused: Brann has 0 Energy …
 */
export function requireEnergy(roller: Roller, energy: number, field: string): void {
  if (energy <= 0) return
  requireCharacter(roller, 'Energy points', field)
  const have = roller.points.energy
  if (energy <= have) return
  const problem = `${roller.name} has ${have} Energy, and this roll would spend ${energy} (LODE-9)`
  throw new AppError('refused', `${problem}. Nothing was rolled or spent.`, [{ field, problem }])
}

/**
 * Writes the engine's point entries to the ledger, each with its log entry; returns their ids.
 * @example await payPoints(tx, holder, [{ point: 'destiny', change: -1, reason: 'a re-roll' }], 'Strength +1')
 */
export async function payPoints(
  tx: Tx,
  holder: LedgerHolder,
  entries: readonly PointsEntry[],
  what: string,
  /** The ledger's words for a point, where the engine's are longer than a ledger line wants. */
  reasons: Partial<Record<PointsEntry['point'], string>> = {},
): Promise<number[]> {
  const ids: number[] = []
  const sessionId = await openSessionId(tx.trx, holder.campaignId)
  for (const e of entries) {
    const reason = `${capitalised(reasons[e.point] ?? e.reason)}${what ? ` (${what})` : ''}`
    const written = await writeLedgerEntry(tx, holder, { currency: e.point, amount: e.change, reason, sessionId }, e.change < 0 ? 'spend' : 'earn')
    ids.push(written.id)
  }
  return ids
}

/**
 * LODE-11 gives the point to "another player's character": a PC of this campaign, not the roller.
 * @example await otherPlayersCharacter(db, 1, 5, 4) // the holder of character 5
 */
export async function otherPlayersCharacter(db: Kysely<Database>, campaignId: number, giveToId: number, rollerId: number): Promise<LedgerHolder> {
  const row = await db.selectFrom('character').select(['kind', 'campaign_id']).where('id', '=', giveToId).executeTakeFirst()
  const problem =
    !row || row.campaign_id !== campaignId ? 'no character of this campaign has this id'
    : giveToId === rollerId ? 'the point must go to another player’s character, not the one who rolled'
    : row.kind !== 'pc' ? 'the point goes to another player’s character, not an NPC'
    : null
  if (problem) throw new AppError('refused', `The Destiny point cannot go there: ${problem} (LODE-11). Nothing was changed.`, [{ field: 'giveToId', problem }])
  return ledgerHolder(db, campaignId, giveToId)
}
