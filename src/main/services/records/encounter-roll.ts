/** Rolling on an encounter table with the campaign's dice; every face goes to the log (DICE-3). */
import type { EncounterRoll } from '../../../shared/contract'
import { rangeText, rowFor } from '../../../shared/encounter-dice'
import { rollD2, rollD3, type Dice } from '../../engines/dice'
import { touchCampaign, unitOfWork, type ServiceDeps, type Tx, campaignDice, AppError, appendLog } from '../core'
import { requireEncounterTable, tableDice } from './encounter-tables'

/** One die's value: a d3 or d2 is rolled on a d6 (DICE-1). */
function rollOne(dice: Dice, sides: number): number {
  if (sides === 3) return rollD3(dice)
  if (sides === 2) return rollD2(dice)
  return dice.roll(sides)
}

async function refuseForeignSession(tx: Tx, campaignId: number, sessionId: number | undefined): Promise<void> {
  if (sessionId === undefined) return
  const found = await tx.trx.selectFrom('session').select('id').where('id', '=', sessionId).where('campaign_id', '=', campaignId).executeTakeFirst()
  if (!found) {
    throw new AppError('invalid_input', `There is no session with id ${sessionId} in this campaign. Nothing was rolled.`, [
      { field: 'sessionId', problem: 'no session of this campaign has this id' },
    ])
  }
}

/**
 * Rolls the table's dice and finds the row. The log entry (GM only: players learn of an encounter
 * when it walks in) holds every face, the total and the row's text or NPC.
 * @example await rollEncounterTable(deps, { id: 4 }) // { faces: [{ sides: 20, face: 13 }], total: 13, row: { text: 'Brigands', … }, … }
 */
export async function rollEncounterTable(
  deps: ServiceDeps,
  input: { id: number; gameTime?: number | undefined; sessionId?: number | undefined },
): Promise<EncounterRoll> {
  return unitOfWork(deps, async (tx) => {
    const { table, rows } = await requireEncounterTable(tx, input.id)
    await refuseForeignSession(tx, table.campaign_id, input.sessionId)
    const expression = tableDice(table)
    const dice = await campaignDice(tx, table.campaign_id)
    const values = Array.from({ length: expression.count }, () => rollOne(dice, expression.sides))
    const total = values.reduce((a, b) => a + b, 0)
    const row = rowFor(rows, total) ?? null
    const entry = await appendLog(tx, {
      campaignId: table.campaign_id,
      kind: 'encounter.rolled',
      payload: {
        tableId: table.id,
        table: table.name,
        dice: table.dice,
        total,
        range: row ? rangeText(row) : null,
        text: row?.text ?? null,
        npc: row?.npcName ?? null,
      },
      dice: dice.faces,
      gameTime: input.gameTime, // when absent, the log stamps the clock's time
      sessionId: input.sessionId ?? null,
      gmOnly: true,
    })
    await touchCampaign(tx, table.campaign_id)
    return { tableId: table.id, tableName: table.name, dice: table.dice, faces: [...dice.faces], values, total, row, logEntryId: entry.id }
  })
}
