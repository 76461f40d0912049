/**
 * The few words the log's sentences share with the table's screens: kept here, free of any screen,
 * so the main process (session recaps) and the renderer (the log) say the same thing.
 */
import type { LodeLabel, OsrOutcome } from '../contract'

/** Game time (seconds since the campaign began, CLK-1) as "Day 3 · 14:35". */
export function gameTime(seconds: number): string {
  const day = Math.floor(seconds / 86400) + 1
  const rest = seconds % 86400
  const hh = String(Math.floor(rest / 3600)).padStart(2, '0')
  const mm = String(Math.floor((rest % 3600) / 60)).padStart(2, '0')
  return `Day ${day} · ${hh}:${mm}`
}

/**
 * A name the code uses, in words: `gameTimeStart` is "game time start", `lode.halfmagic.givenUp`
 * "lode halfmagic given up" (for a field or an entry no sentence names yet: no internal name reaches the log).
 */
export function keyWords(key: string): string {
  return key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .toLowerCase()
    .trim()
}

/**
 * The sentence for an entry of a kind no sentence names: its own text or summary when it has one,
 * otherwise its kind in words ("Lode halfmagic given up.").
 */
export function entryWords(kind: string, payload: Record<string, unknown>): string {
  if (typeof payload.text === 'string' && payload.text) return payload.text
  if (typeof payload.summary === 'string' && payload.summary) return `${payload.summary.replace(/\.$/, '')}.`
  const words = keyWords(kind)
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}.`
}

/** A modifier as the sheet writes it: +1, 0, −1. */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0'
}

/** The old-school table's outcomes (OSR-3, OSR-10, OSR-11, OSR-15 … OSR-18) in words. */
export const OSR_OUTCOME_LABELS: Record<OsrOutcome, string> = {
  'spectacular-success': 'Spectacular success',
  success: 'Success',
  failure: 'Failure',
  'spectacular-failure': 'Spectacular failure',
  saved: 'Saved',
  'not-saved': 'Not saved',
  'it-is': 'It is so',
  'it-is-not': 'It is not',
  hit: 'Hit',
  miss: 'Miss',
}

/** LODE-5 in the seed's words. */
export const LODE_LABEL_WORDS: Record<LodeLabel, string> = {
  failure: 'Failure',
  marginal: 'Marginal',
  adequate: 'Adequate',
  solid: 'Solid',
  impressive: 'Impressive',
  exceptional: 'Exceptional',
  astonishing: 'Astonishing',
}

/** "1 success", "3 successes". */
export function successes(n: number): string {
  return `${n} success${n === 1 ? '' : 'es'}`
}

/** "4 dice", "1 die". */
export function dice(n: number): string {
  return `${n} ${n === 1 ? 'die' : 'dice'}`
}

/** 'great' → 'Great'. */
export function cap(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1)
}

/** CH-11: where dice may replace numbers, in the set-up's words. */
export const CHALLENGE_DICE_WORDS = {
  none: 'no dice',
  pools: 'dice for the pools',
  comparison: 'dice when comparing',
  losses: 'dice for losses',
  modifiers: 'dice for bonus, resistance, reserves',
} as const
export type ChallengeDicePlace = keyof typeof CHALLENGE_DICE_WORDS

/**
 * A players' sentence: what players read in a hidden foe's place ("a foe", "a Danger") starts a sentence with a capital.
 * @example capitalAliases('a foe struck at Glam. a foe: dead.') // 'A foe struck at Glam. A foe: dead.'
 */
export function capitalAliases(text: string): string {
  return text.replace(/(^|[.!?]\s+)a (foe|Danger)\b/g, '$1A $2')
}
