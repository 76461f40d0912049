/** Locations: the places of the campaign, as a tree (a room inside a keep inside the hills). */
import { z } from 'zod'
import { Id, type MethodDef } from './common'
import type { LocationMethod } from './locations.names'
import { name, text } from './records.contract'

/** Open wilderness, or a busy, enclosed or dark place: speed (OSR-7) and encounter distance (OSR-12) depend on it. */
export const LocationKind = z.enum(['open', 'enclosed'], { error: () => 'must be open or enclosed' })
export type LocationKind = z.infer<typeof LocationKind>

export const Location = z.object({
  id: Id,
  campaignId: Id,
  parentId: Id.nullable(),
  name: z.string(),
  kind: LocationKind,
  description: z.string(),
  /** CLK-13: under the sky, not, or null: as the place it is in. */
  underSky: z.boolean().nullable(),
  /**
   * CLK-13: what "as the place it is in" comes to here: under the sky or not, and the place that
   * decides — the nearest place around it that says (`choice`), else the top place by its kind.
   */
  asPlaceItIsIn: z.object({ underSky: z.boolean(), from: z.string(), by: z.enum(['choice', 'kind']) }),
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Location = z.infer<typeof Location>

// No defaults here: an update names only what changes, and a default would overwrite the rest.
const LocationFields = z.object({
  name: name('a location'),
  kind: LocationKind,
  description: text(20_000),
  /** The place this one is inside; null at the top level. */
  parentId: Id.nullable(),
  /** CLK-13: under the sky (true), not (false: a dungeon, a cave, a building), or as the place it is in (null). */
  underSky: z.boolean({ error: 'must be yes, no or as the place it is in' }).nullable(),
})

export const locationContract = {
  'location.list': {
    scope: 'gm',
    summary: "The campaign's locations by name; each names its parent, so the screen can draw the tree.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.array(Location),
  },
  'location.create': {
    scope: 'gm',
    summary: 'Adds a location, at the top level or inside another.',
    input: LocationFields.extend({
      campaignId: Id,
      kind: LocationKind.default('enclosed'),
      description: text(20_000).default(''),
      parentId: Id.nullable().default(null),
      underSky: z.boolean({ error: 'must be yes, no or as the place it is in' }).nullable().default(null),
    }).strict(),
    output: Location,
  },
  'location.update': {
    scope: 'gm',
    summary: "Changes a location's name, kind, description, the place it is inside or whether it is under the sky.",
    input: LocationFields.partial().extend({ id: Id }).strict(),
    output: Location,
  },
  'location.delete': {
    scope: 'gm',
    summary: "Deletes a location; the places inside it move up to its parent, and its encounter tables keep no location.",
    input: z.object({ id: Id }).strict(),
    output: z.object({ id: Id, movedChildren: z.number().int() }),
  },
} as const satisfies Record<LocationMethod, MethodDef>
