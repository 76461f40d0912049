/**
 * Whose ledger an entry belongs to (a character, or the campaign itself for Threat), and whether a
 * balance can cover a change. Plot Points go through the Ladder engine's ledger rule (LAD-22), so
 * its wording is the one every currency's refusal follows.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { SystemId } from '../../../shared/contract'
import { NO_REASON, amountOf, type CurrencyId } from '../../../shared/currencies'
import { recordPlotPoints, type LedgerEntry as PlotPointEntry, type LedgerStamp, type PlotPointPool } from '../../engines/ladder'
import { AppError, notFound } from '../core'

export interface LedgerHolder {
  campaignId: number
  system: SystemId
  /** Null for the campaign's own ledger (Threat, RK-7). */
  characterId: number | null
  /** The character's name, or "The GM" for the campaign's own. */
  name: string
}

/**
 * The holder of a ledger: the campaign must exist and the character, when named, must be one of it.
 * @example await ledgerHolder(db, 1, 4) // { campaignId: 1, system: 'ladder', characterId: 4, name: 'Tai' }
 */
export async function ledgerHolder(db: Kysely<Database>, campaignId: number, characterId: number | null): Promise<LedgerHolder> {
  const campaign = await db.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', campaignId)
  if (characterId === null) return { campaignId, system: campaign.system, characterId: null, name: 'The GM' }
  const character = await db
    .selectFrom('character')
    .select(['name', 'campaign_id'])
    .where('id', '=', characterId)
    .executeTakeFirst()
  if (!character || character.campaign_id !== campaignId) {
    throw new AppError('not_found', `There is no character ${characterId} in this campaign; it may have been deleted.`, [
      { field: 'characterId', problem: 'no character of this campaign has this id' },
    ])
  }
  return { campaignId, system: campaign.system, characterId, name: character.name }
}

/**
 * A balance as the Ladder engine's ledger: the database holds the history; the engine needs only
 * the sum, standing as one entry, to apply its rules to the next change.
 * @example standingLedger({ character: 'Tai', session: 0, gameTime: 0 }, 2, 'plot points') // [{ amount: 2, … }]
 */
export function standingLedger(stamp: LedgerStamp, balance: number, pool: PlotPointPool = 'plot points'): PlotPointEntry[] {
  return balance === 0 ? [] : [{ ...stamp, amount: balance, reason: 'balance so far', pool, use: 'other' }]
}

const POOLS: Partial<Record<CurrencyId, PlotPointPool>> = { pp: 'plot points', background: 'background' }

/**
 * Why the balance cannot take this change, or null when it can (a balance never goes below 0,
 * LAD-22). Plot Points ask the Ladder engine, with the balance standing as one entry; the other
 * currencies follow the same sentence.
 * @example coverProblem(tai, { currency: 'pp', amount: -2, reason: 'a torch', sessionNumber: 0, gameTime: 0 }, 1)
 * // 'Tai has 1 Plot Point, and this needs 2 (a torch).'
 */
export function coverProblem(
  holder: LedgerHolder,
  change: { currency: CurrencyId; amount: number; reason: string; sessionNumber: number; gameTime: number },
  balance: number,
): string | null {
  const pool = POOLS[change.currency]
  if (pool !== undefined) {
    const stamp = { character: holder.name, session: change.sessionNumber, gameTime: change.gameTime }
    const result = recordPlotPoints(standingLedger(stamp, balance, pool), { ...stamp, amount: change.amount, reason: change.reason, pool, use: 'other' })
    // A one-click change has no reason yet: the sentence does without it.
    return result.ok ? null : result.reason.replace(` (${NO_REASON}).`, '.')
  }
  if (balance + change.amount >= 0) return null
  return `${holder.name} has ${amountOf(change.currency, balance)}, and this needs ${-change.amount}${change.reason === NO_REASON ? '' : ` (${change.reason})`}.`
}
