/**
 * Where the clock meets the inventory (CLK-4, CLK-5): a torch lit is a torch used, a lantern's oil
 * is its item's, a refill takes a pint from an oil item, and each day's rations and water come out
 * of the characters' packs.
 */
import { sql } from 'kysely'
import * as engine from '../../engines/clock'
import type { ClockEvent, ClockState } from '../../engines/clock'
import { type Tx, AppError } from '../core'
import type { StepRecorder } from './steps'
import type { StepContext } from './step-context'
import { itemIdOfLight, lanternLightId } from './view'

interface ItemRow {
  id: number
  character_id: number
  name: string
  kind: string
  quantity: number
  details: string
}

async function requireItem(ctx: StepContext, itemId: number): Promise<ItemRow & { details_parsed: Record<string, unknown> }> {
  const item = await ctx.tx.trx
    .selectFrom('inventory_item as i')
    .innerJoin('character as c', 'c.id', 'i.character_id')
    .select(['i.id', 'i.character_id', 'i.name', 'i.kind', 'i.quantity', 'i.details'])
    .where('i.id', '=', itemId)
    .where('c.campaign_id', '=', ctx.campaignId)
    .executeTakeFirst()
  if (!item) throw new AppError('not_found', `There is no inventory item with id ${itemId} in this campaign.`, [{ field: 'itemId', problem: 'not in this campaign' }])
  return { ...item, details_parsed: JSON.parse(item.details) as Record<string, unknown> }
}

async function setQuantity(tx: Tx, recorder: StepRecorder, itemId: number, quantity: number): Promise<void> {
  await recorder.touching('inventory_item', itemId)
  await tx.trx.updateTable('inventory_item').set({ quantity, updated_at: tx.realTime }).where('id', '=', itemId).execute()
}

/** A lantern from a pack on the clock, unlit, holding the oil its item holds (CLK-4); as it is if already there. */
export async function placeLantern(ctx: StepContext, state: ClockState, itemId: number): Promise<{ state: ClockState; lightId: string }> {
  const item = await requireItem(ctx, itemId)
  if (item.kind !== 'light' || item.details_parsed.type !== 'lantern') {
    throw new AppError('refused', `“${item.name}” is not a lantern; only a lantern takes oil.`, [{ field: 'itemId', problem: 'not a lantern' }])
  }
  const lightId = lanternLightId(item.id)
  if (state.lights.some((l) => l.id === lightId)) return { state, lightId }
  const pints = Number(item.details_parsed.oilPints ?? 0)
  const capacity = Math.max(engine.DEFAULT_LANTERN_PINTS, Math.ceil(pints))
  const added = engine.addLight(state, { id: lightId, type: 'lantern', holder: { character: String(item.character_id) }, pints, capacityPints: capacity })
  if (!added.ok) throw new AppError('refused', added.reason)
  return { state: added.state, lightId }
}

/**
 * Puts an inventory light on the clock: a torch or candle is taken from its stack (one used) as a
 * fresh light; a lantern goes on as itself, holding the oil its item holds.
 */
export async function lightFromItem(ctx: StepContext, itemId: number): Promise<{ state: ClockState; lightId: string }> {
  const item = await requireItem(ctx, itemId)
  const type = String(item.details_parsed.type ?? '')
  if (item.kind !== 'light' || !type) {
    throw new AppError('refused', `“${item.name}” is not a light source; only torches, candles, lanterns and lamps can be lit.`, [{ field: 'itemId', problem: 'not a light source' }])
  }
  if (type === 'lantern') return placeLantern(ctx, ctx.state, item.id)
  if (item.quantity < 1) {
    throw new AppError('refused', `There is no ${type} left in “${item.name}”: nothing was lit.`, [{ field: 'itemId', problem: 'none left' }])
  }
  // Unique and stable: the item and how many of it were there when this one was taken.
  const lightId = `${type}-${item.id}-${item.quantity}-${ctx.state.time}`
  const holder = { character: String(item.character_id) }
  const added = engine.addLight(ctx.state, { id: lightId, type, holder, ...(type === 'electric lamp' ? { burnMinutes: 600 } : {}) })
  if (!added.ok) throw new AppError('refused', added.reason)
  await setQuantity(ctx.tx, ctx.recorder, item.id, item.quantity - 1)
  return { state: added.state, lightId }
}

