/**
 * The players' rules for what the challenge table writes. A side played by anyone but a player
 * character is a foe (foes.ts meets it at the start); its numbers (CH-1: rating, pool, bonus,
 * reserves, resistance; what its complementary abilities gave, CH-6; its conversions, CH-7; the
 * dice that stood for its numbers, CH-11) are the GM's until the GM shows them, and so are the odds
 * kept with an entry, computed from both sides' numbers. What the table saw in words stays: who
 * faced whom with which ability, a horde's members and how many fell (CH-9), who is out and who
 * won (CH-3), the player characters' own numbers.
 */
import type { Visibility } from '../visibility'
import { eachOf, facesHidden, type KindRule, type Payload, withField, without } from './rule'

/** The names among `names` whose numbers players may not read. */
function hiddenOf(names: readonly unknown[], v: Visibility): string[] {
  return names.filter((n): n is string => typeof n === 'string' && !v.numbers(n))
}

/** Keeps only the listed fields of an object (what is left of a foe's side when its numbers are hidden). */
function only(p: Payload, ...fields: string[]): Payload {
  const out: Payload = {}
  for (const f of fields) if (f in p) out[f] = p[f]
  return out
}

/** Whether a die roll's "who" (a side, or "A on B" for a loss) names a hidden side (CH-11). */
function mentions(who: unknown, hidden: readonly string[]): boolean {
  if (typeof who !== 'string') return true
  return hidden.some((n) => who === n || who.startsWith(`${n} on `) || who.endsWith(` on ${n}`))
}

/** The dice rolled for numbers players may read, without those that stood for a hidden side's (CH-11). */
function diceOf(list: unknown, hidden: readonly string[]): unknown {
  return Array.isArray(list) ? list.filter((d: unknown) => !mentions((d as Payload | null)?.who, hidden)) : list
}

/** CH-2 … CH-9: a round's report with the hidden sides' numbers taken out. */
function reportFor(report: unknown, hidden: readonly string[]): unknown {
  if (!report || typeof report !== 'object') return report
  const r = report as Payload
  const isHidden = (name: unknown) => typeof name === 'string' && hidden.includes(name)
  const keep = (list: unknown, field: string) => (Array.isArray(list) ? list.filter((x: unknown) => !isHidden((x as Payload | null)?.[field])) : list)
  return {
    round: r.round,
    carriedBonus: keep(r.carriedBonus, 'side'),
    conversions: keep(r.conversions, 'side'),
    dice: diceOf(r.dice, hidden),
    sides: Array.isArray(r.sides) ? r.sides.map((s: Payload) => (isHidden(s.side) ? only(s, 'index', 'side') : s)) : r.sides,
    blows: Array.isArray(r.blows)
      ? r.blows.map((b: Payload) => {
          // A blow on a hidden side: who struck whom. One from it: what the player character's resistance stopped and what got through.
          if (isHidden(b.toSide)) return only(b, 'from', 'to', 'fromSide', 'toSide')
          if (isHidden(b.fromSide)) return only(b, 'from', 'to', 'fromSide', 'toSide', 'resisted', 'through')
          return b
        })
      : r.blows,
    fallen: r.fallen,
    eliminated: r.eliminated,
    winner: r.winner,
  }
}

/** Every side's pool, with null where the side's numbers are hidden. */
function poolsFor(p: Payload, hidden: readonly string[]): Payload {
  const names = Array.isArray(p.names) ? (p.names as unknown[]) : []
  return withField(p, 'pools', (pools) => (Array.isArray(pools) ? pools.map((x: unknown, i) => (hidden.includes(names[i] as string) ? null : x)) : pools))
}

/** CH-1, CH-6, CH-9, CH-11: the start, each foe by its name, ability and horde while its numbers are hidden. */
const startedRule: KindRule = (p, v) => {
  const sides = Array.isArray(p.sides) ? (p.sides as Payload[]) : []
  const hidden = hiddenOf(
    sides.map((s) => s?.name),
    v,
  )
  if (hidden.length === 0) return p
  const out = eachOf(without(p, 'odds'), 'sides', (s) => (hidden.includes(s.name as string) ? only(s, 'name', 'characterId', 'ability', 'abilitiesUsed', 'horde') : s))
  // CH-11: the faces thrown for a hidden side's pool are as many as its number.
  return facesHidden(withField(out, 'startDice', (d) => diceOf(d, hidden)))
}

/** CH-2 … CH-9, CH-11: a round; the GM's undo copy of the challenge that rides with a combat's round is never the players'. */
const roundRule: KindRule = (p, v) => {
  const out = without(p, 'undo')
  const hidden = hiddenOf(Array.isArray(p.names) ? p.names : [], v)
  if (hidden.length === 0) return out
  return facesHidden(withField(poolsFor(without(out, 'odds'), hidden), 'report', (r) => reportFor(r, hidden)))
}

export const CHALLENGE_RULES: Record<string, KindRule> = {
  'challenge.started': startedRule,
  'challenge.round': roundRule,
  // CH-5: a change of abilities; a hidden side's new pool, reserves and first-round bonus are its numbers.
  'challenge.changed': (p, v) => eachOf(p, 'changes', (c) => (v.numbers(c.side) ? c : only(c, 'side', 'changed', 'ability'))),
  // CH-10: what each side pays; a hidden side's threshold, fraction and points come from its numbers.
  'challenge.consequences': (p, v) => eachOf(p, 'consequences', (c) => (v.numbers(c.name) ? c : only(c, 'name', 'characterId', 'ability', 'scope'))),
  // CH-3, CH-5: put away, or broken off where the pools stand.
  'challenge.closed': (p, v) => {
    const out = without(p, 'undo')
    const hidden = hiddenOf(Array.isArray(p.names) ? p.names : [], v)
    return hidden.length === 0 ? out : poolsFor(out, hidden)
  },
  // Undo's own bookkeeping.
  'challenge.undone': 'gm',
}
