/**
 * Characters: player characters and NPCs alike, each with a sheet for the campaign's rules system.
 * The sheet travels as plain JSON; the main process checks it against the system's shape (a value
 * that cannot be is refused, naming the field) and its rules (every problem listed in plain words).
 */
import { z } from 'zod'
import { Id, SystemId, type MethodDef } from './common'
import type { CharacterMethod } from './characters.names'
import { name, text } from './records.contract'
import { OSR_OPTIONS } from '../sheet-words'
import { KitItem, STARTING_KIT } from './starting-kit'

export const CharacterKind = z.enum(['pc', 'npc'], { error: () => 'must be pc or npc' })
export type CharacterKind = z.infer<typeof CharacterKind>
export const CharacterStatus = z.enum(['active', 'dead', 'retired', 'missing'], { error: () => 'must be active, dead, retired or missing' })
export type CharacterStatus = z.infer<typeof CharacterStatus>

/** Tags: trimmed words or short phrases, each once. */
export const Tags = z
  .array(z.string({ error: 'must be text' }).trim().max(40, 'a tag must be at most 40 characters'), { error: 'must be a list of tags' })
  .max(30, 'may hold at most 30 tags')
  .transform((tags) => [...new Set(tags.filter((t) => t !== ''))])

/** What a list of characters shows: enough to pick one. */
export const CharacterSummary = z.object({
  id: Id,
  campaignId: Id,
  kind: CharacterKind,
  name: z.string(),
  playerName: z.string().nullable(),
  status: CharacterStatus,
  tags: z.array(z.string()),
  /** An NPC saved before its sheet is complete. */
  draft: z.boolean(),
  updatedAt: z.string(),
})
export type CharacterSummary = z.infer<typeof CharacterSummary>

/** A value the rules derive from the sheet (resistance, strike bonus, spell capacity …). */
export const DerivedFact = z.object({ label: z.string(), value: z.string(), rule: z.string().optional() })
export type DerivedFact = z.infer<typeof DerivedFact>

const SpeedPerPlace = z.object({ perTurnFt: z.number(), perRoundFt: z.number() })

/** Load and speed from the inventory (OSR-5, OSR-7), shown for every system. */
export const Encumbrance = z.object({
  loadLbs: z.number(),
  /** Of which the weight of the gold in the character's purse (OSR-5: 5 GP weigh 1 lb). */
  purseLbs: z.number(),
  valueGp: z.number(),
  fullLoadSteps: z.number().int(),
  open: SpeedPerPlace,
  enclosed: SpeedPerPlace,
})
export type Encumbrance = z.infer<typeof Encumbrance>

export const Character = CharacterSummary.extend({
  system: SystemId,
  notes: z.string(),
  /** The sheet for the campaign's system (see shared/api/sheets). */
  sheet: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  /** Every rules problem of the sheet, in plain words (empty for a complete sheet). */
  problems: z.array(z.string()),
  facts: z.array(DerivedFact),
  encumbrance: Encumbrance,
  /** Ledger balances of the character, by currency (derived from the ledger). */
  balances: z.record(z.string(), z.number()),
})
export type Character = z.infer<typeof Character>

const SheetInput = z.record(z.string(), z.unknown(), { error: 'must be a sheet (an object of fields)' })

// No defaults here: an update names only what changes, and a default would overwrite the rest.
const CharacterFields = z.object({
  kind: CharacterKind,
  name: name('a character'),
  playerName: z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters').nullable(),
  status: CharacterStatus,
  notes: text(50_000),
  tags: Tags,
  sheet: SheetInput,
  draft: z.boolean({ error: 'must be yes or no' }),
})

export const ListCharactersInput = z
  .object({
    campaignId: Id,
    kind: CharacterKind.optional(),
    status: CharacterStatus.optional(),
    /** Matches name, player name, notes and tags, ignoring case. */
    text: z.string({ error: 'must be text' }).trim().max(200, 'must be at most 200 characters').optional(),
    tag: z.string({ error: 'must be text' }).trim().max(40, 'must be at most 40 characters').optional(),
    offset: z.number({ error: 'must be a number' }).int('must be a whole number').min(0, 'must be 0 or more').default(0),
    limit: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be at least 1').max(500, 'must be at most 500').default(100),
  })
  .strict()

export const CheckResult = z.object({
  /** Rules problems, in plain words. */
  problems: z.array(z.string()),
  /** Values that cannot be (a rung that does not exist, a negative maximum H), by field. */
  fields: z.array(z.object({ field: z.string(), problem: z.string() })),
  facts: z.array(DerivedFact),
})
export type CheckResult = z.infer<typeof CheckResult>

export const characterContract = {
  'character.list': {
    scope: 'gm',
    summary: "A page of the campaign's characters, sorted by name, filtered by kind, status, text or tag.",
    input: ListCharactersInput,
    output: z.object({ total: z.number().int(), items: z.array(CharacterSummary) }),
  },
  'character.get': {
    scope: 'gm',
    summary: 'One character with its sheet, the problems the rules find in it, and the values derived from it.',
    input: z.object({ id: Id }).strict(),
    output: Character,
  },
  'character.create': {
    scope: 'gm',
    summary: 'Adds a player character or NPC; a PC needs a complete sheet, an NPC may be saved as a draft.',
    input: CharacterFields.extend({
      campaignId: Id,
      playerName: CharacterFields.shape.playerName.default(null),
      status: CharacterStatus.default('active'),
      notes: text(50_000).default(''),
      tags: Tags.default([]),
      sheet: SheetInput.optional(),
      draft: z.boolean({ error: 'must be yes or no' }).default(false),
    }).strict(),
    output: Character,
  },
  'character.update': {
    scope: 'gm',
    summary: "Changes a character's fields or sheet (the whole sheet is replaced and checked again).",
    input: CharacterFields.partial().extend({ id: Id }).strict(),
    output: Character,
  },
  'character.delete': {
    scope: 'gm',
    summary: 'Deletes a character with its inventory, ledger entries and injuries.',
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id }),
  },
  'character.check': {
    scope: 'gm',
    summary: "Checks a sheet against the campaign's rules without saving it.",
    input: z
      .object({
        campaignId: Id,
        kind: CharacterKind,
        status: CharacterStatus.default('active'),
        sheet: SheetInput,
        /** The character being edited, for the derived values its ledger gives. */
        characterId: Id.optional(),
      })
      .strict(),
    output: CheckResult,
  },
  'character.generate': {
    scope: 'gm',
    summary: 'Old-school core: rolls a new level-1 character (B, M, S, H, gold; OSR-1 … OSR-5) with every die logged.',
    input: z
      .object({
        campaignId: Id,
        kind: CharacterKind.default('pc'),
        name: name('a character'),
        playerName: CharacterFields.shape.playerName.default(null),
        /** OSR-4: options allowed (1–3); rolled on 1d3 when not given. */
        optionsAllowed: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1, 2 or 3').max(3, 'must be 1, 2 or 3').optional(),
        options: z.array(z.enum(OSR_OPTIONS, { error: () => `must be one of ${OSR_OPTIONS.join(', ')}` })).max(6, 'at most 6 options').default([]),
        patron: z.string({ error: 'must be text' }).trim().max(100, 'must be at most 100 characters').default(''),
        /** What the character starts carrying, into their inventory with them; the seed's kit unless the GM changes it. */
        kit: z.array(KitItem).max(20, 'may hold at most 20 items').default(() => STARTING_KIT.map((i) => ({ ...i, details: { ...i.details } }))),
      })
      .strict(),
    output: Character,
  },
} as const satisfies Record<CharacterMethod, MethodDef>