/** Where a refill's oil comes from: a flask of oil (a pint a unit) or a lantern in a pack, and how much it holds. */
export interface OilSource {
  itemId: number
  name: string
  pints: number
  /** Takes what was poured out of it. */
  take: (pints: number) => Promise<void>
}

const isFlask = (item: { name: string; kind: string }): boolean => /\boil\b/i.test(item.name) && item.kind !== 'light'
const tidyPints = (pints: number): number => Math.round(pints * 1000) / 1000

/**
 * CLK-4: the oil for a refill: the item the GM chose (a flask of oil, or another lantern's oil),
 * or else the carrier's first flask of oil. Refused, naming the lantern, when there is none.
 */
export async function oilFor(ctx: StepContext, light: engine.LightState, lanternName: string, fromItemId: number | undefined): Promise<OilSource> {
  if (fromItemId === undefined) {
    const carrier = 'character' in light.holder ? Number(light.holder.character) : null
    const flasks = carrier === null ? [] : await ctx.tx.trx
      .selectFrom('inventory_item')
      .select(['id', 'name', 'kind', 'quantity'])
      .where('character_id', '=', carrier)
      .where('kind', '!=', 'light')
      .where('quantity', '>', 0)
      .orderBy('position')
      .orderBy('id')
      .execute()
    const flask = flasks.find(isFlask)
    if (!flask) {
      const who = carrier === null ? 'No one' : ((await ctx.names.need([carrier])).get(String(carrier)) ?? 'The carrier')
      throw new AppError('refused', `${who} carries no oil for ${lanternName}: add a flask of oil (an item named “oil”, a pint each) to the pack, or choose the oil to pour.`, [
        { field: 'fromItemId', problem: 'no oil carried' },
      ])
    }
    fromItemId = flask.id
  }
  const item = await requireItem(ctx, fromItemId)
  if (itemIdOfLight(light.id) === item.id) throw new AppError('refused', 'A lantern cannot be refilled from itself.', [{ field: 'fromItemId', problem: 'the lantern itself' }])
  if (isFlask(item)) {
    if (item.quantity <= 0) throw new AppError('refused', `“${item.name}” is empty: no oil was poured.`, [{ field: 'fromItemId', problem: 'empty' }])
    return { itemId: item.id, name: item.name, pints: item.quantity, take: (pints) => setQuantity(ctx.tx, ctx.recorder, item.id, tidyPints(item.quantity - pints)) }
  }
  const lanternOil = item.kind === 'light' && item.details_parsed.type === 'lantern' ? Number(item.details_parsed.oilPints ?? 0) : null
  if (lanternOil !== null && !ctx.state.lights.some((l) => l.id === lanternLightId(item.id))) {
    if (lanternOil <= 0) throw new AppError('refused', `“${item.name}” holds no oil.`, [{ field: 'fromItemId', problem: 'empty' }])
    const take = async (pints: number): Promise<void> => {
      await ctx.recorder.touching('inventory_item', item.id)
      await ctx.tx.trx
        .updateTable('inventory_item')
        .set({ details: JSON.stringify({ ...item.details_parsed, oilPints: tidyPints(lanternOil - pints) }), updated_at: ctx.tx.realTime })
        .where('id', '=', item.id)
        .execute()
    }
    return { itemId: item.id, name: item.name, pints: lanternOil, take }
  }
  throw new AppError('refused', `“${item.name}” holds no oil to pour. Carry a flask of oil (an item named “oil”, one pint each).`, [
    { field: 'fromItemId', problem: 'holds no oil' },
  ])
}

