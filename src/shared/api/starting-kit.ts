/**
 * The kit a rolled old-school character starts with (OSR-5, the seed's sample character: torches,
 * rations and water), offered by default and changed by the GM before the character is rolled.
 */
import { z } from 'zod'
import { ITEM_KINDS } from '../sheet-words'
import { name } from './records.contract'

const amount = (max: number) => z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(max, `must be at most ${max.toLocaleString('en')}`)

/** One line of the kit: an inventory item as `inventory.add` takes it. */
export const KitItem = z
  .object({
    name: name('an item', 120),
    kind: z.enum(ITEM_KINDS, { error: () => `must be one of ${ITEM_KINDS.join(', ')}` }),
    /** Units; days for rations, pints for water. */
    quantity: amount(1_000).refine((n) => n > 0, 'must be more than 0'),
    /** Per unit; the item's value in GP when not given (OSR-5). */
    weightLbs: amount(1_000).optional(),
    valueGp: amount(100_000).default(0),
    details: z.record(z.string(), z.unknown(), { error: 'must be the details of the item (an object)' }).default({}),
  })
  .strict()
export type KitItem = z.infer<typeof KitItem>

/** The seed's sample character carries 3 torches, rations for 4 days and a waterskin of 1 pint; a pint of water or a day's rations weighs about a pound. */
export const STARTING_KIT: readonly KitItem[] = [
  { name: 'Torches', kind: 'light', quantity: 3, weightLbs: 1, valueGp: 0, details: { type: 'torch' } },
  { name: 'Rations', kind: 'ration', quantity: 4, weightLbs: 1, valueGp: 0, details: {} },
  { name: 'Waterskin', kind: 'water', quantity: 1, weightLbs: 1, valueGp: 0, details: {} },
]
