/** Sessions: the evenings the group played, with who came. Starting and closing one at the table is `play.start` and `play.close`. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { SessionMethod } from './sessions.names'
import { text } from './records.contract'

export const SessionStatus = z.enum(['open', 'closed'], { error: () => 'must be open or closed' })

/** True for a day that exists: 2024-02-29 yes, 2023-02-29 no. */
function isCalendarDate(s: string): boolean {
  const [y, m, d] = s.split('-').map(Number) as [number, number, number]
  const date = new Date(Date.UTC(y, m - 1, d))
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d
}

/** The real-world day the session was played, YYYY-MM-DD. */
export const RealDate = z
  .string({ error: 'must be a date written YYYY-MM-DD' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'must be a date written YYYY-MM-DD, such as 2025-03-14', abort: true })
  .refine(isCalendarDate, 'is not a day on the calendar')

/** Game time: whole seconds since the campaign began (CLK-1). */
export const GameTime = z
  .number({ error: 'must be a number of seconds' })
  .int('must be a whole number of seconds')
  .min(0, 'cannot be before the campaign began')

export const SessionNumber = z.number({ error: 'must be a number' }).int('must be a whole number').min(1, 'must be 1 or more')

export const Attendee = z.object({ characterId: Id, name: z.string() })
export type Attendee = z.infer<typeof Attendee>

export const Session = z.object({
  id: Id,
  campaignId: Id,
  number: z.number().int(),
  title: z.string(),
  realDate: z.string().nullable(),
  adventureId: Id.nullable(),
  gameTimeStart: z.number().int().nullable(),
  gameTimeEnd: z.number().int().nullable(),
  status: SessionStatus,
  gmNotes: z.string(),
  /** The player characters who were there, by name. */
  attendance: z.array(Attendee),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Session = z.infer<typeof Session>

// No defaults here: an update names only what changes, and a default would overwrite the rest.
const SessionFields = z.object({
  number: SessionNumber,
  title: text(200),
  realDate: RealDate.nullable(),
  adventureId: Id.nullable(),
  gameTimeStart: GameTime.nullable(),
  gameTimeEnd: GameTime.nullable(),
  status: SessionStatus,
  gmNotes: text(50_000),
  /** Ids of the PCs who came; the whole list (an update replaces it). */
  attendance: z.array(Id).max(200, 'must list at most 200 characters'),
})

export const sessionContract = {
  'session.list': {
    scope: 'gm',
    summary: "The campaign's sessions, by number, each with who came.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.array(Session),
  },
  'session.create': {
    scope: 'gm',
    summary: 'Records a session; without a number it takes the next free one.',
    input: SessionFields.extend({
      campaignId: Id,
      number: SessionNumber.optional(),
      title: text(200).default(''),
      realDate: RealDate.nullable().default(null),
      adventureId: Id.nullable().default(null),
      gameTimeStart: GameTime.nullable().default(null),
      gameTimeEnd: GameTime.nullable().default(null),
      status: SessionStatus.default('open'),
      gmNotes: text(50_000).default(''),
      attendance: z.array(Id).max(200, 'must list at most 200 characters').default([]),
    }).strict(),
    output: Session,
  },
  'session.update': {
    scope: 'gm',
    summary: "Changes a session's number, title, date, adventure, game times, status, notes or attendance.",
    input: SessionFields.partial().extend({ id: Id }).strict(),
    output: Session,
  },
  'session.delete': {
    scope: 'gm',
    summary: 'Deletes a session record; log entries made during it stay.',
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id }),
  },
} as const satisfies Record<SessionMethod, MethodDef>
