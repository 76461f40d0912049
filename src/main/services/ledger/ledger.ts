/**
 * The meta-currency ledger: every earn, spend and correction is a new entry, written in one
 * transaction with its log entry; balances are always the sum of the entries (LAD-21: "every
 * change is a ledger entry"), and a spend the balance cannot cover is refused (LAD-22).
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Balance, LedgerEntry } from '../../../shared/contract'
import { CURRENCIES, SYSTEM_CURRENCIES, currenciesOf, type CurrencyId } from '../../../shared/currencies'
import { SYSTEMS } from '../../../shared/systems'
import { unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged, currentGameTime, sessionOfChange } from '../core'
import { coverProblem, ledgerHolder, type LedgerHolder } from './holder'
import { entryById, keptSums, pageOfEntries } from './queries'
import { energyEarnReason } from '../growth/lode-supply'

export type { LedgerHolder } from './holder'

/**
 * When a change happened: the session (the one being played when absent, none when null) and the
 * game time (the clock's time now when absent).
 */
export interface LedgerWhen {
  sessionId?: number | null | undefined
  gameTime?: number | undefined
}

/**
 * A page of a holder's entries, newest first, each with the balance right after it.
 * @example await listLedger(db, { campaignId: 1, characterId: 4, currency: 'pp', limit: 50 })
 */
export async function listLedger(
  db: Kysely<Database>,
  q: { campaignId: number; characterId?: number | undefined; currency?: CurrencyId | undefined; beforeId?: number | undefined; limit: number },
): Promise<{ items: LedgerEntry[]; total: number }> {
  const holder = await ledgerHolder(db, q.campaignId, q.characterId ?? null)
  return pageOfEntries(db, holder, q)
}

/**
 * Every balance of a character (or of the campaign itself), the sum of its entries (kept beside
 * them, migration 0020): the system's
 * currencies first, in their order, at 0 when never touched.
 * @example await ledgerBalances(db, { campaignId: 1, characterId: 4 }) // [{ currency: 'pp', balance: 3 }, { currency: 'background', balance: 0 }]
 */
export async function ledgerBalances(db: Kysely<Database>, q: { campaignId: number; characterId?: number | undefined }): Promise<Balance[]> {
  const holder = await ledgerHolder(db, q.campaignId, q.characterId ?? null)
  const rows = await keptSums(db, holder.campaignId, [holder.characterId ?? 0])
  const sums = new Map(rows.map((r) => [r.currency, Number(r.balance)]))
  const offered = currenciesOf(holder.system, holder.characterId === null ? 'campaign' : 'character')
  const others = [...sums.keys()].filter((c) => !offered.includes(c))
  return [...offered, ...others].map((currency) => ({ currency, balance: sums.get(currency) ?? 0 }))
}

/** The currency must be one the campaign's system keeps, for this kind of holder. */
function checkCurrency(holder: LedgerHolder, currency: CurrencyId): void {
  const meta = CURRENCIES[currency]
  const offered = SYSTEM_CURRENCIES[holder.system]
  if (!offered.includes(currency)) {
    const names = new Intl.ListFormat('en', { type: 'conjunction' }).format(offered.map((c) => CURRENCIES[c].label))
    const problem = `${SYSTEMS[holder.system].name} keeps ${names}, not ${meta.label}`
    throw new AppError('invalid_input', `${problem}. Nothing was written.`, [{ field: 'currency', problem }])
  }
  if (meta.holder === 'campaign' && holder.characterId !== null) {
    const problem = `${meta.label} is the GM's, for the whole campaign (${meta.rule}); leave the character out`
    throw new AppError('invalid_input', `${problem}. Nothing was written.`, [{ field: 'characterId', problem }])
  }
  if (meta.holder === 'character' && holder.characterId === null) {
    const problem = `${meta.label} belong to a character; say whose`
    throw new AppError('invalid_input', `${problem}. Nothing was written.`, [{ field: 'characterId', problem }])
  }
}

/** The session's number, for the Ladder engine's ledger stamp (LAD-21); 0 for none. */
async function sessionNumber(tx: Tx, sessionId: number | null): Promise<number> {
  if (sessionId === null) return 0
  const row = await tx.trx.selectFrom('session').select('number').where('id', '=', sessionId).executeTakeFirstOrThrow()
  return row.number
}

const LOG_KINDS = { earn: 'ledger.earned', spend: 'ledger.spent', correct: 'ledger.corrected' } as const

/**
 * Writes one entry with its log entry, inside the caller's unit of work. Refused, with the balance
 * in the message, when it would take the balance below 0.
 * @example await writeLedgerEntry(tx, holder, { currency: 'pp', amount: -1, reason: 'prop: a torch' }, 'spend') // in the open session, at the clock's time
 */
