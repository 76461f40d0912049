/** Adventures: the arcs of a campaign, in the order the GM plays them. */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { AdventureMethod } from './adventures.names'
import { name, text } from './records.contract'

export const AdventureStatus = z.enum(['planned', 'active', 'finished'], { error: () => 'must be planned, active or finished' })

export const Adventure = z.object({
  id: Id,
  campaignId: Id,
  title: z.string(),
  status: AdventureStatus,
  summary: z.string(),
  position: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Adventure = z.infer<typeof Adventure>

// No defaults here: an update names only what changes, and a default would overwrite the rest.
const AdventureFields = z.object({
  title: name('an adventure'),
  status: AdventureStatus,
  summary: text(20_000),
})

export const adventureContract = {
  'adventure.list': {
    scope: 'gm',
    summary: "The campaign's adventures in playing order.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.array(Adventure),
  },
  'adventure.create': {
    scope: 'gm',
    summary: 'Adds an adventure at the end of the list.',
    input: AdventureFields.extend({
      campaignId: Id,
      status: AdventureStatus.default('planned'),
      summary: text(20_000).default(''),
    }).strict(),
    output: Adventure,
  },
  'adventure.update': {
    scope: 'gm',
    summary: "Changes an adventure's title, status or summary.",
    input: AdventureFields.partial().extend({ id: Id }).strict(),
    output: Adventure,
  },
  'adventure.move': {
    scope: 'gm',
    summary: 'Moves an adventure to another place in the playing order (1 = first).',
    input: z.object({ id: Id, position: z.number().int('must be a whole number').min(1, 'must be 1 or more') }).strict(),
    output: z.array(Adventure),
  },
  'adventure.delete': {
    scope: 'gm',
    summary: 'Deletes an adventure; its sessions stay, no longer linked to it.',
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id }),
  },
} as const satisfies Record<AdventureMethod, MethodDef>
