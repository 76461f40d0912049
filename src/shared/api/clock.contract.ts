/**
 * The game clock (CLK-1 … CLK-8): time moves only when the GM moves it; lights burn, rations are
 * eaten, encounter checks are rolled and timers fire as it passes.
 */
import { z } from 'zod'
import { Id, type EventDef, type MethodDef } from './common'
import { STOP_KINDS, type ClockEventName, type ClockMethod } from './clock.names'
import { text } from './records.contract'

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

export const ClockView = z.object({
  campaignId: Id,
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
  /** CLK-4: no light lit. */
  dark: z.boolean(),
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
  stopped: z.object({ kind: z.string(), at: z.number().int() }).nullable(),
})
export type ClockReport = z.infer<typeof ClockReport>

const Campaign = { campaignId: Id }

/** OSR-1: a modifier from −1 to +1; the GM may allow more for unusual creatures. */
const Spirit = z.number({ error: 'must be a number' }).int('must be a whole number').min(-5, 'must be −5 to +5').max(5, 'must be −5 to +5')
const ReactionOdds = z.object({ hostile: z.number(), uncertain: z.number(), friendly: z.number() })

export const clockContract = {
  'clock.get': { scope: 'gm', summary: "The campaign's clock, lights, timers and provisions.", input: z.object(Campaign).strict(), output: ClockView },
  'clock.advance': {
    scope: 'gm',
    summary: 'Moves game time on by a span, or until something happens (CLK-3).',
    input: z
      .object({
        ...Campaign,
        span: Span.optional(),
        until: z.array(z.enum(STOP_KINDS, { error: () => `must be among: ${STOP_KINDS.join(', ')}` })).min(1, 'name at least one thing to stop at').optional(),
        /** With `until`: how far to look ahead at most (a day unless told). */
        within: Span.optional(),
      })
      .strict()
      .refine((i) => (i.span === undefined) !== (i.until === undefined), { message: 'give either a span or what to stop at, not both', path: ['span'] }),
    output: ClockReport,
  },
  'clock.startCombat': { scope: 'gm', summary: 'Starts combat: the clock moves in rounds (CLK-2).', input: z.object(Campaign).strict(), output: ClockReport },
  'clock.nextRound': { scope: 'gm', summary: 'Plays one combat round of game time.', input: z.object(Campaign).strict(), output: ClockReport },
  'clock.endCombat': { scope: 'gm', summary: 'Ends combat; turns resume from where the rounds left the clock.', input: z.object(Campaign).strict(), output: ClockReport },
  'clock.setMode': {
    scope: 'gm',
    summary: 'Switches between exploration (turns with encounter checks) and downtime.',
    input: z.object({ ...Campaign, mode: z.enum(['exploration', 'downtime'], { error: () => 'must be exploration or downtime' }) }).strict(),
    output: ClockReport,
  },
  'clock.setEncounter': {
    scope: 'gm',
    summary: 'Sets the encounter check: threshold, modifiers and the kind of place (OSR-9, OSR-12).',
    input: z
      .object({
        ...Campaign,
        threshold: z.number().int('must be a whole number').min(1, 'must be 1 to 20').max(20, 'must be 1 to 20').optional(),
        modifiers: z
          .array(z.object({ reason: text(200).min(1, 'say why'), amount: z.number().int('must be a whole number').min(-19).max(19) }).strict())
          .max(10)
          .optional(),
        place: z.enum(['open', 'enclosed'], { error: () => 'must be open or enclosed' }).optional(),
        /** Where the party is; null when nowhere in particular. */
        locationId: Id.nullable().optional(),
      })
      .strict(),
    output: ClockReport,
  },
  'clock.undo': { scope: 'gm', summary: 'Undoes the last clock step exactly: time, lights, inventory, injuries.', input: z.object(Campaign).strict(), output: ClockReport },
  'light.light': {
    scope: 'gm',
    summary: 'Lights a light source from a character’s inventory (a torch lit is a torch used), or relights one on the clock.',
    input: z.object({ ...Campaign, itemId: Id.optional(), lightId: z.string().optional() }).strict()
      .refine((i) => (i.itemId === undefined) !== (i.lightId === undefined), { message: 'give the item to light or the light to relight', path: ['itemId'] }),
    output: ClockReport,
  },
  'light.douse': { scope: 'gm', summary: 'Puts a light out; what is left of it keeps.', input: z.object({ ...Campaign, lightId: z.string() }).strict(), output: ClockReport },
  'light.refill': {
    scope: 'gm',
    summary: 'Pours a pint of oil from the carrier’s inventory into a lantern (CLK-4).',
    input: z.object({ ...Campaign, lightId: z.string(), fromItemId: Id }).strict(),
    output: ClockReport,
  },
  'light.handOver': {
    scope: 'gm',
    summary: 'Hands a light to another character.',
    input: z.object({ ...Campaign, lightId: z.string(), toCharacterId: Id }).strict(),
    output: ClockReport,
  },
  'timer.add': {
    scope: 'gm',
    summary: 'Sets a timer to fire after a span of game time (CLK-6).',
    input: z
      .object({
        ...Campaign,
        label: text(200).min(1, 'say what happens when it fires'),
        after: Span,
        hiddenFromPlayers: z.boolean().default(false),
        repeat: z.boolean().default(false),
      })
      .strict(),
    output: ClockReport,
  },
  'timer.remove': { scope: 'gm', summary: 'Removes a timer.', input: z.object({ ...Campaign, timerId: z.string() }).strict(), output: ClockReport },
  'clock.rest': {
    scope: 'gm',
    summary: 'Marks an old-school character as resting: 1d2 H per full day of rest (OSR-20), or stops the rest.',
    input: z.object({ ...Campaign, characterId: Id, resting: z.boolean({ error: 'must be yes or no' }) }).strict(),
    output: ClockReport,
  },
  'encounter.reactionOdds': {
    scope: 'gm',
    summary: 'Exact odds of each reaction for a spirit modifier (OSR-13), shown before the roll.',
    input: z.object({ spirit: Spirit }).strict(),
    output: ReactionOdds,
  },
  'encounter.reaction': {
    scope: 'gm',
    summary: 'Rolls the reaction of a threat whose intent is unknown: d6 + spirit of the closest party member (OSR-13).',
    input: z.object({ ...Campaign, spirit: Spirit, who: text(200).optional() }).strict(),
    output: z.object({ face: z.number().int(), total: z.number().int(), reaction: z.enum(['hostile', 'uncertain', 'friendly']), odds: ReactionOdds }),
  },
} as const satisfies Record<ClockMethod, MethodDef>

export const clockEvents = {
  /** The clock moved or changed: screens showing it reload it. */
  'clock.moved': { scope: 'gm', payload: z.object({ campaignId: Id, time: z.number().int(), mode: ClockMode }) },
} as const satisfies Record<ClockEventName, EventDef>
