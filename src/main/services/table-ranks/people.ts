/**
 * The characters at a Ranks table: their abilities (RK-1), aspects (RK-4), Harm (RK-8), chapter
 * moves (RK-9), XP (RK-6) and the Danger they face (RK-7), read from the sheet, the injuries and
 * the ledger; and the sheet's aspects and chapter moves written back when the table changes them.
 */
import type { Kysely, Selectable } from 'kysely'
import type { CharacterTable, Database } from '../../db/schema'
import type { RanksPerson } from '../../../shared/api/table-ranks.contract'
import { RanksSheet } from '../../../shared/api/sheets/ranks'
import { HARM_BOXES, type Aspect, type ChapterMove } from '../../engines/ranks'
import { type Tx, AppError, appendLog, touchCampaign } from '../core'
import { balanceOf, ledgerHolder } from '../ledger'
import type { LogEntry } from '../../../shared/contract'
import type { RolledFace } from '../../engines/dice'
import { harmOf } from './harm'
import { journalOf, keepJournal } from './journal'
import type { TrackerState } from './state'

export type CharacterRow = Selectable<CharacterTable>

/** The Ranks parts of a stored sheet; what does not parse reads as none. */
export function ranksSheetOf(row: Pick<CharacterRow, 'sheet'>): RanksSheet {
  const parsed = RanksSheet.safeParse(JSON.parse(row.sheet))
  return parsed.success ? parsed.data : RanksSheet.parse({})
}

/**
 * A character of the campaign, or a refusal naming the field.
 * @example await characterOf(tx.trx, 1, 4, 'characterId')
 */
export async function characterOf(db: Kysely<Database>, campaignId: number | null, id: number, field = 'characterId'): Promise<CharacterRow> {
  const row = await db.selectFrom('character').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row || (campaignId !== null && row.campaign_id !== campaignId)) {
    throw new AppError('not_found', `There is no character ${id} in this campaign; they may have been deleted.`, [
      { field, problem: 'no character of this campaign has this id' },
    ])
  }
  return row
}

/**
 * One character as the table shows them.
 * @example await personOf(db, row, tracker) // { name: 'Alexis', harm: { weary: true, … }, nextHarm: 'hurt', … }
 */
export async function personOf(db: Kysely<Database>, row: CharacterRow, tracker: TrackerState): Promise<RanksPerson> {
  const sheet = ranksSheetOf(row)
  const { track } = await harmOf(db, row.id)
  const holder = await ledgerHolder(db, row.campaign_id, row.id)
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    abilities: sheet.abilities,
    aspects: sheet.aspects,
    harm: track,
    nextHarm: HARM_BOXES.find((b) => !track[b]) ?? null,
    chapterMoves: sheet.chapterMoves,
    xp: await balanceOf(db, holder, 'xp'),
    dangerId: tracker.dangers.find((d) => d.characterId === row.id)?.id ?? null,
    courageDue: tracker.courageDue.includes(row.id),
  }
}

/**
 * The rank of a named ability on a character's sheet (names match whatever their case), or a
 * refusal that lists the abilities they have.
 * @example abilityOf(row, 'ferocity') // { name: 'Ferocity', rank: 'good' }
 */
export function abilityOf(row: CharacterRow, ability: string, field = 'ability'): { name: string; rank: RanksSheet['abilities'][number]['rank'] } {
  const abilities = ranksSheetOf(row).abilities
  const found = abilities.find((a) => a.name.trim().toLowerCase() === ability.trim().toLowerCase())
  if (found) return found
  const problem = abilities.length
    ? `${row.name} has no ability called “${ability}”; their abilities are ${abilities.map((a) => a.name).join(', ')}`
    : `${row.name}'s sheet rates no abilities yet; rate them on the character's page, or type a rank in`
  throw new AppError('refused', `${problem}. Nothing was rolled.`, [{ field, problem }])
}

/**
 * Writes a character's aspects and chapter moves back into their sheet, leaving the rest as it is,
 * and announces the change; the caller's own log entry says what happened.
 * @example await writeSheetParts(tx, row, { aspects: [{ name: 'Stubborn', used: true }] })
 */
export async function writeSheetParts(tx: Tx, row: CharacterRow, parts: { aspects?: Aspect[]; chapterMoves?: ChapterMove[] }): Promise<void> {
  // The sheet as it stands in this transaction (an earlier step may have changed it), noted once for undo.
  const current = (await tx.trx.selectFrom('character').select('sheet').where('id', '=', row.id).executeTakeFirstOrThrow()).sheet
  const before = journalOf(tx).sheets
  if (!(row.id in before)) before[row.id] = current
  const sheet = { ...(JSON.parse(current) as Record<string, unknown>), ...parts }
  await tx.trx.updateTable('character').set({ sheet: JSON.stringify(sheet), updated_at: tx.realTime }).where('id', '=', row.id).execute()
  tx.emitAfterCommit('record.changed', { campaignId: row.campaign_id, kind: 'character', id: row.id, change: 'updated' })
}

/**
 * Appends the table's log entry for a change (with its dice, DICE-3) and marks the campaign as
 * changed; screens follow the log.
 * @example await logRanks(tx, 1, 'ranks.move', { name: 'Alexis', move: 'refresh' })
 */
export async function logRanks(
  tx: Tx,
  campaignId: number,
  kind: string,
  payload: Record<string, unknown>,
  extra: { dice?: readonly RolledFace[]; gmOnly?: boolean } = {},
): Promise<LogEntry> {
  const entry = await appendLog(tx, { campaignId, kind, payload, dice: extra.dice ?? null, gmOnly: extra.gmOnly ?? false })
  await touchCampaign(tx, campaignId)
  await keepJournal(tx, campaignId, entry.id)
  return entry
}
