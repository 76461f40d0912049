/**
 * What a GM sees of each campaign setting: its label, a line of help, which systems use it and
 * the shape of its input. The schema and default live in contract.ts (SETTING_SCHEMAS).
 */
import type { SystemKey } from './systems'

export interface SettingMeta {
  label: string
  help: string
  systems: readonly SystemKey[]
  input: { kind: 'number'; min: number; max: number; unit?: string } | { kind: 'boolean' } | { kind: 'list'; item: string } | { kind: 'day and time' } | { kind: 'folder' } | { kind: 'time' } | { kind: 'choice'; options: readonly string[] }
}

export const SETTING_META = {
  'ladder.roundSeconds': {
    label: 'Combat round length',
    help: 'Game time one combat round takes (LAD-12): 10 to 30 seconds.',
    systems: ['ladder'],
    input: { kind: 'number', min: 10, max: 30, unit: 's' },
  },
  'ladder.healBetweenAdventures': {
    label: 'Heal between adventures',
    help: 'Clear every treated character’s injuries at the start of the next session (LAD-20).',
    systems: ['ladder'],
    input: { kind: 'boolean' },
  },
  'combat.roundSeconds': {
    label: 'Combat round length',
    help: 'Game time one combat round takes (CLK-2).',
    systems: ['lode', 'challenge', 'ranks'],
    input: { kind: 'number', min: 1, max: 600, unit: 's' },
  },
  'lode.web': {
    label: 'The Web',
    help: 'Successes needed for Halfmagic (LODE-6): 9 by default, as low as 6 where magic runs thin.',
    systems: ['lode'],
    input: { kind: 'number', min: 6, max: 9 },
  },
  'lode.energyAtSessionStart': {
    label: 'Energy supply at each session’s start',
    help: 'On: starting a session tops each character present up to the Energy supply on their sheet, through the ledger (LODE-9). Off: you top it up by hand, on the Between sessions page.',
    systems: ['lode'],
    input: { kind: 'boolean' },
  },
  'ranks.borderline': {
    label: 'Borderline rule',
    help: 'On Fair the player, on Mediocre the GM, may re-roll with another ability (RK-5).',
    systems: ['ranks'],
    input: { kind: 'boolean' },
  },
  'ranks.abilities': {
    label: 'Abilities',
    help: 'Every character has every one of these, rated Poor to Spectacular (RK-1). One per line.',
    systems: ['ranks'],
    input: { kind: 'list', item: 'ability' },
  },
  'clock.start': {
    label: 'The campaign starts',
    help: 'Where the clock stands before its first step: a day and a time of day (CLK-1). Once the clock has moved, jump it with “Set the time” on the Time & light page instead.',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'day and time' },
  },
  'clock.reactionRoll': {
    label: 'Reaction roll after an encounter',
    help: 'When the clock finds an encounter, offer a plain d6 for the threat’s reaction: 1–2 hostile, 3–4 uncertain, 5–6 friendly (OSR-13’s bands, CLK-4). Off: you decide.',
    systems: ['ladder', 'lode', 'challenge', 'ranks'],
    input: { kind: 'boolean' },
  },
  'osr.levelThresholds': {
    label: 'Experience for each level',
    help: 'The XP at which level 2, 3 … begins, one per line (OSR-6); past the last line, each level takes the last step again. By default the seed’s guide: 1 XP is a small fortune recovered or a small army outwitted (or half of each), and each XP is a level. For finer awards write e.g. 100, 200, 300 and award 100 XP a fortune.',
    systems: ['osr'],
    input: { kind: 'list', item: 'XP total' },
  },
  'clock.sunrise': {
    label: 'Sunrise',
    help: 'When the sun comes up, hh:mm, before the season moves it (CLK-12). Under the sky by day no light is needed and no darkness is shown (CLK-13); a journey sets out at first light.',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'time' },
  },
  'clock.sunset': {
    label: 'Sunset',
    help: 'When the sun goes down, hh:mm, before the season moves it (CLK-12); it must come after sunrise.',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'time' },
  },
  'clock.season': {
    label: 'Season',
    help: 'Summer brings sunrise 90 minutes earlier and sunset 90 minutes later, winter the other way; spring and autumn keep them as set (CLK-12).',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'choice', options: ['none', 'spring', 'summer', 'autumn', 'winter'] },
  },
  'journey.marchHours': {
    label: 'Marching day',
    help: 'Hours a party marches in a day on a journey before it camps until first light (CLK-15): 8 unless you set another.',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'number', min: 1, max: 20, unit: 'hours' },
  },
  'journey.paceMph': {
    label: 'Marching pace',
    help: 'Miles an hour a party marches on open ground (CLK-11): 3 unless you set another; enclosed ground (a forest, a tunnel) goes at a tenth of it.',
    systems: ['ladder', 'lode', 'challenge', 'ranks'],
    input: { kind: 'number', min: 0.5, max: 40, unit: 'miles an hour' },
  },
  'journey.distanceUnit': {
    label: 'Distances in',
    help: 'How a journey’s legs are measured: miles or kilometres (CLK-10).',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'choice', options: ['miles', 'km'] },
  },
  'journey.campChecks': {
    label: 'Encounter checks in camp',
    help: 'How the watch checks for encounters while a journey camps at night (CLK-15): every turn, as in exploration (OSR-9), or none.',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'choice', options: ['every turn', 'none'] },
  },
  'log.notesGmOnly': {
    label: 'New log notes are GM only',
    help: 'On: each note you write in the log starts ticked “GM only”, kept from the players’ screen and recap; untick it for one they may read. Off: each starts for everyone.',
    systems: ['ladder', 'osr', 'lode', 'challenge', 'ranks'],
    input: { kind: 'boolean' },
  },
  'recap.folder': {
    label: 'Recap folder',
    help: 'Where “Save to folder…” on a recap writes it (an Obsidian vault, say): chosen there, and remembered.',
    // Set from the recap screen's folder dialog, not on the Settings page.
    systems: [],
    input: { kind: 'folder' },
  },
} as const satisfies Record<string, SettingMeta>
export type SettingMetaKey = keyof typeof SETTING_META
