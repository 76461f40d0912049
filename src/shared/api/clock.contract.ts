/**
 * The game clock (CLK-1 … CLK-8): time moves only when the GM moves it; lights burn, rations are
 * eaten, encounter checks are rolled and timers fire as it passes.
 */
import { z } from 'zod'
import { Id, type EventDef, type MethodDef } from './common'
import { STOP_KINDS, type ClockEventName, type ClockMethod } from './clock.names'
import { text } from './records.contract'
import { ClockMode, ClockReport, ClockView, Span } from './clock.schemas'

export { ClockLight, ClockMode, ClockReport, ClockView, GoOn, Span } from './clock.schemas'

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
  'clock.goOn': {
    scope: 'gm',
    summary: 'Goes on with the rest of an advance that stopped (CLK-3): it stops again at the next encounter. With drop, the rest is dropped instead and no time passes.',
    input: z.object({ ...Campaign, drop: z.boolean({ error: 'must be yes or no' }).default(false) }).strict(),
    output: ClockReport,
  },
  'clock.setTime': {
    scope: 'gm',
    summary: 'Sets the clock to a later day and time of day: no encounter checks, nothing burns or is eaten (CLK-1).',
    input: z
      .object({
        ...Campaign,
        day: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more').max(36_500, 'must be at most 36,500'),
        time: z.string({ error: 'must be a time of day' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, hh:mm (00:00 to 23:59)'),
      })
      .strict(),
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
    summary: 'Fills a lantern (on the clock, or an item in a pack) with up to a pint of oil, from the carrier’s flask of oil unless told which (CLK-4).',
    input: z
      .object({ ...Campaign, lightId: z.string().optional(), itemId: Id.optional(), fromItemId: Id.optional() })
      .strict()
      .refine((i) => (i.itemId === undefined) !== (i.lightId === undefined), { message: 'give the lantern to refill: on the clock or in a pack', path: ['lightId'] }),
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
    summary: 'Rolls the reaction of a threat whose intent is unknown: d6 + spirit of the closest party member (OSR-13), a plain d6 in other systems (CLK-4).',
    input: z.object({ ...Campaign, spirit: Spirit.default(0), who: text(200).optional() }).strict(),
    output: z.object({
      face: z.number().int(),
      total: z.number().int(),
      reaction: z.enum(['hostile', 'uncertain', 'friendly']),
      odds: ReactionOdds,
      /** How it was rolled (CLK-4). */
      roll: z.enum(['d6 + S', 'd6']),
    }),
  },
} as const satisfies Record<ClockMethod, MethodDef>

export const clockEvents = {
  /** The clock moved or changed: screens showing it reload it. */
  'clock.moved': { scope: 'gm', payload: z.object({ campaignId: Id, time: z.number().int(), mode: ClockMode }) },
} as const satisfies Record<ClockEventName, EventDef>
