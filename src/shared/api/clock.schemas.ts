/**
 * The clock's shapes (CLK-1 … CLK-8): a span of game time, the clock as the screen shows it, and
 * what a step reports. The methods that take and return them are in clock.contract.ts.
 */
import { z } from 'zod'
import { Id, SystemId } from './common'

const Count = (max: number) =>
  z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(max, `must be at most ${max.toLocaleString('en')}`)

/** One span of game time, in one unit. */
export const Span = z.union(
  [
    z.object({ turns: Count(100_000) }).strict(),
    z.object({ rounds: Count(10_000) }).strict(),
    z.object({ minutes: Count(1_000_000) }).strict(),
    z.object({ hours: Count(100_000) }).strict(),
    z.object({ days: Count(3_650) }).strict(),
  ],
  { error: () => 'must be one span: turns, rounds, minutes, hours or days' },
)
export type Span = z.infer<typeof Span>

export const ClockMode = z.enum(['exploration', 'combat', 'downtime'])

export const ClockLight = z.object({
  id: z.string(),
  type: z.string(),
  /** The inventory item's name (a lantern), if it is one. */
  itemName: z.string().nullable(),
  /** Who carries it; null when it stands at a location. */
  characterId: Id.nullable(),
  holderName: z.string(),
  lit: z.boolean(),
  burnSecondsLeft: z.number().int(),
  /** Burn time when full, for the bar. */
  fullSeconds: z.number().int(),
  /** Lanterns only. */
  oilPints: z.number().nullable(),
  warned: z.boolean(),
  /** The inventory item it is (a lantern), if any. */
  itemId: Id.nullable(),
})
export type ClockLight = z.infer<typeof ClockLight>

/** CLK-3: what is left of an advance that stopped at an encounter (or another stop), for "go on". */
export const GoOn = z.object({
  /** Seconds of the span not yet advanced. */
  seconds: z.number().int(),
  /** What the GM asked for, in words: "8 hours", "1 day", "until a light goes out". */
  of: z.string(),
  /** Where it stopped, and why. */
  at: z.number().int(),
  kind: z.string(),
})
export type GoOn = z.infer<typeof GoOn>

export const ClockView = z.object({
  campaignId: Id,
  /** The campaign's rules system: what darkness, reaction and speed mean here (CLK-4). */
  system: SystemId,
  time: z.number().int(),
  day: z.number().int(),
  timeOfDay: z.string(),
  mode: ClockMode,
  /** Five-minute turns since the campaign began. */
  turn: z.number().int(),
  /** Rounds of the combat under way, 0 outside combat. */
  round: z.number().int(),
  /** Length of a combat round in this campaign (OSR-14, LAD-12, CLK-2). */
  roundSeconds: z.number().int(),
  encounters: z.object({
    threshold: z.number().int(),
    modifiers: z.array(z.object({ reason: z.string(), amount: z.number().int() })),
    place: z.enum(['open', 'enclosed']),
    /** The lowest d20 face that brings an encounter, after modifiers (OSR-9). */
    face: z.number().int(),
  }),
  lights: z.array(ClockLight),
  /** CLK-4, CLK-13: no light lit, and no sun on the party (under the sky by day there is no darkness). */
  dark: z.boolean(),
  /** CLK-12, CLK-13: the sun's times today, whether it is up, whether the party is under the sky and so lit by it. */
  daylight: z.object({ sunrise: z.string(), sunset: z.string(), sunUp: z.boolean(), underSky: z.boolean(), daylit: z.boolean() }),
  /** CLK-14: the journey under way: its leg (1 is the first), where on it, marching or in camp; null when none. */
  journey: z
    .object({
      id: Id,
      name: z.string(),
      leg: z.number().int(),
      legs: z.number().int(),
      terrain: z.string(),
      /** Distance along the leg, in the campaign's unit, to a tenth. */
      along: z.number(),
      length: z.number(),
      unit: z.enum(['miles', 'km']),
      phase: z.enum(['marching', 'camp']),
      direction: z.enum(['out', 'back']),
      arrived: z.boolean(),
      /** CLK-15: the watch order in camp, and who is on watch now (in camp only). */
      watch: z.array(z.object({ id: Id, name: z.string() })),
      onWatch: z.string().nullable(),
    })
    .nullable(),
  /** CLK-4: OSR-8's −5 to actions in darkness in an old-school campaign; null elsewhere (a condition with no number). */
  darknessModifier: z.number().int().nullable(),
  /** CLK-4: the reaction after an encounter: d6 + the closest member's S (OSR-13), a plain d6 in its bands, or off by the campaign's setting. */
  reaction: z.enum(['d6 + S', 'd6', 'off']),
  /** CLK-3: the rest of an advance that stopped, which "go on" advances; null when nothing is left. */
  goOn: GoOn.nullable(),
  timers: z.array(
    z.object({ id: z.string(), label: z.string(), firesAt: z.number().int(), hiddenFromPlayers: z.boolean(), repeatEverySeconds: z.number().int().nullable() }),
  ),
  /** CLK-5: every active player character's food and water. */
  provisions: z.array(
    z.object({ characterId: Id, name: z.string(), foodDays: z.number(), waterPints: z.number(), daysLeft: z.number() }),
  ),
  /** The step "undo" would take back. */
  undo: z.object({ action: z.string(), summary: z.string() }).nullable(),
  /** OSR-20: old-school PCs below maximum H; those resting heal 1d2 H per full day from `restingSince`. */
  rest: z.array(z.object({ characterId: Id, name: z.string(), h: z.number().int(), maxH: z.number().int(), restingSince: z.number().int().nullable() })),
  /** Where the party is (a location of the campaign), if the GM said. */
  location: z.object({ id: Id, name: z.string(), kind: z.enum(['open', 'enclosed']) }).nullable(),
  /** Encounter tables for that place: its own, then those of the places it lies inside. */
  tables: z.array(z.object({ id: Id, name: z.string(), dice: z.string() })),
  /** What the party carries that the clock can use: light sources not yet on the clock, and oil. */
  supplies: z.array(
    z.object({
      itemId: Id,
      characterId: Id,
      characterName: z.string(),
      name: z.string(),
      use: z.enum(['light', 'oil']),
      type: z.string(),
      quantity: z.number(),
      oilPints: z.number().nullable(),
    }),
  ),
})
export type ClockView = z.infer<typeof ClockView>

/** What a step did, for the screen to show at once (an encounter found, a light gone out …). */
export const ClockReport = z.object({
  clock: ClockView,
  summary: z.string(),
  /** The encounter found, if the step found one: d20 face, distance, and what a reaction and table roll gave. */
  encounter: z
    .object({
      at: z.number().int(),
      face: z.number().int(),
      distanceFeet: z.number().int(),
      place: z.enum(['open', 'enclosed']),
    })
    .nullable(),
  /** Every event in order, as lines a GM reads. */
  lines: z.array(z.object({ at: z.number().int(), kind: z.string(), text: z.string() })),
  /** Where an advance stopped before the end of what was asked, and why (CLK-3). */
  stopped: z.object({ kind: z.string(), at: z.number().int() }).nullable(),
  /** CLK-3: how much of the span asked for was left when it stopped ("go on" advances it). */
  left: z.object({ seconds: z.number().int(), of: z.string() }).nullable(),
})
export type ClockReport = z.infer<typeof ClockReport>
