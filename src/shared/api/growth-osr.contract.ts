/**
 * The old-school core between sessions: experience shared by the party and the levels it reaches
 * (OSR-6, with OSR-2, OSR-3, OSR-15 and OSR-21 following), gear bought and sold at the seed's prices
 * through the purse and the pack (OSR-5, OSR-7), and spells learnt into capacity (OSR-21). Every
 * roll's exact odds come before it; every change is an action, undone with Ctrl+Z.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import { name, text } from './records.contract'
import { whole, yesNo } from './table-osr.schemas'
import { LIGHT_TYPES } from '../sheet-words'
import { OSR_ITEM_PACK_KINDS, OSR_PURCHASES, OSR_REMAINDERS, OSR_SPELL_SOURCES, type GrowthOsrMethod } from './growth-osr.names'

/** Outcome and its exact probability, in ascending order of outcome (DICE-2). */
const Pairs = z.array(z.tuple([z.number(), z.number()]))
const int = z.number().int()
const FromTo = z.object({ from: int, to: int })
const SpellRef = z.object({ id: z.string(), name: z.string(), art: z.enum(['arcane', 'divine']), level: int })

/** The next level, when the XP reaches it (OSR-6): its die's exact odds and what else it changes. */
export const OsrLevelOffer = z.object({
  level: int,
  /** The maximum H the level adds, in the seed's notation: "1d6 + 1", "1d6 − 1 (at least 1)". */
  dice: z.string(),
  /** Exact odds of the maximum H added (OSR-2, OSR-6). */
  maxH: Pairs,
  resistance: FromTo,
  strikeBonus: FromTo,
  capacity: z.object({ arcane: FromTo, divine: FromTo }),
})
export type OsrLevelOffer = z.infer<typeof OsrLevelOffer>

export const OsrGrowthCharacter = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  /** They played in the last session closed: an award is shared by these by default (OSR-6). */
  playedLast: z.boolean(),
  level: int,
  xp: int,
  /** The next level and the XP total it begins at (OSR-6). */
  next: z.object({ level: int, xp: int }),
  /** The level reached and not yet taken; null while the XP falls short. */
  offer: OsrLevelOffer.nullable(),
  h: int,
  maxH: int,
  S: int,
  resistance: int,
  strikeBonus: int,
  spells: z.array(SpellRef),
  capacity: z.object({ arcane: int, divine: int }),
  gold: int,
  pack: z.array(z.object({ id: Id, name: z.string(), kind: z.string(), quantity: z.number(), valueGp: z.number(), weightLbs: z.number() })),
  /** OSR-7: what the pack and purse weigh, and the speed it leaves per turn. */
  load: z.object({ loadLbs: z.number(), fullLoadSteps: int, openFt: z.number(), enclosedFt: z.number() }),
  /** Why this sheet cannot grow here until it is put right on the character's page; null when it can. */
  problem: z.string().nullable(),
})
export type OsrGrowthCharacter = z.infer<typeof OsrGrowthCharacter>

const Character = { characterId: Id }
const Purchase = {
  what: z.enum(OSR_PURCHASES, { error: () => `must be one of ${OSR_PURCHASES.join(', ')} (OSR-5)` }),
  weaponClass: z.enum(['short', 'standard', 'long'], { error: () => 'must be short, standard or long (OSR-16)' }).optional(),
  advanced: yesNo.default(false),
  modifier: whole(1, 20).optional(),
}

