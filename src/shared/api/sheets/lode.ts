/**
 * The shape of a LODE sheet as it is stored: attributes (inborn talents) and skills, each rated as
 * advantages (extra dice) or disadvantages (dice taken away) against an average person's baseline,
 * and the Energy supply. Destiny and Energy spent or gained are ledger entries (LODE-9).
 */
import { z } from 'zod'
import { line, list, whole } from './fields'

/** An attribute or skill: positive dice are advantages, negative ones disadvantages (LODE-1). */
export const LodeTrait = z.object({
  name: line(100),
  dice: whole(-10, 10),
  note: line(300).default(''),
})
export type LodeTrait = z.infer<typeof LodeTrait>

export const LodeSheet = z.object({
  attributes: list(LodeTrait, 40).default([]),
  skills: list(LodeTrait, 100).default([]),
  /** LODE-9: the Energy points the character can hold at most (the ledger keeps what is left). */
  energySupply: whole(0, 100).default(0),
})
export type LodeSheet = z.infer<typeof LodeSheet>
