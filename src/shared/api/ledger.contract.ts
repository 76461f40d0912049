/**
 * The meta-currency ledger: Plot Points, Background Pool, Destiny, Energy, XP, Threat and gold as
 * one history of entries per holder. Balances are the sum of the entries, kept beside them by the
 * library's triggers (migration 0020), never written by hand; a correction is a new entry that
 * reverses an old one, never an edit of history.
 */
import { z } from 'zod'
import { CURRENCY_IDS } from '../currencies'
import { Id, type MethodDef } from './common'
import type { LedgerMethod } from './ledger.names'
import { text } from './records.contract'
import { GameTime } from './sessions.contract'

export const Currency = z.enum(CURRENCY_IDS, { error: () => `must be one of: ${CURRENCY_IDS.join(', ')}` })

export const LedgerEntry = z.object({
  id: Id,
  campaignId: Id,
  /** Null for the campaign's own currencies (Threat, RK-7). */
  characterId: Id.nullable(),
  currency: Currency,
  /** + earned, − spent; never 0. */
  amount: z.number().int(),
  reason: z.string(),
  sessionId: Id.nullable(),
  /** The session's number, for "Session 3" on the timeline. */
  sessionNumber: z.number().int().nullable(),
  gameTime: z.number().int(),
  /** The log entry this change wrote. */
  logEntryId: Id.nullable(),
  /** The entry this one reverses, when it is a correction. */
  correctsId: Id.nullable(),
  /** The correction that reversed this entry, if one has. */
  correctedById: Id.nullable(),
  /** The holder's balance in this currency right after this entry. */
  balanceAfter: z.number().int(),
  createdAt: z.string(),
})
export type LedgerEntry = z.infer<typeof LedgerEntry>

export const Balance = z.object({ currency: Currency, balance: z.number().int() })
export type Balance = z.infer<typeof Balance>

/** Whose ledger: a character's, or with no character the campaign's own (Threat). */
const Holder = {
  campaignId: Id,
  characterId: Id.optional(),
}

const Amount = z
  .number({ error: 'must be a number' })
  .int('must be a whole number')
  .min(1, 'must be 1 or more')
  .max(1_000_000, 'must be at most 1,000,000')

const Reason = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'say why, for the ledger')
  .max(500, 'must be at most 500 characters')

/**
 * Session and game time of a change: without a session, the one being played (null: none); without
 * a game time, the clock's time now (CLK-1).
 */
const When = {
  sessionId: Id.nullable().optional(),
  gameTime: GameTime.optional(),
}

const Change = z.object({ ...Holder, currency: Currency, amount: Amount, reason: Reason, ...When }).strict()
/** LODE-9: Energy over the character's supply is earned only when the GM says so (the entry says it was their choice). */
const Earn = z.object({ ...Holder, currency: Currency, amount: Amount, reason: Reason, ...When, overSupply: z.boolean({ error: 'must be yes or no' }).optional() }).strict()

export const ledgerContract = {
  'ledger.list': {
    scope: 'gm',
    summary: "A character's (or the campaign's) ledger entries, newest first, optionally of one currency.",
    input: z
      .object({
        ...Holder,
        currency: Currency.optional(),
        /** The oldest id already shown: the next page starts below it. */
        beforeId: Id.optional(),
        limit: z.number().int('must be a whole number').min(1, 'must be 1 or more').max(500, 'must be at most 500').default(50),
      })
      .strict(),
    output: z.object({ items: z.array(LedgerEntry), total: z.number().int() }),
  },
  'ledger.balances': {
    scope: 'gm',
    summary: "Every balance of a character, or of the campaign itself: the sum of the ledger's entries.",
    input: z.object(Holder).strict(),
    output: z.array(Balance),
  },
  'ledger.earn': {
    scope: 'gm',
    summary: 'Adds to a balance, with the reason (an award, an adventure survived, treasure); Energy over the supply only when the GM says so.',
    input: Earn,
    output: LedgerEntry,
  },
  'ledger.spend': {
    scope: 'gm',
    summary: 'Takes from a balance, with the reason; refused, with the balance, when it cannot cover it.',
    input: Change,
    output: LedgerEntry,
  },
  'ledger.correct': {
    scope: 'gm',
    summary: 'Reverses a mistaken entry with a new, opposite one that names it; history is never edited.',
    input: z.object({ id: Id, note: text(500).default(''), ...When }).strict(),
    output: LedgerEntry,
  },
  'ledger.giveReason': {
    scope: 'gm',
    summary: 'Gives or changes the reason of an entry after it was made (an undoable action); its amount, balance and time stay.',
    input: z.object({ ledgerEntryId: Id, reason: Reason }).strict(),
    output: LedgerEntry,
  },
} as const satisfies Record<LedgerMethod, MethodDef>
