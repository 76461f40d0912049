/**
 * The Ladder system's growth between sessions: the starting Plot Points never credited (LAD-21,
 * LAD-30), an adventure survived (+1 PP and a new episode, LAD-21), and development (LAD-23,
 * LAD-29): a new asset, an asset raised, a flaw turned into an asset, the Vulnerability bought off,
 * a flaw added, an asset retired after sessions unused. Each change is an action: Ctrl+Z undoes it.
 */
import { z } from 'zod'
import { ASSET_RUNGS } from '../sheet-words'
import { Id, type MethodDef } from './common'
import type { GrowthLadderMethod } from './growth-ladder.names'
import { text } from './records.contract'
import { oneOf } from './sheets/fields'

const bool = z.boolean({ error: 'must be yes or no' })
const AssetName = text(100, 'the asset’s name').min(1, 'name the asset')
const FlawName = text(100, 'the flaw’s name').min(1, 'name the flaw')
/** Where a Plot Point earned goes: the Plot Points, or a super's Background Pool (LAD-30). */
const Pool = oneOf(['pp', 'background'] as const, 'LAD-30')

/** A development of LAD-23 (and LAD-29's Vulnerability bought off). */
export const LadderChange = z.discriminatedUnion('change', [
  /** A new Good asset from a "good thing" the character worked for in play: 2 PP. */
  z.object({ change: z.literal('new asset'), name: AssetName, earnedInPlay: bool.default(false) }).strict(),
  /** Good → Expert: 4 PP. */
  z.object({ change: z.literal('raise asset'), name: AssetName }).strict(),
  /** A flaw reversed into a Good asset after good roleplaying: 1 PP. */
  z.object({ change: z.literal('flaw to asset'), flaw: FlawName, asset: AssetName, roleplayedWell: bool.default(false) }).strict(),
  /** A super's Vulnerability bought off after good roleplaying: 2 PP (LAD-29). */
  z.object({ change: z.literal('buy off vulnerability'), roleplayedWell: bool.default(false) }).strict(),
  /** The GM adds a flaw: free. */
  z.object({ change: z.literal('add flaw'), name: FlawName }).strict(),
  /** The GM retires an asset unused for five or six sessions: free. */
  z.object({ change: z.literal('retire asset'), name: AssetName }).strict(),
])
export type LadderChange = z.infer<typeof LadderChange>

export const LadderAssetUse = z.object({
  name: z.string(),
  rating: z.enum(ASSET_RUNGS),
  magical: z.boolean(),
  /** The number of the last session it was rolled in (LAD-23); null when never. */
  lastUsed: z.number().int().nullable(),
  /** Sessions the character played since (all they played when never used). */
  sessionsSince: z.number().int(),
})

export const LadderGrower = z.object({
  id: Id,
  name: z.string(),
  kind: z.enum(['pc', 'npc']),
  super: z.boolean(),
  pp: z.number().int(),
  background: z.number().int(),
  /** What pays for development: Plot Points, or a super's Background Pool (LAD-30). */
  pays: z.enum(['pp', 'background']),
  /** Assets the character was created with: 6, or 7 for a super (LAD-23's "twice the original"). */
  originalAssets: z.number().int(),
  /** Sessions the character played (attended or rolled in). */
  sessionsPlayed: z.number().int(),
  assets: z.array(LadderAssetUse),
  flaws: z.array(z.object({ name: z.string(), vulnerability: z.boolean() })),
})
export type LadderGrower = z.infer<typeof LadderGrower>

export const LadderStartOwed = z.object({
  characterId: Id,
  name: z.string(),
  amount: z.number().int(),
  /** "Tai's 2 episodes were never credited". */
  text: z.string(),
  rule: z.string(),
})

export const LadderSurvivedOffer = z.object({
  adventureId: Id,
  title: z.string(),
  /** The numbers of its sessions. */
  sessions: z.array(z.number().int()),
  /** Who played in it and lives, and whether their Plot Point and episode were credited. */
  survivors: z.array(z.object({ characterId: Id, name: z.string(), super: z.boolean(), credited: z.boolean() })),
  /** Who played in it and died. */
  fallen: z.array(z.string()),
})
export type LadderSurvivedOffer = z.infer<typeof LadderSurvivedOffer>

export const LadderGrowthState = z.object({
  /** LAD-21, LAD-30: player characters whose starting Plot Points no ledger entry credits. */
  unpaid: z.array(LadderStartOwed),
  /** LAD-21: finished adventures with a survivor not yet credited. */
  adventures: z.array(LadderSurvivedOffer),
  /** LAD-23: the campaign's active player characters, with what they hold and each asset's last use. */
  characters: z.array(LadderGrower),
  /** LAD-23's costs, in Plot Points. */
  costs: z.object({ newAsset: z.number().int(), raise: z.number().int(), flawToAsset: z.number().int(), buyOff: z.number().int() }),
  /** Sessions unused after which an asset may be retired (LAD-23: five or six). */
  retireAfter: z.number().int(),
})
export type LadderGrowthState = z.infer<typeof LadderGrowthState>

/** What a growth did, in the log's words. */
const Done = z.object({ logEntryIds: z.array(Id), text: z.string() })

export const growthLadderContract = {
  'growth.ladder.state': {
    scope: 'gm',
    summary: 'The Ladder between sessions: starting Plot Points never credited, adventures survived, and each character’s development with their assets’ last use.',
    input: z.object({ campaignId: Id }).strict(),
    output: LadderGrowthState,
  },
  'growth.ladder.creditStart': {
    scope: 'gm',
    summary: 'Credits a character’s starting Plot Points never credited: 1 per written episode, at most 3 (LAD-21), or a super’s pool of 3 (LAD-30).',
    input: z.object({ campaignId: Id, characterId: Id }).strict(),
    output: Done,
  },
  'growth.ladder.survived': {
    scope: 'gm',
    summary: 'An adventure survived: +1 Plot Point and a new episode on the sheet for each character named (LAD-21); a super’s point may go to the Background Pool (LAD-30).',
    input: z
      .object({
        campaignId: Id,
        adventureId: Id,
        survivors: z
          .array(z.object({ characterId: Id, episode: text(1000, 'the new episode'), pool: Pool.default('pp') }).strict())
          .min(1, 'name at least one survivor')
          .max(50, 'may hold at most 50 entries'),
      })
      .strict(),
    output: Done,
  },
  'growth.ladder.develop': {
    scope: 'gm',
    summary: 'Develops a character (LAD-23, LAD-29): a new asset, a raise, a flaw turned into an asset, the Vulnerability bought off, a flaw added or an asset retired; a limit broken is refused unless the GM overrides it.',
    input: z.object({ campaignId: Id, characterId: Id, change: LadderChange, override: bool.default(false) }).strict(),
    output: Done,
  },
} as const satisfies Record<GrowthLadderMethod, MethodDef>
