/**
 * Which campaign an API call's changes belong to, for the writer lock on PostgreSQL
 * (writer-lock.ts): the router runs each call inside `inCall`, and each unit of work the call
 * makes asks `lockTargetOf` what to lock. A call naming its campaign (`campaignId`) locks that
 * campaign, whose services refuse records of another campaign; a call naming only records (an
 * adventure's `id`, a roll's `rollId`, a character's `characterId` …) locks the campaign those
 * records are in, looked up once per call, when all of them are in one campaign. Everything else,
 * and any unit of work outside a call, locks the whole library: never less than it needs.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { sql, type Kysely, type RawBuilder } from 'kysely'
import type { Database } from '../../db/schema'
import type { LockTarget } from './writer-lock'

interface Call {
  method: string
  input: unknown
  target?: Promise<LockTarget>
}

const calls = new AsyncLocalStorage<Call>()

/**
 * Runs one API call: the units of work it makes lock what its input names.
 * @example await inCall('clock.advance', input, () => handler(input, ctx))
 */
export function inCall<R>(method: string, input: unknown, fn: () => Promise<R>): Promise<R> {
  return calls.run({ method, input }, fn)
}

/** Calls that change what is shared by every campaign of the library. */
const LIBRARY_WIDE = new Set(['campaign.create', 'campaign.delete', 'desktop.importCampaign', 'players.stop', 'players.changeKey'])

/** Whose rows an `id` is, by the method's module (longest prefix first). */
const ID_OWNER: readonly (readonly [string, string])[] = [
  ['ladder.conflict.', 'ladder_conflict'],
  ['ladder.combat.', 'ladder_conflict'],
  ['encounterTable.', 'encounter_table'],
  ['adventure.', 'adventure'],
  ['character.', 'character'],
  ['inventory.', 'inventory_item'],
  ['session.', 'session'],
  ['location.', 'location'],
  ['ledger.', 'ledger_entry'],
  ['injury.', 'injury'],
  ['challenge.', 'challenge'],
  ['play.close', 'session'],
]

/** Whose rows a `rollId` is, by the method's module. */
const ROLL_OWNER: readonly (readonly [string, string])[] = [
  ['lode.', 'lode_roll'],
  ['ranks.', 'ranks_roll'],
]

/** Fields naming a record of one table, whatever the method. */
const FIELD_OWNER: Readonly<Record<string, string>> = {
  characterId: 'character',
  partnerId: 'character',
  giveToId: 'character',
  logEntryId: 'log_entry',
  ledgerEntryId: 'ledger_entry',
  itemId: 'inventory_item',
}

/** The campaign of the row `id` of `table` (an item's is its holder's). */
function campaignOfRow(table: string, id: number): RawBuilder<number | null> {
  if (table === 'inventory_item') return sql<number | null>`(select c.campaign_id from inventory_item i join character c on c.id = i.character_id where i.id = ${id})`
  return sql<number | null>`(select campaign_id from ${sql.table(table)} where id = ${id})`
}

function ownerByPrefix(owners: readonly (readonly [string, string])[], method: string): string | undefined {
  return owners.find(([prefix]) => method.startsWith(prefix))?.[1]
}

/** The records a call's input names, as [table, id]. */
function namedRows(method: string, input: Record<string, unknown>): [string, number][] {
  const rows: [string, number][] = []
  const add = (table: string | undefined, id: unknown): void => {
    if (table && typeof id === 'number') rows.push([table, id])
  }
  add(ownerByPrefix(ID_OWNER, method), input.id)
  add(ownerByPrefix(ROLL_OWNER, method), input.rollId)
  for (const [field, table] of Object.entries(FIELD_OWNER)) add(table, input[field])
  return rows
}

async function resolve(db: Kysely<Database>, call: Call): Promise<LockTarget> {
  const { method } = call
  if (LIBRARY_WIDE.has(method) || typeof call.input !== 'object' || call.input === null) return 'library'
  const input = call.input as Record<string, unknown>
  if (typeof input.campaignId === 'number') return { campaignId: input.campaignId }
  if (method === 'campaign.rename' && typeof input.id === 'number') return { campaignId: input.id }
  const rows = namedRows(method, input)
  if (rows.length === 0) return 'library'
  // Which campaign a record is in never changes, so it is read before the lock, in one round trip.
  const columns = rows.map(([table, id], i) => sql`${campaignOfRow(table, id)} as ${sql.ref(`c${i}`)}`)
  const { rows: found } = await sql<Record<string, number | null>>`select ${sql.join(columns)}`.execute(db)
  const campaigns = new Set(Object.values(found[0] ?? {}))
  const [only] = campaigns
  return campaigns.size === 1 && typeof only === 'number' ? { campaignId: only } : 'library'
}

/**
 * What the unit of work being started must lock: the campaign of the call it is part of, or the
 * library (outside a call, or when the call names no one campaign).
 * @example const target = await lockTargetOf(deps.db) // { campaignId: 3 }
 */
export function lockTargetOf(db: Kysely<Database>): Promise<LockTarget> {
  const call = calls.getStore()
  if (!call) return Promise.resolve('library')
  call.target ??= resolve(db, call).catch((): LockTarget => 'library')
  return call.target
}
