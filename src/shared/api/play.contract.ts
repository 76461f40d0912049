/** Sessions at the table: start, close (LAD-30, RK-7); undo and redo of the GM's actions, their history, the table's log. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { PlayMethod } from './play.names'
import { text } from './records.contract'
import { Session } from './sessions.contract'
import { LogEntry } from './core.contract'

const ActionRef = z.object({ actionId: Id, summary: z.string() }).nullable()

/** The history panel: the last actions, and what undo and redo would take now. */
export const ActionHistory = z.object({
  items: z.array(
    z.object({
      actionId: Id,
      summary: z.string(),
      kind: z.string(),
      status: z.enum(['done', 'undone']),
      redoable: z.boolean(),
      gameTime: z.number().int(),
      entries: z.number().int(),
      /** Who did it, on a library several GMs share; '' otherwise. */
      by: z.string(),
      lines: z.array(z.string()),
    }),
  ),
  undo: ActionRef,
  redo: ActionRef,
  /** The log holds play from before the undo history starts (a library from before undo by action, an imported campaign): it cannot be undone. */
  earlierPlay: z.boolean(),
})
export type ActionHistory = z.infer<typeof ActionHistory>

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
    summary: 'Undoes the last action of play, whatever it wrote (a clock step, a roll, a ledger entry, an injury, a tracker step); pressed again, the one before it.',
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({ undone: z.string(), logEntryId: Id, actionId: Id }),
  },
  'play.redo': {
    scope: 'gm',
    summary: 'Makes again what undo just took back, with the same dice; a new action clears what can be redone.',
    input: z.object({ campaignId: Id }).strict(),
    output: z.object({ redone: z.string(), actionId: Id }),
  },
  'play.history': {
    scope: 'gm',
    summary: 'The last actions of play, newest first, with what each changed, and what undo and redo would take.',
    input: z.object({ campaignId: Id, limit: z.number().int().min(1).max(200).default(30) }).strict(),
    output: ActionHistory,
  },
  'play.log': {
    scope: 'gm',
    summary:
      'The log as the table shows it: newest action first, each followed by its consequences in game-time order; a very long action (a year of downtime) by its own entry and its newest lines, the lines between counted.',
    input: z.object({ campaignId: Id, limit: z.number().int().min(1).max(1000).default(200), beforeId: Id.optional() }).strict(),
    output: z.object({
      entries: z.array(LogEntry),
      /** The lines of the page's oldest action left out, after its own entry (afterId). */
      cut: z.object({ afterId: Id, lines: z.number().int().positive() }).nullable(),
    }),
  },
} as const satisfies Record<PlayMethod, MethodDef>
