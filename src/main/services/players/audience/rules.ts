/**
 * The one place that says, kind by kind, what players may read of a log entry: nothing (the GM's
 * alone), the entry as the GM reads it, or their own version of it (a kind's rule takes out what
 * is the GM's: a foe's numbers until shown, the dice of a GM's check, the Threat pool). After a
 * kind's rule, every foe met and not revealed is unnamed in every text of the entry, whatever its
 * kind (but a note: the GM's own words for the table). A kind no rule names is the GM's alone.
 */
import type { LogAudience } from '../../../db/schema'
import type { Visibility } from './visibility'
import { COMMON_RULES, ruleByPrefix } from './kinds/common'
import { OSR_RULES } from './kinds/osr'
import { LADDER_RULES } from './kinds/ladder'
import { LODE_RULES } from './kinds/lode'
import { CHALLENGE_RULES } from './kinds/challenge'
import { RANKS_RULES } from './kinds/ranks'
import { SCENE_RULES } from './kinds/scene'
import { JOURNEY_RULES } from './kinds/journey'
import type { KindRule, Payload } from './kinds/rule'

export type { KindRule, Payload } from './kinds/rule'

const RULES: ReadonlyMap<string, KindRule> = new Map(
  Object.entries({ ...COMMON_RULES, ...OSR_RULES, ...LADDER_RULES, ...LODE_RULES, ...CHALLENGE_RULES, ...RANKS_RULES, ...SCENE_RULES, ...JOURNEY_RULES }),
)

/** The rule of a kind: by its name, else by its prefix, else the GM's alone. */
export function ruleOf(kind: string): KindRule {
  return RULES.get(kind) ?? ruleByPrefix(kind) ?? 'gm'
}

/** Whether a kind has a rule of its own (a kind without one is the GM's alone). */
export function hasRule(kind: string): boolean {
  return RULES.has(kind) || ruleByPrefix(kind) !== null
}

/** Every string of a payload through `v.words`; the same object back when nothing changed. */
function unnamed<T>(value: T, v: Visibility): T {
  if (typeof value === 'string') return v.words(value) as T
  if (Array.isArray(value)) {
    let changed = false
    const out = value.map((x) => {
      const y = unnamed(x, v)
      if (y !== x) changed = true
      return y
    })
    return (changed ? out : value) as T
  }
  if (value && typeof value === 'object') {
    let out: Record<string, unknown> | null = null
    for (const [k, x] of Object.entries(value)) {
      const y = unnamed(x, v)
      if (y !== x) (out ??= { ...(value as Record<string, unknown>) })[k] = y
    }
    return (out ?? value) as T
  }
  return value
}

export interface Decided {
  audience: Extract<LogAudience, 'all' | 'players' | 'gm'>
  /** The players' own payload when `audience` is 'players'. */
  players: Payload | null
}

/**
 * Who an entry is for, given what the players know now.
 * @example decideEntry('osr.harm', { name: 'Cave bear', harm: 9, before: { h: 37, maxH: 37 }, … }, false, v) // { audience: 'players', players: { name: 'a foe', harm: 9, … } }
 */
export function decideEntry(kind: string, payload: Payload, gmOnly: boolean, v: Visibility): Decided {
  if (gmOnly) return { audience: 'gm', players: null }
  const rule = ruleOf(kind)
  if (rule === 'gm') return { audience: 'gm', players: null }
  let p: Payload | null = rule === 'all' ? payload : rule(payload, v)
  if (p === null) return { audience: 'gm', players: null }
  if (kind !== 'note' && v.anyHidden) p = unnamed(p, v)
  return p === payload ? { audience: 'all', players: null } : { audience: 'players', players: p }
}

/** Kinds of the tables and encounters, whose entries from before audiences were kept cannot be told apart safely. */
const TABLE_KINDS = /^(osr|ladder|lode|challenge|ranks|encounter|players)\./

/**
 * An entry written before audiences were kept: the tables' entries are the GM's (which names were
 * foes, which numbers were shown, was never written down); every other kind as its rule says,
 * with the foes met since unnamed.
 */
export function decideOld(kind: string, payload: Payload, gmOnly: boolean, v: Visibility): Decided {
  if (TABLE_KINDS.test(kind)) return { audience: 'gm', players: null }
  return decideEntry(kind, payload, gmOnly, v)
}
