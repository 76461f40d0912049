/**
 * A Ladder character's starting Plot Points, credited through the ledger: 1 per written episode of
 * their past, at most 3 (LAD-21), or a super's pool of 3 (LAD-30). A player character is credited
 * as they are created, or as an NPC becomes one, in the same transaction; one created before that
 * is offered the credit between sessions. A start is credited once: the ledger remembers it.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LadderSheet } from '../../../shared/api/sheets/ladder'
import { amountOf } from '../../../shared/currencies'
import { creationPlotPoints, superStartingPool } from '../../engines/ladder'
import { unitOfWork, type ServiceDeps, type Tx } from '../core'
import { ledgerHolder, writeLedgerEntry } from '../ledger'
import { ladderCharacter, possessive, refuse, requireLadder } from './ladder-common'

/** A ledger reason that credits a start: the episodes written at creation (by Lantern or by the GM's hand), or a super's pool. */
function creditsStart(reason: string): boolean {
  return /starting pool/i.test(reason) || (/\bepisodes?\b/i.test(reason) && !/^adventure survived/i.test(reason))
}

/**
 * The live ledger entry that credited a character's start (never reversed since), if any.
 * @example await startCredit(db, 1, 4) // { amount: 2, reason: '2 episodes at creation (LAD-21)' }
 */
export async function startCredit(db: Kysely<Database>, campaignId: number, characterId: number): Promise<{ amount: number; reason: string } | null> {
  const rows = await db
    .selectFrom('ledger_entry')
    .select(['id', 'amount', 'reason'])
    .where('campaign_id', '=', campaignId)
    .where('character_id', '=', characterId)
    .where('currency', '=', 'pp')
    .where('corrects_id', 'is', null)
    .where('amount', '>', 0)
    .orderBy('id')
    .execute()
  const starts = rows.filter((r) => creditsStart(r.reason))
  if (starts.length === 0) return null
  const reversed = new Set(
    (await db.selectFrom('ledger_entry').select('corrects_id').where('corrects_id', 'in', starts.map((r) => r.id)).execute()).map((r) => r.corrects_id),
  )
  const live = starts.find((r) => !reversed.has(r.id))
  return live ? { amount: live.amount, reason: live.reason } : null
}

export interface StartOwed {
  amount: number
  /** The ledger's reason. */
  reason: string
  rule: 'LAD-21' | 'LAD-30'
  /** "2 episodes", "starting pool of 3": what was never credited, after the character's name. */
  what: string
}

/**
 * What a character starts with, by the engine: a super's pool of 3 (LAD-30), else 1 Plot Point per
 * written episode, at most 3 (LAD-21); null with no episode written.
 * @example startingOwed('Tai', taiSheet) // { amount: 2, reason: '2 episodes at creation (LAD-21)', rule: 'LAD-21', what: '2 episodes' }
 */
export function startingOwed(name: string, sheet: Pick<LadderSheet, 'super' | 'episodes'>): StartOwed | null {
  const stamp = { character: name, session: 0, gameTime: 0 }
  if (sheet.super) {
    const pool = superStartingPool([], stamp)
    return pool.ok ? { amount: pool.entry.amount, reason: `${pool.entry.reason} (LAD-30)`, rule: 'LAD-30', what: `starting pool of ${pool.entry.amount}` } : null
  }
  const credit = creationPlotPoints([], stamp, sheet.episodes)
  if (!credit.ok) return null
  const n = sheet.episodes.filter((e) => e.trim() !== '').length
  return { amount: credit.entry.amount, reason: `${credit.entry.reason} (LAD-21)`, rule: 'LAD-21', what: `${n} episode${n === 1 ? '' : 's'}` }
}

/**
 * Credits a new player character's start in the caller's unit of work (character.create, or an NPC
 * becoming a PC): nothing for another system, an NPC, a draft, a start already credited, or no
 * episode written.
 * @example await creditLadderStart(tx, 1, 4) // Tai gained 2 Plot Points: 2 episodes at creation (LAD-21)
 */
