/**
 * Gear bought and sold between sessions (OSR-5): the seed's prices, each die rolled with the
 * campaign's dice and its exact odds shown first; the gold paid from the purse through the ledger
 * and the item put in the pack, weighing its GP value in lbs unless the GM says otherwise, in one
 * transaction, so the load and speed of OSR-7 follow. An item sold back leaves the pack at the
 * price the GM sets. Both keep the pack's rows before and after, for undo.
 */
import type { MethodOutput, ParsedInput } from '../../../shared/contract'
import { ITEM_DETAILS } from '../../../shared/api/inventory.contract'
import { outcomes, purchaseOdds, purchaseRule, rollPurchase, itemWeight, type Purchase } from '../../engines/osr'
import { DEFAULT_LANTERN_PINTS } from '../../engines/clock'
import { unitOfWork, campaignDice, type ServiceDeps, type Tx, AppError, notFound, Rows } from '../core'
import { ledgerHolder, writeLedgerEntry } from '../ledger'
import { balance, growthEntry, osrPerson, refusal } from './osr-common'

type BuyInput = ParsedInput<'growth.osr.buy'>
type PriceInput = ParsedInput<'growth.osr.priceOdds'>

/** The purchase as the engine reads it, refused in words when what it needs is missing or does not fit it. */
function purchaseOf(input: PriceInput & Partial<Pick<BuyInput, 'kind' | 'type'>>, outcome: string): Purchase {
  const weapon = input.what === 'melee' || input.what === 'ranged'
  if (weapon && input.weaponClass === undefined) throw refusal('weaponClass', 'a weapon needs its class: short, standard or long (OSR-16)', outcome)
  if (!weapon && input.weaponClass !== undefined) throw refusal('weaponClass', 'only a weapon has a weapon class', outcome)
  if (input.what === 'armour' && input.modifier === undefined) throw refusal('modifier', 'armour needs its modifier, +1 or more (OSR-5)', outcome)
  if (input.what !== 'armour' && input.modifier !== undefined) throw refusal('modifier', 'only armour has an armour modifier', outcome)
  const item = input.what === 'basic' || input.what === 'simple' || input.what === 'rare'
  if (!item && input.kind !== undefined) throw refusal('kind', 'a weapon, armour or projectiles go into the pack as what they are', outcome)
  if (input.kind === 'light' && input.type === undefined) throw refusal('type', 'a light needs its kind: candle, torch, lantern or electric lamp (OSR-8)', outcome)
  if (input.kind !== 'light' && input.type !== undefined) throw refusal('type', 'only a light has a kind of light', outcome)
  return { what: input.what, ...(input.weaponClass ? { weapon: input.weaponClass } : {}), advanced: input.advanced, ...(input.modifier === undefined ? {} : { modifier: input.modifier }) }
}

/**
 * What a purchase costs (OSR-5) and the exact odds of its die, before it is rolled.
 * @example osrPriceOdds({ what: 'rare', advanced: false }) // { rule: 'a complex or rare item costs 1d6 × 10 GP', dice: '1d6 × 10', rolls: 'price', priceGp: [[10, 1/6], …], quantity: [[1, 1]] }
 */
export function osrPriceOdds(input: PriceInput): MethodOutput<'growth.osr.priceOdds'> {
  const purchase = purchaseOf(input, 'Nothing was rolled.')
  const odds = purchaseOdds(purchase)
  return { rule: purchaseRule(purchase), dice: odds.dice, rolls: odds.rolls, priceGp: outcomes(odds.priceGP), quantity: outcomes(odds.quantity) }
}

