/**
 * Journeys on the clock (CLK-10 … CLK-16): a road in legs, its numbers before setting out, and
 * travelling it as clock steps that stop at the first encounter, camp at night and go on at first
 * light. Every change is a clock step: one transaction, one log, one undo.
 */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { JourneyMethod } from './journey.names'
import { text } from './records.contract'
import { ClockReport } from './clock.schemas'

const Campaign = { campaignId: Id }

export const JourneyLegInput = z
  .object({
    terrain: z.string({ error: 'must be text' }).trim().min(1, 'name the ground: road, forest, marsh …').max(60, 'must be at most 60 characters'),
    length: z.number({ error: 'must be a number' }).gt(0, 'must be more than 0').max(10_000, 'must be at most 10,000'),
    place: z.enum(['open', 'enclosed'], { error: () => 'must be open or enclosed' }),
    threshold: z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 to 20').max(20, 'must be 1 to 20').default(20),
    tableId: Id.nullable().default(null),
  })
  .strict()
export type JourneyLegInput = z.input<typeof JourneyLegInput>

export const JourneyPlanInput = z
  .object({
    ...Campaign,
    name: text(200).default(''),
    fromLocationId: Id.nullable().default(null),
    toLocationId: Id.nullable().default(null),
    toName: text(200).default(''),
    legs: z.array(JourneyLegInput, { error: 'must be a list of legs' }).min(1, 'a journey needs at least one leg').max(60, 'may hold at most 60 legs'),
  })
  .strict()
  .refine((i) => i.toLocationId !== null || i.toName !== '', { message: 'say where the journey goes: a location, or a place typed', path: ['toName'] })

/** The numbers a GM sees before setting out (CLK-14). */
export const JourneyNumbers = z.object({
  unit: z.enum(['miles', 'km']),
  speed: z.object({ open: z.number(), enclosed: z.number(), basis: z.enum(['load', 'pace']), slowest: z.array(z.string()), paceMph: z.number().nullable() }),
  members: z.array(z.object({ name: z.string(), loadLbs: z.number(), open: z.number(), enclosed: z.number() })),
  legs: z.array(z.object({ terrain: z.string(), place: z.enum(['open', 'enclosed']), length: z.number(), perTurn: z.number(), turns: z.number().int(), hours: z.number() })),
  marchHours: z.number(),
  marchingHours: z.number(),
  marchingDays: z.number().int(),
  daysOnRoad: z.number().int(),
  camps: z.number().int(),
  arrivesAt: z.number().int(),
  darkMarchHours: z.number(),
  supplies: z.array(z.object({ name: z.string(), foodNeeded: z.number(), foodCarried: z.number(), waterNeeded: z.number(), waterCarried: z.number(), foodShort: z.number(), waterShort: z.number() })),
})
export type JourneyNumbers = z.infer<typeof JourneyNumbers>

export const JourneyLeg = z.object({
  id: Id,
  terrain: z.string(),
  length: z.number(),
  unit: z.enum(['miles', 'km']),
  place: z.enum(['open', 'enclosed']),
  threshold: z.number().int(),
  tableId: Id.nullable(),
  tableName: z.string().nullable(),
  detour: z.boolean(),
})

export const Journey = z.object({
  id: Id,
  name: z.string(),
  from: z.string().nullable(),
  to: z.string(),
  status: z.enum(['planned', 'travelling', 'arrived', 'stopped']),
  weather: z.string(),
  setOutAt: z.number().int().nullable(),
  endedAt: z.number().int().nullable(),
  legs: z.array(JourneyLeg),
  /** From where the party is (the whole road before setting out). */
  numbers: JourneyNumbers.nullable(),
  /** What the road has told so far: legs done, camps, first lights, what was met where, arrival. */
  story: z.array(z.object({ at: z.number().int(), kind: z.string(), text: z.string() })),
})
export type Journey = z.infer<typeof Journey>

export const JourneyPage = z.object({
  /** The journey planned or under way, else the last one. */
  current: Journey.nullable(),
  earlier: z.array(z.object({ id: Id, name: z.string(), status: z.string(), to: z.string() })),
  unit: z.enum(['miles', 'km']),
  marchHours: z.number(),
})
export type JourneyPage = z.infer<typeof JourneyPage>

export const journeyContract = {
  'journey.get': { scope: 'gm', summary: 'The journey planned or under way, with its numbers and what the road has told.', input: z.object(Campaign).strict(), output: JourneyPage },
  'journey.preview': { scope: 'gm', summary: 'The numbers of a journey not yet planned: speed, turns and hours per leg, days, camps, food and water (CLK-14).', input: JourneyPlanInput, output: JourneyNumbers },
  'journey.plan': { scope: 'gm', summary: 'Plans a journey in legs (CLK-14); undone like any clock step.', input: JourneyPlanInput, output: ClockReport },
  'journey.setOut': {
    scope: 'gm',
    summary: 'Sets out on the planned journey: the party’s speed is taken now (CLK-10) and the marching day begins.',
    input: z.object({ ...Campaign, journeyId: Id }).strict(),
    output: ClockReport,
  },
  'journey.travel': {
    scope: 'gm',
    summary: 'Travels on: a turn, an hour, a day, to camp or to the end, stopping at the first encounter (CLK-14).',
    input: z.object({ ...Campaign, until: z.enum(['turn', 'hour', 'day', 'camp', 'arrival'], { error: () => 'must be turn, hour, day, camp or arrival' }) }).strict(),
    output: ClockReport,
  },
  'journey.detour': { scope: 'gm', summary: 'Adds a leg after the one the party is on (CLK-16).', input: z.object({ ...Campaign, leg: JourneyLegInput }).strict(), output: ClockReport },
  'journey.forcedMarch': {
    scope: 'gm',
    summary: 'Marches longer today; the GM rules the cost (CLK-16).',
    input: z
      .object({
        ...Campaign,
        hours: z.number({ error: 'must be a number' }).int('must be a whole number of hours').min(1, 'must be at least 1 hour').max(12, 'must be at most 12 hours'),
        cost: text(500).default(''),
      })
      .strict(),
    output: ClockReport,
  },
  'journey.turnBack': { scope: 'gm', summary: 'Turns back: the party retraces the road to where it set out (CLK-16).', input: z.object(Campaign).strict(), output: ClockReport },
  'journey.stop': { scope: 'gm', summary: 'Ends the journey where the party is (CLK-16).', input: z.object(Campaign).strict(), output: ClockReport },
  'journey.weather': {
    scope: 'gm',
    summary: 'Writes the weather line the players read on their screen.',
    input: z.object({ ...Campaign, weather: text(200) }).strict(),
    output: ClockReport,
  },
  'journey.watch': {
    scope: 'gm',
    summary: 'Sets the watch order in camp: the night shared evenly among these characters, in this order (CLK-15).',
    input: z.object({ ...Campaign, characterIds: z.array(Id, { error: 'must be a list of characters' }).max(12, 'may hold at most 12 watchers') }).strict(),
    output: ClockReport,
  },
} as const satisfies Record<JourneyMethod, MethodDef>
