/**
 * A campaign's dice. Each roll a service makes takes a fresh generator seeded with
 * `${dice_seed}#${dice_counter}` and bumps the counter in the same transaction, so the sequence
 * is repeatable from the seed, survives restarts, and an undone change gives its counter back.
 */
import { recordingDice, seededDice, type Dice, type RolledFace } from '../../engines/dice'
import type { Tx } from './context'
import { notFound } from './errors'
import { diceTaken, diceTaking } from './action-scope'

export interface CampaignDice extends Dice {
  /** Every face rolled so far through this object, in order, for the log (DICE-3). */
  readonly faces: RolledFace[]
}

/** @example const dice = await campaignDice(tx, campaignId); rollTask(dice, …); appendLog(tx, { …, dice: dice.faces }) */
export async function campaignDice(tx: Tx, campaignId: number): Promise<CampaignDice> {
  await diceTaking(tx, campaignId)
  const row = await tx.trx
    .updateTable('campaign')
    .set((eb) => ({ dice_counter: eb('dice_counter', '+', 1) }))
    .where('id', '=', campaignId)
    .returning(['dice_seed', 'dice_counter'])
    .executeTakeFirst()
  if (!row) throw notFound('campaign', campaignId)
  diceTaken(tx, campaignId, row.dice_counter)
  return recordingDice(seededDice(`${row.dice_seed}#${row.dice_counter}`))
}