export async function creditLadderStart(tx: Tx, campaignId: number, characterId: number): Promise<void> {
  const campaign = await tx.trx.selectFrom('campaign').select('system').where('id', '=', campaignId).executeTakeFirst()
  if (campaign?.system !== 'ladder') return
  const c = await ladderCharacter(tx.trx, campaignId, characterId)
  if (c.kind !== 'pc' || c.draft || (await startCredit(tx.trx, campaignId, characterId))) return
  const owed = startingOwed(c.name, c.sheet)
  if (!owed) return
  await writeLedgerEntry(tx, await ledgerHolder(tx.trx, campaignId, characterId), { currency: 'pp', amount: owed.amount, reason: owed.reason }, 'earn')
}

export interface UnpaidStart {
  characterId: number
  name: string
  amount: number
  text: string
  rule: string
}

/**
 * The campaign's active player characters whose start no ledger entry credits. A super is offered
 * the pool only while their ledger holds no Plot Point at all: once a session has closed, LAD-30's
 * top-up has filled it.
 * @example await unpaidStarts(db, 1) // [{ name: 'Tai', amount: 2, text: 'Tai’s 2 episodes were never credited', … }]
 */
export async function unpaidStarts(db: Kysely<Database>, campaignId: number): Promise<UnpaidStart[]> {
  const rows = await db.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').where('status', '=', 'active').where('draft', '=', 0).orderBy('name').execute()
  const out: UnpaidStart[] = []
  for (const { id } of rows) {
    const c = await ladderCharacter(db, campaignId, id).catch(() => null)
    const owed = c && startingOwed(c.name, c.sheet)
    if (!c || !owed || (await startCredit(db, campaignId, id))) continue
    if (c.sheet.super && (await db.selectFrom('ledger_entry').select('id').where('character_id', '=', id).where('currency', '=', 'pp').executeTakeFirst())) continue
    const verb = owed.rule === 'LAD-30' || owed.what === '1 episode' ? 'was' : 'were'
    out.push({ characterId: id, name: c.name, amount: owed.amount, text: `${possessive(c.name)} ${owed.what} ${verb} never credited`, rule: owed.rule })
  }
  return out
}

/**
 * Credits a start never credited, between sessions (an action: Ctrl+Z takes it back). Refused for
 * an NPC, a start already credited, or no episode written.
 * @example await creditStart(deps, { campaignId: 1, characterId: 4 }) // { text: 'Tai gained 2 Plot Points: 2 episodes at creation (LAD-21) (now 2).', … }
 */
export async function creditStart(deps: ServiceDeps, input: { campaignId: number; characterId: number }): Promise<{ logEntryIds: number[]; text: string }> {
  return unitOfWork(deps, async (tx) => {
    await requireLadder(tx.trx, input.campaignId)
    const c = await ladderCharacter(tx.trx, input.campaignId, input.characterId)
    if (c.kind !== 'pc' || c.draft) throw refuse('characterId', `${c.name} is an NPC: starting Plot Points are a player character’s (LAD-21).`)
    const done = await startCredit(tx.trx, input.campaignId, c.id)
    if (done) throw refuse('characterId', `${possessive(c.name)} start was credited already: “${done.reason}”, ${amountOf('pp', done.amount)}.`)
    const owed = startingOwed(c.name, c.sheet)
    if (!owed) throw refuse('characterId', `${c.name} has no written episode yet; each one written is worth 1 starting Plot Point (LAD-21).`)
    const entry = await writeLedgerEntry(tx, await ledgerHolder(tx.trx, input.campaignId, c.id), { currency: 'pp', amount: owed.amount, reason: owed.reason, sessionId: null }, 'earn')
    return { logEntryIds: entry.logEntryId === null ? [] : [entry.logEntryId], text: `${c.name} gained ${amountOf('pp', owed.amount)}: ${owed.reason}.` }
  })
}
