/**
 * The players' rules for what the LODE table writes. A player character's pool, Energy and
 * Destiny are the table's; the pool of a foe met at the table is its number (LODE-1: its Base
 * Dice, LODE-12, with its advantages) until the GM shows it: a roll by such a foe is told by its
 * successes and their label, its fumble or Halfmagic, and who won by how much (LODE-5 … LODE-7),
 * never by the pool asked, the dice it threw or the advantages the GM named for it.
 */
import type { Visibility } from '../visibility'
import { type KindRule, type Payload, facesHidden, without, withField } from './rule'

/** A side's fields that give its pool away (LODE-1, LODE-2: the pool is the original dice thrown, and the 6s add the explosions). */
const POOL_FIELDS = ['input', 'pool', 'rolled', 'faces', 'explosions', 'what']

/** One side of a roll as `sidePayload` writes it: without its pool when the roller's numbers are hidden. */
function side(p: Payload, v: Visibility): Payload {
  return v.numbers(p.name) ? p : without(p, ...POOL_FIELDS)
}

/** A hidden side's faces are the GM's too: how many dice it threw is its pool (LODE-1). */
const sideRule: KindRule = (p, v) => (v.numbers(p.name) ? p : facesHidden(side(p, v)))

/** LODE-7: each side as `side` tells it; the winner and the margin are what the table saw; the faces, when a side is hidden, are the GM's. */
const opposedRule: KindRule = (p, v) => {
  const either = (s: unknown): unknown => (s && typeof s === 'object' ? side(s as Payload, v) : s)
  const out = withField(withField(p, 'a', either), 'b', either)
  const hidden = [p.a, p.b].some((s) => s && typeof s === 'object' && !v.numbers((s as Payload).name))
  return hidden ? facesHidden(out) : out
}

/** A step that names what was rolled for (the GM's words for the advantages, LODE-1): left out for a roller whose numbers are hidden. */
const namedWhatRule: KindRule = (p, v) => (v.numbers(p.name) ? p : without(p, 'what'))

export const LODE_RULES: Record<string, KindRule> = {
  // LODE-1 … LODE-6, LODE-8: a pool or the Fluke Die.
  'lode.roll': sideRule,
  // LODE-9: a Destiny re-roll throws the same pool again; an opposed roll's standing after it stays.
  'lode.reroll': sideRule,
  'lode.opposed': opposedRule,
  // LODE-11: Halfmagic given up for a Destiny point, and who gains it.
  'lode.halfmagic.givenUp': namedWhatRule,
  // LODE-10: each attempt at deliberate Halfmagic is a pool at Base Dice 2 with the roller's advantages.
  'lode.deliberate': sideRule,
  'lode.deliberate.reroll': sideRule,
  'lode.deliberate.stop': namedWhatRule,
  // LODE-11: the scene the Destiny kept from Halfmagic counts against.
  'lode.scene': 'all',
}