export const growthOsrContract = {
  'growth.osr.party': {
    scope: 'gm',
    summary: 'The party between sessions, by the old-school rules: XP and the next level, H, resistance, spells, gold and pack.',
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({
      /** OSR-6: the XP at which levels 2, 3 … begin (the campaign's setting). */
      thresholds: z.array(int),
      characters: z.array(OsrGrowthCharacter),
      /** OSR-24: the sample spells a character may learn. */
      samples: z.array(SpellRef),
    }),
  },
  'growth.osr.award': {
    scope: 'gm',
    summary: 'Shares an award of XP equally among those present (OSR-6), what is left over as the GM says.',
    input: z
      .object({
        campaignId: Id,
        amount: whole(1, 1_000_000),
        reason: text(200, 'text').default(''),
        /** Who shares it: by default, who played in the last session closed. */
        attendance: z.array(Id, { error: 'must be a list of characters' }).min(1, 'choose at least one character').max(40, 'may hold at most 40 characters').optional(),
        remainder: z.enum(OSR_REMAINDERS, { error: () => 'must be nobody, one or everyone' }).default('nobody'),
        /** Under 'one': who gets what is left over. */
        giveToId: Id.optional(),
      })
      .strict(),
    output: z.object({ text: z.string(), shares: z.array(z.object({ characterId: Id, name: z.string(), amount: int, xp: int })) }),
  },
  'growth.osr.levelUp': {
    scope: 'gm',
    summary: 'Takes the level the XP reached (OSR-6): 1d6 + S more maximum H, resistance −1, the strike bonus and spell capacity again.',
    input: z.object(Character).strict(),
    output: z.object({ text: z.string(), level: int, maxH: int, gain: int, faces: z.array(int) }),
  },
  'growth.osr.priceOdds': {
    scope: 'gm',
    summary: 'What a purchase costs at the seed’s prices (OSR-5), with the exact odds of its die before it is rolled.',
    input: z.object(Purchase).strict(),
    output: z.object({ rule: z.string(), dice: z.string().nullable(), rolls: z.enum(['price', 'quantity']).nullable(), priceGp: Pairs, quantity: Pairs }),
  },
  'growth.osr.buy': {
    scope: 'gm',
    summary: 'Buys gear at the seed’s prices (OSR-5): the gold paid from the purse, the item in the pack with its weight.',
    input: z
      .object({
        ...Character,
        ...Purchase,
        name: name('an item', 120),
        /** Items other than weapons and armour: what they go into the pack as. */
        kind: z.enum(OSR_ITEM_PACK_KINDS, { error: () => `must be one of ${OSR_ITEM_PACK_KINDS.join(', ')}` }).optional(),
        /** A light bought: its kind (OSR-8). */
        type: z.enum(LIGHT_TYPES, { error: () => `must be one of ${LIGHT_TYPES.join(', ')} (OSR-8)` }).optional(),
        /** What the whole purchase weighs when the GM says otherwise (OSR-5: its GP value in lbs). */
        weightLbs: z.number({ error: 'must be a number' }).min(0, 'must be 0 or more').max(100_000, 'must be at most 100,000').optional(),
      })
      .strict(),
    output: z.object({ text: z.string(), itemId: Id, priceGp: int, quantity: int, gold: int }),
  },
  'growth.osr.sell': {
    scope: 'gm',
    summary: 'Sells an item back at the price the GM sets (OSR-5): it leaves the pack, the gold comes into the purse.',
    input: z
      .object({
        itemId: Id,
        /** The GM's price, in whole GP, for everything sold. */
        amount: whole(0, 100_000_000),
        /** How many of a stack; all of it when not given. */
        quantity: z.number({ error: 'must be a number' }).positive('must be more than 0').max(1_000_000, 'must be at most 1,000,000').optional(),
      })
      .strict(),
    output: z.object({ text: z.string(), gold: int }),
  },
  'growth.osr.learn': {
    scope: 'gm',
    summary: 'Learns a spell or invocation from a record found or a teacher, into spell capacity, within the level limit (OSR-21).',
    input: z
      .object({
        ...Character,
        /** A sample spell (OSR-24); or the GM's own, by name, art and level. */
        spellId: z.string({ error: 'must be text' }).trim().min(1, 'choose a spell').max(100, 'must be at most 100 characters').optional(),
        name: name('a spell', 100).optional(),
        art: z.enum(['arcane', 'divine'], { error: () => 'must be arcane (a spell) or divine (an invocation)' }).optional(),
        level: whole(1, 20).optional(),
        from: z.enum(OSR_SPELL_SOURCES, { error: () => 'must be record or teacher (OSR-21)' }),
        /** A record found: whether the character can read it (OSR-21). */
        readable: yesNo.default(true),
      })
      .strict(),
    output: z.object({ text: z.string() }),
  },
} as const satisfies Record<GrowthOsrMethod, MethodDef>