export async function writeLedgerEntry(
  tx: Tx,
  holder: LedgerHolder,
  entry: LedgerWhen & { currency: CurrencyId; amount: number; reason: string; correctsId?: number },
  why: keyof typeof LOG_KINDS,
): Promise<LedgerEntry> {
  // LAD-21: every entry names its session; during play, the one being played unless the GM says.
  const sessionId = await sessionOfChange(tx.trx, holder.campaignId, entry.sessionId)
  const gameTime = entry.gameTime ?? (await currentGameTime(tx.trx, holder.campaignId))
  const before = await balanceOf(tx.trx, holder, entry.currency)
  const number = await sessionNumber(tx, sessionId)
  const problem = coverProblem(holder, { ...entry, gameTime, sessionNumber: number }, before)
  if (problem) {
    const outcome = why === 'spend' ? 'Nothing was spent.' : 'Nothing was changed.'
    throw new AppError('refused', `${problem} ${outcome}`, [{ field: why === 'correct' ? 'id' : 'amount', problem }])
  }
  const row = await tx.trx
    .insertInto('ledger_entry')
    .values({
      campaign_id: holder.campaignId,
      character_id: holder.characterId,
      currency: entry.currency,
      amount: entry.amount,
      reason: entry.reason,
      session_id: sessionId,
      game_time: gameTime,
      corrects_id: entry.correctsId ?? null,
      created_at: tx.realTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const logged = await recordChanged(
    tx,
    { campaignId: holder.campaignId, kind: 'ledger', id: row.id, change: 'created', characterId: holder.characterId },
    {
      kind: LOG_KINDS[why],
      sessionId,
      gameTime,
      payload: {
        id: row.id,
        characterId: holder.characterId,
        name: holder.name,
        currency: entry.currency,
        amount: entry.amount,
        reason: entry.reason,
        balance: before + entry.amount,
        ...(entry.correctsId === undefined ? {} : { corrects: entry.correctsId }),
      },
    },
  )
  await tx.trx.updateTable('ledger_entry').set({ log_entry_id: logged.id }).where('id', '=', row.id).execute()
  // The newest entry of its currency: its running balance is the one checked above plus its amount
  // (what `entryById` would sum again over every entry of the holder).
  return {
    id: row.id,
    campaignId: holder.campaignId,
    characterId: holder.characterId,
    currency: entry.currency,
    amount: entry.amount,
    reason: entry.reason,
    sessionId,
    sessionNumber: sessionId === null ? null : number,
    gameTime,
    logEntryId: logged.id,
    correctsId: entry.correctsId ?? null,
    correctedById: null,
    balanceAfter: before + entry.amount,
    createdAt: tx.realTime,
  }
}

/**
 * The sum of a holder's entries in one currency, read from the sums kept beside them (one row,
 * however long the ledger).
 * @example await balanceOf(db, holder, 'pp') // 3
 */
export async function balanceOf(db: Kysely<Database>, holder: LedgerHolder, currency: CurrencyId): Promise<number> {
  const [row] = await keptSums(db, holder.campaignId, [holder.characterId ?? 0], [currency])
  return Number(row?.balance ?? 0)
}

type ChangeInput = LedgerWhen & { campaignId: number; characterId?: number | undefined; currency: CurrencyId; amount: number; reason: string; overSupply?: boolean | undefined }

async function change(deps: ServiceDeps, input: ChangeInput, why: 'earn' | 'spend'): Promise<LedgerEntry> {
  return unitOfWork(deps, async (tx) => {
    const holder = await ledgerHolder(tx.trx, input.campaignId, input.characterId ?? null)
    checkCurrency(holder, input.currency)
    const amount = why === 'earn' ? input.amount : -input.amount
    // LODE-9: Energy over the sheet's supply only as the GM's choice, said in the entry.
    const reason = why === 'earn' ? await energyEarnReason(tx.trx, holder, input) : input.reason
    return writeLedgerEntry(tx, holder, { ...input, amount, reason }, why)
  })
}

/**
 * Adds to a balance (LAD-21 awards, OSR-5 treasure, RK-6 experience, RK-7 the GM's Threat).
 * @example await earn(deps, { campaignId: 1, characterId: 4, currency: 'pp', amount: 1, reason: 'made the table laugh' }) // in the open session, now
 */
export function earn(deps: ServiceDeps, input: ChangeInput): Promise<LedgerEntry> {
  return change(deps, input, 'earn')
}

/**
 * Takes from a balance; refused with the balance in the message when it cannot cover it (LAD-22:
 * "a balance never goes below 0").
 * @example await spend(deps, { campaignId: 1, characterId: 4, currency: 'pp', amount: 1, reason: 'prop: I remembered a torch', sessionId: null, gameTime: 0 })
 */
export function spend(deps: ServiceDeps, input: ChangeInput): Promise<LedgerEntry> {
  return change(deps, input, 'spend')
}

const signed = (n: number): string => (n > 0 ? `+${n}` : `−${-n}`)

/**
 * Reverses a mistaken entry with a new, opposite entry whose reason names it; history is never
 * edited. Refused when the entry is itself a correction, was already reversed, or when reversing
 * it would take the balance below 0.
 * @example await correctEntry(deps, { id: 12, note: 'awarded twice', sessionId: null, gameTime: 0 })
 */
export async function correctEntry(deps: ServiceDeps, input: LedgerWhen & { id: number; note: string }): Promise<LedgerEntry> {
  return unitOfWork(deps, async (tx) => {
    const original = await tx.trx.selectFrom('ledger_entry').selectAll().where('id', '=', input.id).executeTakeFirst()
    if (!original) throw notFound('ledger entry', input.id)
    if (original.corrects_id !== null) {
      throw new AppError('refused', 'This entry is itself a correction; to change the balance again, earn or spend. Nothing was changed.', [
        { field: 'id', problem: 'is a correction' },
      ])
    }
    const earlier = await tx.trx.selectFrom('ledger_entry').select('id').where('corrects_id', '=', original.id).executeTakeFirst()
    if (earlier) {
      throw new AppError('conflict', `This entry was already reversed (entry ${earlier.id}). Nothing was changed.`, [
        { field: 'id', problem: 'was already reversed' },
      ])
    }
    const holder = await ledgerHolder(tx.trx, original.campaign_id, original.character_id)
    const reason = `Correction of “${original.reason}” (${signed(original.amount)})${input.note ? ` — ${input.note}` : ''}`
    return writeLedgerEntry(
      tx,
      holder,
      { currency: original.currency, amount: -original.amount, reason, sessionId: input.sessionId, gameTime: input.gameTime, correctsId: original.id },
      'correct',
    )
  })
}
