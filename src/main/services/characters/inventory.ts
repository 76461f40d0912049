/**
 * Inventory: what a character carries. Each change is one transaction with its log entry. Load and
 * speed are derived from it (OSR-5 weights, OSR-7 speed), never stored.
 */
import { sql, type Kysely, type Selectable } from 'kysely'
import type { Database, InventoryItemTable } from '../../db/schema'
import type { Encumbrance, InventoryItem, ItemKind } from '../../../shared/contract'
import { ITEM_DETAILS } from '../../../shared/api/inventory.contract'
import { describeProblems } from '../../../shared/api/field-labels'
import { coinWeight, itemWeight, speed } from '../../engines/osr'
import { DEFAULT_LANTERN_PINTS } from '../../engines/clock'
import { unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged } from '../core'
import { ledgerBalances } from '../ledger'

function toItem(row: Selectable<InventoryItemTable>): InventoryItem {
  return {
    id: row.id,
    characterId: row.character_id,
    name: row.name,
    kind: row.kind,
    quantity: row.quantity,
    weightLbs: row.weight_lbs,
    valueGp: row.value_gp,
    details: JSON.parse(row.details) as Record<string, unknown>,
    position: row.position,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

/** Rounds away float dust (0.1 + 0.2) from sums of weights and values. */
const tidy = (n: number): number => Math.round(n * 1000) / 1000

/**
 * Load and speed (OSR-7) for what a character carries, with the gold in their purse weighed as
 * coins (OSR-5: 5 GP weigh 1 lb).
 * @example await encumbranceOf(db, { id: 4, campaignId: 1 }) // { loadLbs: 145, open: { perTurnFt: 600, … }, … }
 */
export async function encumbranceOf(db: Kysely<Database>, character: { id: number; campaignId: number }): Promise<Encumbrance> {
  const sums = await db
    .selectFrom('inventory_item')
    .select([sql<number>`coalesce(sum(quantity * weight_lbs), 0)`.as('load'), sql<number>`coalesce(sum(quantity * value_gp), 0)`.as('value')])
    .where('character_id', '=', character.id)
    .executeTakeFirstOrThrow()
  const balances = await ledgerBalances(db, { campaignId: character.campaignId, characterId: character.id })
  const gold = balances.find((b) => b.currency === 'gold')?.balance ?? 0
  const purseLbs = tidy(coinWeight(Math.max(0, gold)))
  const loadLbs = tidy(Number(sums.load) + purseLbs)
  const open = speed({ place: 'open', loadLbs })
  const enclosed = speed({ place: 'enclosed', loadLbs })
  return {
    loadLbs,
    purseLbs,
    valueGp: tidy(Number(sums.value)),
    fullLoadSteps: open.fullLoadSteps,
    open: { perTurnFt: open.perTurnFt, perRoundFt: open.perRoundFt },
    enclosed: { perTurnFt: enclosed.perTurnFt, perRoundFt: enclosed.perRoundFt },
  }
}

async function requireOwner(db: Kysely<Database>, characterId: number): Promise<{ id: number; campaignId: number; name: string }> {
  const row = await db.selectFrom('character').select(['id', 'campaign_id', 'name']).where('id', '=', characterId).executeTakeFirst()
  if (!row) throw new AppError('not_found', `There is no character with id ${characterId}; it may have been deleted.`, [{ field: 'characterId', problem: 'no character has this id' }])
  return { id: row.id, campaignId: row.campaign_id, name: row.name }
}

/**
 * A character's items in order, with the load and speed they give.
 * @example await listInventory(db, 4) // { items: [...], encumbrance: { loadLbs: 31, … } }
 */
export async function listInventory(db: Kysely<Database>, characterId: number): Promise<{ items: InventoryItem[]; encumbrance: Encumbrance }> {
  const owner = await requireOwner(db, characterId)
  const rows = await db.selectFrom('inventory_item').selectAll().where('character_id', '=', characterId).orderBy('position').orderBy('id').execute()
  return { items: rows.map(toItem), encumbrance: await encumbranceOf(db, owner) }
}

/** The details an item's kind needs, checked; every value that cannot be is named (`details.oilPints`). */
function checkedDetails(kind: ItemKind, raw: Record<string, unknown>): Record<string, unknown> {
  const parsed = ITEM_DETAILS[kind].safeParse(raw)
  if (parsed.success) return parsed.data as Record<string, unknown>
  const details = parsed.error.issues.map((i) => ({
    field: ['details', ...i.path.map(String)].join('.'),
    problem: i.code === 'unrecognized_keys' ? `${/^[aeiou]/.test(kind) ? 'an' : 'a'} ${kind} item has no ${i.keys.join(', ')}` : i.message,
  }))
  throw new AppError('invalid_input', `The item was refused: ${describeProblems(details)}. Nothing was saved.`, details)
}

/**
 * CLK-4: a lantern added to a pack comes with a pint of oil in it (the seed's lantern is "filled
 * with 1 pt. of oil") unless the GM says how much.
 */
function withLanternOil(kind: ItemKind, details: Record<string, unknown>): Record<string, unknown> {
  return kind === 'light' && details.type === 'lantern' && details.oilPints === undefined ? { ...details, oilPints: DEFAULT_LANTERN_PINTS } : details
}

/** OSR-5: an item weighs its GP value in lbs unless the GM says otherwise; 5 GP of coins weigh 1 lb. */
function defaultWeight(kind: ItemKind, valueGp: number): number {
  return kind === 'coins' ? coinWeight(valueGp) : itemWeight({ priceGP: valueGp })
}

export interface NewItem {
  characterId: number
  name: string
  kind: ItemKind
  quantity: number
  weightLbs?: number | undefined
  valueGp: number
  details: Record<string, unknown>
}

/**
 * Adds an item at the end of a character's inventory.
 * @example await addItem(deps, { characterId: 4, name: 'Lantern', kind: 'light', quantity: 1, valueGp: 10, weightLbs: 2, details: { type: 'lantern', oilPints: 2 } })
 */
export async function addItem(deps: ServiceDeps, input: NewItem): Promise<InventoryItem> {
  const details = checkedDetails(input.kind, withLanternOil(input.kind, input.details))
  return unitOfWork(deps, async (tx) => {
    const owner = await requireOwner(tx.trx, input.characterId)
    const last = await tx.trx
      .selectFrom('inventory_item')
      .select((eb) => eb.fn.max('position').as('p'))
      .where('character_id', '=', owner.id)
      .executeTakeFirst()
    const row = await tx.trx
      .insertInto('inventory_item')
      .values({
        character_id: owner.id,
        name: input.name,
        kind: input.kind,
        quantity: input.quantity,
        weight_lbs: input.weightLbs ?? defaultWeight(input.kind, input.valueGp),
        value_gp: input.valueGp,
        details: JSON.stringify(details),
        position: (last?.p ?? 0) + 1,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    await recordChanged(
      tx,
      { campaignId: owner.campaignId, kind: 'inventory', id: row.id, change: 'created', characterId: owner.id },
      { kind: 'inventory.added', payload: { id: row.id, characterId: owner.id, character: owner.name, name: row.name, quantity: row.quantity } },
    )
    return toItem(row)
  })
}

async function requireItem(tx: Tx, id: number): Promise<Selectable<InventoryItemTable>> {
  const row = await tx.trx.selectFrom('inventory_item').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('item', id)
  return row
}

export interface ItemChanges {
  id: number
  name?: string | undefined
  kind?: ItemKind | undefined
  quantity?: number | undefined
  weightLbs?: number | undefined
  valueGp?: number | undefined
  details?: Record<string, unknown> | undefined
}

/**
 * Changes an item; a new kind needs details that fit it.
 * @example await updateItem(deps, { id: 9, quantity: 3 })
 */
export async function updateItem(deps: ServiceDeps, input: ItemChanges): Promise<InventoryItem> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireItem(tx, input.id)
    const kind = input.kind ?? before.kind
    const detailsChanged = input.details !== undefined || kind !== before.kind
    // An item that becomes a lantern is a lantern added to the pack: a pint of oil unless told (CLK-4).
    const wasLantern = before.kind === 'light' && (JSON.parse(before.details) as { type?: string }).type === 'lantern'
    const asked = wasLantern ? (input.details ?? {}) : withLanternOil(kind, input.details ?? {})
    const details = detailsChanged ? JSON.stringify(checkedDetails(kind, asked)) : before.details
    const after = {
      name: input.name ?? before.name,
      kind,
      quantity: input.quantity ?? before.quantity,
      weight_lbs: input.weightLbs ?? before.weight_lbs,
      value_gp: input.valueGp ?? before.value_gp,
      details,
    }
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => after[k] !== before[k])
    if (changed.length === 0) return toItem(before)
    const row = await tx.trx
      .updateTable('inventory_item')
      .set({ ...after, updated_at: tx.realTime })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const owner = await requireOwner(tx.trx, row.character_id)
    const from = Object.fromEntries(changed.map((k) => [k, k === 'details' ? JSON.parse(before.details) : before[k]]))
    const to = Object.fromEntries(changed.map((k) => [k, k === 'details' ? JSON.parse(after.details) : after[k]]))
    await recordChanged(
      tx,
      { campaignId: owner.campaignId, kind: 'inventory', id: row.id, change: 'updated', characterId: owner.id },
      { kind: 'inventory.updated', payload: { id: row.id, characterId: owner.id, character: owner.name, name: row.name, from, to } },
    )
    return toItem(row)
  })
}

/** @example await removeItem(deps, { id: 9 }) */
export async function removeItem(deps: ServiceDeps, input: { id: number }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireItem(tx, input.id)
    const owner = await requireOwner(tx.trx, before.character_id)
    await tx.trx.deleteFrom('inventory_item').where('id', '=', before.id).execute()
    await recordChanged(
      tx,
      { campaignId: owner.campaignId, kind: 'inventory', id: before.id, change: 'deleted', characterId: owner.id },
      { kind: 'inventory.removed', payload: { id: before.id, characterId: owner.id, character: owner.name, name: before.name, item: toItem(before) } },
    )
    return { id: before.id }
  })
}
