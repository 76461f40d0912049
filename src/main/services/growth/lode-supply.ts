/**
 * LODE-9: the Energy supply on a character's sheet is the most Energy they hold. An earn that would
 * take the balance over it is refused in words unless the GM says so, and then the entry's reason
 * says it was the GM's choice. A sheet with a supply of 0 sets none.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import { LodeSheet } from '../../../shared/api/sheets/lode'
import { AppError } from '../core'
import { keptSums } from '../ledger/queries'

/**
 * The Energy supply on a character's sheet; 0 when it sets none (or does not parse).
 * @example await energySupplyOf(db, 4) // 3
 */
export async function energySupplyOf(db: Kysely<Database>, characterId: number): Promise<number> {
  const row = await db.selectFrom('character').select('sheet').where('id', '=', characterId).executeTakeFirst()
  if (!row) return 0
  const parsed = LodeSheet.safeParse(JSON.parse(row.sheet))
  return parsed.success ? parsed.data.energySupply : 0
}

/**
 * The reason an Energy earn is written with: as given within the supply; refused over it unless
 * `overSupply`, when the reason says it was the GM's choice. Any other currency or system passes.
 * @example await energyEarnReason(db, { system: 'lode', campaignId: 1, characterId: 4, name: 'Brann' }, { currency: 'energy', amount: 2, reason: 'a feast', overSupply: true })
 * // 'a feast — 1 over the Energy supply of 3, by the GM’s choice (LODE-9)'
 */
export async function energyEarnReason(
  db: Kysely<Database>,
  holder: { system: string; campaignId: number; characterId: number | null; name: string },
  earn: { currency: string; amount: number; reason: string; overSupply?: boolean | undefined },
): Promise<string> {
  if (holder.system !== 'lode' || earn.currency !== 'energy' || holder.characterId === null) return earn.reason
  const supply = await energySupplyOf(db, holder.characterId)
  if (supply <= 0) return earn.reason
  const [energy] = await keptSums(db, holder.campaignId, [holder.characterId], ['energy'])
  const after = Number(energy?.balance ?? 0) + earn.amount
  if (after <= supply) return earn.reason
  const over = after - supply
  if (earn.overSupply === true) return `${earn.reason} — ${over} over the Energy supply of ${supply}, by the GM’s choice (LODE-9)`
  const problem = `${holder.name}’s Energy supply is ${supply}: this would make ${after}, ${over} over it (LODE-9); earn it over the supply only if you mean to`
  throw new AppError('refused', `${problem}. Nothing was written.`, [{ field: 'overSupply', problem }])
}
