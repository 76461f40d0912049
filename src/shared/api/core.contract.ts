/** The core API: the app itself, campaigns, their settings and their log. */
import { z } from 'zod'
import { SETTING_META } from '../settings-meta'
import { Id, NoInput, SystemId, type EventDef, type MethodDef } from './common'
import type { CoreEvent, CoreMethod } from './core.names'

const CampaignName = z
  .string({ error: 'must be text' })
  .trim()
  .min(1, 'a campaign needs a name')
  .max(120, 'must be at most 120 characters')

export const Campaign = z.object({
  id: Id,
  name: z.string(),
  system: SystemId,
  createdAt: z.string(),
  updatedAt: z.string(),
})
export type Campaign = z.infer<typeof Campaign>

/** One campaign with what a GM weighs before deleting it. */
export const CampaignDetail = Campaign.extend({
  /** Number of log entries: how much has been played. */
  logCount: z.number().int(),
})
export type CampaignDetail = z.infer<typeof CampaignDetail>

export const RolledFace = z.object({ sides: z.number().int(), face: z.number().int() })

export const LogEntry = z.object({
  id: Id,
  campaignId: Id,
  sessionId: z.number().int().nullable(),
  gameTime: z.number().int(),
  realTime: z.string(),
  kind: z.string(),
  payload: z.record(z.string(), z.unknown()),
  dice: z.array(RolledFace).nullable(),
  gmOnly: z.boolean(),
  undone: z.boolean(),
})
export type LogEntry = z.infer<typeof LogEntry>