/** The pack's kind and details of what is bought. */
function packed(input: BuyInput): { kind: keyof typeof ITEM_DETAILS; details: Record<string, unknown> } {
  if (input.what === 'melee' || input.what === 'ranged') return { kind: 'weapon', details: { weaponClass: input.weaponClass, ranged: input.what === 'ranged', advanced: input.advanced } }
  if (input.what === 'armour') return { kind: 'armour', details: { modifier: input.modifier } }
  const kind = input.kind ?? 'other'
  // CLK-4: a lantern comes with a pint of oil in it, as one added to a pack does.
  const details = kind === 'light' ? { type: input.type, oilPints: input.type === 'lantern' ? DEFAULT_LANTERN_PINTS : 0 } : {}
  return { kind, details: ITEM_DETAILS[kind].parse(details) as Record<string, unknown> }
}

/** Puts the item at the end of the character's pack; its row as stored. */
async function intoPack(tx: Tx, characterId: number, item: { name: string; kind: keyof typeof ITEM_DETAILS; details: Record<string, unknown>; quantity: number; weightLbs: number; valueGp: number }): Promise<number> {
  const last = await tx.trx.selectFrom('inventory_item').select((eb) => eb.fn.max('position').as('p')).where('character_id', '=', characterId).executeTakeFirst()
  const row = await tx.trx
    .insertInto('inventory_item')
    .values({
      character_id: characterId,
      name: item.name,
      kind: item.kind,
      quantity: item.quantity,
      weight_lbs: item.weightLbs,
      value_gp: item.valueGp,
      details: JSON.stringify(item.details),
      position: Number(last?.p ?? 0) + 1,
      created_at: tx.realTime,
      updated_at: tx.realTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

/** A weapon's or armour's price is certain (OSR-5): no die is taken from the campaign's dice for it. */
const NO_DICE = {
  roll(): number {
    throw new Error('A fixed price rolls no die.')
  },
}

const lbs = (n: number): string => `${Math.round(n * 100) / 100} lb${n === 1 ? '' : 's'}`

/**
 * Buys gear at the seed's prices (OSR-5): refused in words, with nothing rolled kept, when the
 * purse cannot pay.
 * @example await buyOsrGear(deps, { characterId: 4, what: 'melee', weaponClass: 'short', name: 'Dagger', advanced: false }) // { text: 'Glam bought “Dagger” for 3 GP …', … }
 */
export async function buyOsrGear(deps: ServiceDeps, input: BuyInput): Promise<MethodOutput<'growth.osr.buy'>> {
  const outcome = 'Nothing was bought.'
  const purchase = purchaseOf(input, outcome)
  return unitOfWork(deps, async (tx) => {
    const p = await osrPerson(tx.trx, input.characterId, outcome)
    const dice = purchaseOdds(purchase).dice === null ? null : await campaignDice(tx, p.campaignId)
    const rolled = rollPurchase(dice ?? NO_DICE, purchase)
    const rule = purchaseRule(purchase)
    const roll = dice ? `; rolled ${rolled.faces.join(', ')}` : ''
    const what = rolled.quantity === 1 ? `“${input.name}”` : `${rolled.quantity} × “${input.name}”`
    const gold = await balance(tx.trx, p.campaignId, p.id, 'gold')
    if (gold < rolled.priceGP) throw refusal('characterId', `${p.name} has ${gold} GP; ${what} costs ${rolled.priceGP} GP (${rule}${roll})`, outcome)
    if (rolled.priceGP > 0) {
      const holder = await ledgerHolder(tx.trx, p.campaignId, p.id)
      await writeLedgerEntry(tx, holder, { currency: 'gold', amount: -rolled.priceGP, reason: `Bought ${what} (OSR-5)`, sessionId: null }, 'spend')
    }
    // OSR-5: the whole purchase weighs its GP value in lbs unless the GM says otherwise; the pack keeps weight and value per unit.
    const weight = input.weightLbs ?? itemWeight({ priceGP: rolled.priceGP })
    const { kind, details } = packed(input)
    const id = await intoPack(tx, p.id, { name: input.name, kind, details, quantity: rolled.quantity, weightLbs: weight / rolled.quantity, valueGp: rolled.priceGP / rolled.quantity })
    const rows = [{ table: 'inventory_item' as const, id, before: null, after: await Rows.readRow(tx, 'inventory_item', id) }]
    const text = `${p.name} bought ${what} for ${rolled.priceGP} GP (OSR-5: ${rule}${roll}); ${gold - rolled.priceGP} GP left, and the pack is ${lbs(weight)} heavier.`
    await growthEntry(tx, {
      campaignId: p.campaignId,
      characterId: p.id,
      name: p.name,
      kind: 'growth.osr.bought',
      text,
      payload: { rule: 'OSR-5', item: input.name, priceGp: rolled.priceGP, quantity: rolled.quantity, weightLbs: weight, rows },
      ...(dice ? { dice: dice.faces } : {}),
    })
    tx.emitAfterCommit('record.changed', { campaignId: p.campaignId, kind: 'inventory', id, change: 'created', characterId: p.id })
    return { text, itemId: id, priceGp: rolled.priceGP, quantity: rolled.quantity, gold: gold - rolled.priceGP }
  })
}

/**
 * Sells an item, or some of a stack, back at the GM's price (OSR-5): it leaves the pack and the gold
 * comes into the purse.
 * @example await sellOsrGear(deps, { itemId: 9, amount: 2 }) // { text: 'Glam sold “Dagger” for 2 GP, the GM’s price (OSR-5); now 49 GP.', gold: 49 }
 */
export async function sellOsrGear(deps: ServiceDeps, input: ParsedInput<'growth.osr.sell'>): Promise<MethodOutput<'growth.osr.sell'>> {
  const outcome = 'Nothing was sold.'
  return unitOfWork(deps, async (tx) => {
    const item = await tx.trx.selectFrom('inventory_item').selectAll().where('id', '=', input.itemId).executeTakeFirst()
    if (!item) throw new AppError('not_found', notFound('item', input.itemId).message, [{ field: 'itemId', problem: 'no item has this id' }])
    const p = await osrPerson(tx.trx, item.character_id, outcome)
    const quantity = input.quantity ?? item.quantity
    if (quantity > item.quantity) throw refusal('quantity', `${p.name} has ${item.quantity} of “${item.name}”, not ${quantity}`, outcome)
    const before = await Rows.readRow(tx, 'inventory_item', item.id)
    if (quantity === item.quantity) await tx.trx.deleteFrom('inventory_item').where('id', '=', item.id).execute()
    else await tx.trx.updateTable('inventory_item').set({ quantity: item.quantity - quantity, updated_at: tx.realTime }).where('id', '=', item.id).execute()
    const rows = [{ table: 'inventory_item' as const, id: item.id, before, after: await Rows.readRow(tx, 'inventory_item', item.id) }]
    const what = quantity === 1 && item.quantity === 1 ? `“${item.name}”` : `${quantity} × “${item.name}”`
    if (input.amount > 0) {
      const holder = await ledgerHolder(tx.trx, p.campaignId, p.id)
      await writeLedgerEntry(tx, holder, { currency: 'gold', amount: input.amount, reason: `Sold ${what} (OSR-5, the GM’s price)`, sessionId: null }, 'earn')
    }
    const gold = await balance(tx.trx, p.campaignId, p.id, 'gold')
    const text = input.amount > 0 ? `${p.name} sold ${what} for ${input.amount} GP, the GM’s price (OSR-5); now ${gold} GP.` : `${p.name} gave up ${what} for nothing (OSR-5); still ${gold} GP.`
    await growthEntry(tx, { campaignId: p.campaignId, characterId: p.id, name: p.name, kind: 'growth.osr.sold', text, payload: { rule: 'OSR-5', item: item.name, priceGp: input.amount, quantity, rows } })
    tx.emitAfterCommit('record.changed', { campaignId: p.campaignId, kind: 'inventory', id: item.id, change: rows[0]!.after === null ? 'deleted' : 'updated', characterId: p.id })
    return { text, gold }
  })
}
