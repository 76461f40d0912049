/**
 * Inventory: what a character carries, item by item, with quantity, weight and value per unit and
 * the details its kind needs (a lantern's oil, a weapon's class, armour's modifier). Load and speed
 * are derived from it (OSR-5, OSR-7).
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { InventoryMethod } from './inventory.names'
import { Encumbrance } from './characters.contract'
import { name } from './records.contract'
import { whole } from './sheets/fields'
import { ITEM_KINDS, LIGHT_TYPES, WEAPON_CLASS_NAMES } from '../sheet-words'

export { ITEM_KINDS, LIGHT_TYPES, WEAPON_CLASS_NAMES }
export const ItemKind = z.enum(ITEM_KINDS, { error: () => `must be one of ${ITEM_KINDS.join(', ')}` })
export type ItemKind = z.infer<typeof ItemKind>


const yesNo = z.boolean({ error: 'must be yes or no' })
const amount = (max: number) =>
  z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(max, `must be at most ${max.toLocaleString('en')}`)

/** What each kind of item records beyond quantity, weight and value. */
export const ITEM_DETAILS = {
  light: z
    .object({
      type: z.enum(LIGHT_TYPES, { error: () => `must be one of ${LIGHT_TYPES.join(', ')} (CLK-4)` }),
      /** CLK-4: a lantern holds oil in pints, each pint 5 hours. */
      oilPints: amount(100).default(0),
    })
    .strict()
    .refine((d) => d.type === 'lantern' || d.oilPints === 0, { message: 'only a lantern holds oil', path: ['oilPints'] }),
  ration: z.object({}).strict(),
  water: z.object({}).strict(),
  weapon: z
    .object({
      weaponClass: z.enum(WEAPON_CLASS_NAMES, { error: () => `must be one of ${WEAPON_CLASS_NAMES.join(', ')}` }),
      ranged: yesNo.default(false),
      /** OSR-16: highly advanced weapons roll twice the dice. */
      advanced: yesNo.default(false),
    })
    .strict(),
  armour: z.object({ modifier: whole(0, 20) }).strict(),
  coins: z.object({}).strict(),
  other: z.object({}).strict(),
} as const satisfies Record<ItemKind, z.ZodType>

export const InventoryItem = z.object({
  id: Id,
  characterId: Id,
  name: z.string(),
  kind: ItemKind,
  /** Units; days for rations, pints for water, coins for coins. */
  quantity: z.number(),
  /** Per unit. */
  weightLbs: z.number(),
  /** Per unit. */
  valueGp: z.number(),
  details: z.record(z.string(), z.unknown()),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type InventoryItem = z.infer<typeof InventoryItem>

const Details = z.record(z.string(), z.unknown(), { error: 'must be the details of the item (an object)' })

// No defaults here: an update names only what changes.
const ItemFields = z.object({
  name: name('an item', 120),
  kind: ItemKind,
  quantity: amount(1_000_000),
  weightLbs: amount(100_000),
  valueGp: amount(100_000_000),
  details: Details,
})

export const inventoryContract = {
  'inventory.list': {
    scope: 'gm',
    summary: "A character's items in order, with the load and speed they give.",
    input: z.object({ characterId: Id }).strict(),
    output: z.object({ items: z.array(InventoryItem), encumbrance: Encumbrance }),
  },
  'inventory.add': {
    scope: 'gm',
    summary: "Adds an item to a character's inventory; its weight defaults to its value in GP (OSR-5).",
    input: ItemFields.extend({
      characterId: Id,
      quantity: amount(1_000_000).default(1),
      weightLbs: amount(100_000).optional(),
      valueGp: amount(100_000_000).default(0),
      details: Details.default({}),
    }).strict(),
    output: InventoryItem,
  },
  'inventory.update': {
    scope: 'gm',
    summary: "Changes an item's name, kind, quantity, weight, value or details.",
    input: ItemFields.partial().extend({ id: Id }).strict(),
    output: InventoryItem,
  },
  'inventory.remove': {
    scope: 'gm',
    summary: "Removes an item from a character's inventory.",
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id }),
  },
} as const satisfies Record<InventoryMethod, MethodDef>