/** Takes `amount` out of a character's items of one kind, first item first. */
async function consume(tx: Tx, recorder: StepRecorder, characterId: number, kind: 'ration' | 'water', amount: number): Promise<void> {
  let left = amount
  const items = await tx.trx
    .selectFrom('inventory_item')
    .select(['id', 'quantity'])
    .where('character_id', '=', characterId)
    .where('kind', '=', kind)
    .where('quantity', '>', 0)
    .orderBy('position')
    .orderBy('id')
    .execute()
  for (const item of items) {
    if (left <= 0) break
    const take = Math.min(item.quantity, left)
    await setQuantity(tx, recorder, item.id, item.quantity - take)
    left -= take
  }
}

/**
 * Writes back what a step's events did to the inventory and injuries: rations and water eaten
 * (CLK-5), lanterns' oil burnt (CLK-4), injuries healed (CLK-8).
 */
export async function applyInventoryEffects(tx: Tx, recorder: StepRecorder, state: ClockState, events: ClockEvent[]): Promise<void> {
  // A long advance crosses many days: what each character ate and drank is summed and taken from
  // the packs once (first item first, as day by day would).
  const eaten = new Map<number, { ration: number; water: number }>()
  for (const e of events) {
    if (e.kind !== 'rations') continue
    const sum = eaten.get(Number(e.characterId)) ?? { ration: 0, water: 0 }
    sum.ration += e.food.consumed
    sum.water += e.water.consumed
    eaten.set(Number(e.characterId), sum)
  }
  for (const [characterId, sum] of eaten) {
    if (sum.ration > 0) await consume(tx, recorder, characterId, 'ration', sum.ration)
    if (sum.water > 0) await consume(tx, recorder, characterId, 'water', sum.water)
  }
  for (const e of events) {
    // Injuries of the injury table heal here; OSR-20 rest records (ids "rest-…") live on the sheet.
    if (e.kind === 'injury' && e.cleared && /^\d+$/.test(e.injuryId)) {
      const id = Number(e.injuryId)
      await recorder.touching('injury', id)
      await tx.trx.updateTable('injury').set({ healed: 1, healed_at: e.at, updated_at: tx.realTime }).where('id', '=', id).execute()
    }
  }
  // Lanterns' oil: their items read in one query, written back where the oil changed.
  const burnt = new Map<number, number>()
  for (const l of state.lights) {
    const itemId = itemIdOfLight(l.id)
    const pints = engine.oilPints(l)
    if (itemId !== null && pints !== null) burnt.set(itemId, Math.round(pints * 1000) / 1000)
  }
  if (burnt.size === 0) return
  const items = await tx.trx.selectFrom('inventory_item').selectAll().where('id', 'in', [...burnt.keys()]).execute()
  const byId = new Map(items.map((i) => [i.id, i]))
  const written: { id: number; details: string }[] = []
  for (const [itemId, rounded] of burnt) {
    const item = byId.get(itemId)
    if (!item) continue // the lantern was removed from the inventory; the clock keeps its light
    const details = JSON.parse(item.details) as Record<string, unknown>
    if (details.oilPints === rounded) continue
    recorder.touchingAs('inventory_item', itemId, { ...item })
    written.push({ id: itemId, details: JSON.stringify({ ...details, oilPints: rounded }) })
  }
  if (written.length === 0) return
  // Every lantern's oil in one statement: each item its own details.
  const details = written.length === 1 ? written[0]!.details : sql<string>`case ${sql.ref('id')} ${sql.join(written.map((w) => sql`when ${w.id} then ${w.details}`), sql` `)} end`
  await tx.trx
    .updateTable('inventory_item')
    .set({ details, updated_at: tx.realTime })
    .where('id', 'in', written.map((w) => w.id))
    .execute()
}