/** Campaign settings: each key has a schema and a default (see services/settings.ts). */
export const SETTING_SCHEMAS = {
  /** LAD-12: length of a Ladder combat round in seconds (10–30, default 20). */
  'ladder.roundSeconds': z.number().int().min(10, 'must be at least 10 seconds').max(30, 'must be at most 30 seconds'),
  /** CLK-2: length of a combat round for lode, challenge and ranks. */
  'combat.roundSeconds': z.number().int().min(1, 'must be at least 1 second').max(600, 'must be at most 600 seconds'),
  /** LODE-6: the Web (9 by default, may fall to 6). */
  'lode.web': z.number().int().min(6, 'the Web is at least 6').max(9, 'the Web is at most 9'),
  /** LODE-9: each session's start tops every present character's Energy up to their supply (else the GM does, between sessions). */
  'lode.energyAtSessionStart': z.boolean({ error: 'must be on or off' }),
  /** RK-5: the optional borderline rule. */
  'ranks.borderline': z.boolean(),
  /** LAD-20: heal every treated character between adventures. */
  'ladder.healBetweenAdventures': z.boolean(),
  /** RK-1: the campaign's abilities; every character has every one. */
  'ranks.abilities': z
    .array(z.string({ error: 'must be text' }).trim().min(1, 'an ability needs a name').max(60, 'must be at most 60 characters'), { error: 'must be a list of abilities' })
    .min(1, 'a campaign needs at least one ability')
    .max(40, 'may hold at most 40 abilities')
    .refine((list) => new Set(list.map((a) => a.toLowerCase())).size === list.length, 'names an ability twice'),
  /** CLK-1: where a new campaign's clock stands before its first step: a day and a time of day. */
  'clock.start': z
    .object(
      {
        day: z.number({ error: 'the day must be a number' }).int('the day must be a whole number').min(1, 'the day must be 1 or more').max(36_500, 'the day must be at most 36,500'),
        time: z.string({ error: 'the time must be hh:mm' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'the time must be a time of day, hh:mm (00:00 to 23:59)'),
      },
      { error: 'must be a day and a time of day' },
    )
    .strict(),
  /** CLK-4: whether the clock offers a plain d6 reaction roll after an encounter (systems other than osr). */
  'clock.reactionRoll': z.boolean({ error: 'must be on or off' }),
  /**
   * OSR-6: the XP total at which levels 2, 3 … begin, one per line on the Settings page (so each may
   * come as text); past the last, each level takes the last step again.
   */
  'osr.levelThresholds': z
    .array(
      z.coerce
        .number({ error: 'each line must be a number of XP' })
        .int('each line must be a whole number of XP')
        .min(1, 'each line must be 1 XP or more')
        .max(1_000_000_000, 'each line must be at most 1,000,000,000 XP'),
      { error: 'must be a list of XP totals, one per level' },
    )
    .min(1, 'give at least the XP at which level 2 begins')
    .max(100, 'may hold at most 100 levels')
    .refine((list) => list.every((t, i) => i === 0 || t > list[i - 1]!), 'each level must take more XP than the level before it'),
  /** CLK-12: sunrise and sunset, hh:mm, before the season moves them. */
  'clock.sunrise': z.string({ error: 'must be a time of day, hh:mm' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, hh:mm (00:00 to 23:59)'),
  'clock.sunset': z.string({ error: 'must be a time of day, hh:mm' }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time of day, hh:mm (00:00 to 23:59)'),
  /** CLK-12: summer brings sunrise 90 minutes earlier and sunset 90 minutes later, winter the other way. */
  'clock.season': z.enum(['none', 'spring', 'summer', 'autumn', 'winter'], { error: () => 'must be none, spring, summer, autumn or winter' }),
  /** CLK-15: hours marched in a day on a journey. */
  'journey.marchHours': z.number({ error: 'must be a number of hours' }).int('must be a whole number of hours').min(1, 'must be at least 1 hour').max(20, 'must be at most 20 hours'),
  /** CLK-11: miles an hour of marching on open ground, outside the old-school core. */
  'journey.paceMph': z.number({ error: 'must be a number of miles an hour' }).min(0.5, 'must be at least 0.5 miles an hour').max(40, 'must be at most 40 miles an hour'),
  /** CLK-10: how the campaign measures its roads. */
  'journey.distanceUnit': z.enum(['miles', 'km'], { error: () => 'must be miles or km' }),
  /** CLK-15: the watch's encounter checks in camp: each turn (OSR-9) or none. */
  'journey.campChecks': z.enum(['every turn', 'none'], { error: () => 'must be every turn or none' }),
  /** Whether a note written in the log starts as the GM's alone (each note may still say otherwise). */
  'log.notesGmOnly': z.boolean({ error: 'must be on or off' }),
  /** The folder "Save to folder…" writes recaps into (a vault); null until the GM picks one. */
  'recap.folder': z.string({ error: 'must be a folder' }).trim().min(1, 'must name a folder').max(4096, 'must be at most 4,096 characters').nullable(),
} as const
export type SettingKey = keyof typeof SETTING_SCHEMAS
export const SETTING_DEFAULTS: { [K in SettingKey]: z.infer<(typeof SETTING_SCHEMAS)[K]> } = {
  'ladder.roundSeconds': 20,
  'combat.roundSeconds': 10,
  'lode.web': 9,
  // LODE-9: the text does not say when Energy comes back, so nothing is written until the GM says.
  'lode.energyAtSessionStart': false,
  'ranks.borderline': false,
  'ladder.healBetweenAdventures': false,
  // RK-1: the abilities the seed names; the GM changes the list to suit the setting.
  'ranks.abilities': ['Courage', 'Daring', 'Ferocity'],
  'clock.start': { day: 1, time: '00:00' },
  'clock.reactionRoll': true,
  // OSR-6, the seed's guide: 1 XP for each small fortune recovered or small army outwitted, a level each.
  'osr.levelThresholds': [1],
  'log.notesGmOnly': false,
  // CLK-12, CLK-15, CLK-11, CLK-10: the journey's defaults, each shown and editable.
  'clock.sunrise': '06:00',
  'clock.sunset': '18:00',
  'clock.season': 'none',
  'journey.marchHours': 8,
  'journey.paceMph': 3,
  'journey.distanceUnit': 'miles',
  'journey.campChecks': 'every turn',
  'recap.folder': null,
}
export const SettingKey = z.enum(Object.keys(SETTING_SCHEMAS) as [SettingKey, ...SettingKey[]], {
  error: () => `must be one of: ${Object.keys(SETTING_SCHEMAS).join(', ')}`,
})
export const Setting = z.object({ key: SettingKey, value: z.unknown(), isDefault: z.boolean() })

export const coreContract = {
  'app.info': {
    scope: 'gm',
    summary: 'Version, data file and mode of the running app.',
    input: NoInput,
    output: z.object({
      version: z.string(),
      dataFile: z.string(),
      mode: z.enum(['desktop', 'browser']),
      /** A library on PostgreSQL: its connection string without the password; null for the file. */
      database: z.string().nullable(),
      /** This GM's name in a shared library's history ('' for a file). */
      gmName: z.string(),
    }),
  },
  'app.ping': {
    scope: 'player',
    summary: 'Checks the connection and says which scope it has.',
    input: NoInput,
    output: z.object({ scope: z.enum(['gm', 'player']), version: z.string() }),
  },
  'campaign.list': {
    scope: 'gm',
    summary: 'Every campaign in the library, most recently changed first.',
    input: NoInput,
    output: z.array(Campaign),
  },
  'campaign.get': {
    scope: 'gm',
    summary: 'One campaign, with the size of its log.',
    input: z.object({ id: Id }).strict(),
    output: CampaignDetail,
  },
  'campaign.create': {
    scope: 'gm',
    summary: 'Creates a campaign for one of the five rules systems.',
    input: z
      .object({
        name: CampaignName,
        system: SystemId,
        /** Fixes the campaign's dice (for tests and replays); random when absent. */
        seed: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
      })
      .strict(),
    output: Campaign,
  },
  'campaign.rename': {
    scope: 'gm',
    summary: 'Renames a campaign.',
    input: z.object({ id: Id, name: CampaignName }).strict(),
    output: Campaign,
  },
  'campaign.delete': {
    scope: 'gm',
    summary: 'Deletes a campaign and everything in it; the GM confirms by typing its name.',
    input: z.object({ id: Id, confirmName: z.string({ error: 'must be the campaign name' }) }).strict(),
    output: z.object({ id: Id }),
  },
  'setting.list': {
    scope: 'gm',
    summary: "A campaign's settings, with their defaults filled in.",
    input: z.object({ campaignId: Id }).strict(),
    output: z.array(Setting),
  },
  'setting.set': {
    scope: 'gm',
    summary: 'Changes one campaign setting.',
    input: z.object({ campaignId: Id, key: SettingKey, value: z.unknown() }).strict(),
    output: Setting,
  },
  'log.list': {
    scope: 'gm',
    summary: "A page of the campaign's log, newest first.",
    input: z
      .object({
        campaignId: Id,
        beforeId: Id.optional(),
        limit: z.number().int().min(1, 'must be at least 1').max(500, 'must be at most 500').default(100),
        kind: z.string().optional(),
      })
      .strict(),
    output: z.array(LogEntry),
  },
  'log.note': {
    scope: 'gm',
    summary: 'Writes a GM note into the log.',
    input: z
      .object({
        campaignId: Id,
        text: z.string().trim().min(1, 'a note needs some text').max(10_000, 'must be at most 10,000 characters'),
        gmOnly: z.boolean().default(false),
      })
      .strict(),
    output: LogEntry,
  },
  'transfer.stop': {
    scope: 'gm',
    summary: 'Stops the campaign import or export under way: an import stopped writes nothing, an export stopped leaves no file.',
    input: NoInput,
    output: z.object({ stopped: z.boolean() }),
  },
} as const satisfies Record<CoreMethod, MethodDef>

// Every setting has a label and help for the screen; a key missing there fails the typecheck.
const _settingsHaveMeta: Record<SettingKey, unknown> = SETTING_META
void _settingsHaveMeta

export const coreEvents = {
  'campaign.changed': {
    scope: 'gm',
    payload: z.object({ campaignId: Id, change: z.enum(['created', 'renamed', 'deleted', 'settings']) }),
  },
  'log.added': { scope: 'gm', payload: LogEntry },
  /**
   * One change wrote more of a campaign's log than is sent entry by entry (a long downtime's
   * thousands of meals and lights): those entries are told once, by their kinds and ids, in place
   * of a `log.added` each. Screens that show the log read it again.
   */
  'log.many': {
    scope: 'gm',
    payload: z.object({ campaignId: Id, count: z.number().int().positive(), kinds: z.array(z.string()), firstId: Id, lastId: Id }),
  },
  /** A library on PostgreSQL: the connection to its server was lost (Lantern retries) or is back. */
  'library.connection': { scope: 'gm', payload: z.object({ state: z.enum(['open', 'lost']) }) },
  /** How far the campaign import or export under way is, in rows of the campaign file. */
  'transfer.progress': {
    scope: 'gm',
    payload: z.object({ operation: z.enum(['import', 'export']), done: z.number().int().nonnegative(), total: z.number().int().nonnegative() }),
  },
} as const satisfies Record<CoreEvent, EventDef>

