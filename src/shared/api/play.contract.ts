/** Sessions at the table: start, close (LAD-30, RK-7), and undo of the last action. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { PlayMethod } from './play.names'
import { text } from './records.contract'
import { Session } from './sessions.contract'

export const playContract = {
  'play.start': {
    scope: 'gm',
    summary: 'Starts a session now, as the clock stands, with the player characters present.',
    input: z
      .object({
        campaignId: Id,
        title: text(200).optional(),
        adventureId: Id.nullable().optional(),
        attendance: z.array(Id).max(100, 'at most 100 characters'),
      })
      .strict(),
    output: Session,
  },
  'play.close': {
    scope: 'gm',
    summary: 'Closes the open session: its end in game time; supers topped up to 3 Plot Points (LAD-30); Threat left warned (RK-7).',
    input: z.object({ id: Id, confirmThreat: z.boolean().default(false) }).strict(),
    output: z.object({
      session: Session,
      topUps: z.array(z.object({ characterId: Id, name: z.string(), amount: z.number().int() })),
      threatLeft: z.number().int(),
    }),
  },
  'play.undo': {
    scope: 'gm',
    summary: 'Undoes the last action of play as a compensating change: a clock step, a ledger entry, an injury, a roll.',
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({ undone: z.string(), logEntryId: Id }),
  },
} as const satisfies Record<PlayMethod, MethodDef>
