/**
 * The players' screen: what players may see of the shared campaign, built on the server field by
 * field (never the GM's data filtered), and the GM's controls over what is shown.
 */
import { z } from 'zod'
import { Id, NoInput, SystemId, type EventDef, type MethodDef } from './common'
import { RolledFace } from './core.contract'
import { ClockMode } from './clock.schemas'
import type { PlayersEvent, PlayersMethod } from './players.names'

const int = z.number().int()

export const PlayerLight = z.object({
  /** The light's kind or the item's name: "Torch", "Lantern". */
  name: z.string(),
  /** Who carries it, when one of the party does; null for a light carried by anyone else or set down. */
  carrier: z.string().nullable(),
  secondsLeft: int,
  fullSeconds: int,
  /** A turn or less left: about to go out. */
  goingOut: z.boolean(),
})

export const PlayerFighter = z.object({
  name: z.string(),
  side: z.enum(['party', 'foes']),
  /** Their turn now (initiative order), where the system has turns. */
  turn: z.boolean(),
  /** Out of the fight: incapacitated, subdued, dead. */
  out: z.boolean(),
  /** H, pools or harm, in the system's words; null when the GM has not shown a foe's numbers. */
  numbers: z.string().nullable(),
})
export type PlayerFighter = z.infer<typeof PlayerFighter>

export const PlayerCombat = z.object({
  round: int,
  /** How the system orders play: "Initiative order", "Sides", "Dangers". */
  terms: z.string(),
  groups: z.array(z.object({ label: z.string(), score: z.string().nullable(), fighters: z.array(PlayerFighter) })),
})
export type PlayerCombat = z.infer<typeof PlayerCombat>

export const PlayerView = z.object({
  campaignId: Id,
  campaignName: z.string(),
  system: SystemId,
  systemName: z.string(),
  day: int,
  timeOfDay: z.string(),
  mode: ClockMode,
  round: int,
  lights: z.array(PlayerLight),
  dark: z.boolean(),
  /** What darkness means in this system, when it is dark. */
  darkness: z.string().nullable(),
  /** CLK-12: the sun is up, or it is night. */
  daylight: z.enum(['day', 'night']),
  /** CLK-14: the journey as the players know it: its legs by ground and length, where they are, the weather line; never its tables or thresholds. */
  journey: z
    .object({
      name: z.string(),
      to: z.string(),
      legs: z.array(z.object({ terrain: z.string(), length: z.number(), unit: z.string() })),
      leg: int,
      along: z.number(),
      phase: z.enum(['marching', 'camp']),
      direction: z.enum(['out', 'back']),
      arrived: z.boolean(),
      weather: z.string(),
      /** CLK-15: who is on watch, in camp. */
      onWatch: z.string().nullable(),
    })
    .nullable(),
  combat: PlayerCombat.nullable(),
  party: z.array(
    z.object({
      name: z.string(),
      /** CLK-5: food and water, for one who carries them; null otherwise. */
      provisions: z.object({ foodDays: z.number(), waterPints: z.number(), daysLeft: z.number() }).nullable(),
      conditions: z.array(z.string()),
    }),
  ),
  rolls: z.array(
    z.object({
      id: Id,
      text: z.string(),
      faces: z.array(RolledFace),
      /** A player character's roll: its chance as the odds showed it before the roll (DICE-2); null otherwise. */
      odds: z.string().nullable(),
    }),
  ),
  /** What the GM handed out: their heading for the players ('' when none) and their words, never the record's name. */
  handouts: z.array(z.object({ kind: z.enum(['location', 'npc']), name: z.string(), text: z.string() })),
})
export type PlayerView = z.infer<typeof PlayerView>

/** The players' link: the address they open, and its QR code as an SVG data URL to scan. */
export const PlayersLink = z.object({ url: z.string(), qr: z.string(), campaignId: Id })

export const SharingStatus = z.object({
  sharing: PlayersLink.extend({ players: int }).nullable(),
})

const Shown = z.boolean({ error: 'must be yes or no' })
const HandoutText = z.string({ error: 'must be text' }).trim().min(1, 'write what the players read').max(5_000, 'must be at most 5,000 characters')

const HandoutTitle = z.string({ error: 'must be text' }).trim().max(120, 'must be at most 120 characters')

export const PlayersControls = z.object({
  /**
   * Foes at the table now, then foes met before (hidden from the players wherever they are named
   * until revealed), by their key, with what the players see of them.
   */
  foes: z.array(z.object({ key: z.string(), name: z.string(), revealed: z.boolean(), numbersShown: z.boolean(), atTable: z.boolean() })),
  /** Locations and NPCs the GM may hand out, with their heading and words for the players when written. */
  handouts: z.array(z.object({ kind: z.enum(['location', 'npc']), id: Id, name: z.string(), title: z.string(), text: z.string(), revealed: z.boolean() })),
})

export const playersContract = {
  'players.view': {
    scope: 'player',
    summary: "What the players see of the shared campaign; null when the GM is not sharing.",
    input: NoInput,
    output: PlayerView.nullable(),
  },
  'players.share': {
    scope: 'gm',
    summary:
      "Shares a campaign on the players' screen: returns the address players open. While another campaign is shared, refused unless `replacing` names it (the GM confirmed the switch).",
    input: z.object({ campaignId: Id, replacing: Id.optional() }).strict(),
    output: PlayersLink,
  },
  'players.stop': { scope: 'gm', summary: "Stops sharing the players' screen.", input: NoInput, output: z.object({ stopped: z.boolean() }) },
  'players.changeKey': {
    scope: 'gm',
    summary: 'Makes a new players’ link: every player is disconnected and needs the new one.',
    input: NoInput,
    output: PlayersLink,
  },
  'players.status': { scope: 'gm', summary: "Whether the players' screen is shared, its address, and how many are watching.", input: NoInput, output: SharingStatus },
  'players.controls': {
    scope: 'gm',
    summary: 'What the GM can show the players now: foes at the table, locations and NPCs to hand out.',
    input: z.object({ campaignId: Id }).strict(),
    output: PlayersControls,
  },
  'players.reveal': {
    scope: 'gm',
    summary: "Reveals a foe to the players (or hides it again), or shows or hides a foe's numbers.",
    input: z
      .object({
        campaignId: Id,
        key: z.string({ error: 'must be a foe at the table or met' }).min(1, 'say which foe').max(200, 'must be a foe at the table or met'),
        what: z.enum(['foe', 'numbers'], { error: () => 'must be the foe or its numbers' }),
        shown: Shown,
      })
      .strict(),
    output: PlayersControls,
  },
  'players.handout': {
    scope: 'gm',
    summary: "Hands the players a location's or an NPC's description written for them, or takes it back.",
    input: z
      .object({
        campaignId: Id,
        kind: z.enum(['location', 'npc'], { error: () => 'must be a location or an NPC' }),
        id: Id,
        text: HandoutText.optional(),
        title: HandoutTitle.optional(),
        shown: Shown,
      })
      .strict(),
    output: PlayersControls,
  },
} as const satisfies Record<PlayersMethod, MethodDef>

export const playersEvents = {
  /** The players' screen changed: its whole new projection (player scope). */
  'players.view': { scope: 'player', payload: PlayerView },
  /** The GM showed or hid something: GM screens reload their controls. */
  'players.revealed': { scope: 'gm', payload: z.object({ campaignId: Id }) },
} as const satisfies Record<PlayersEvent, EventDef>
