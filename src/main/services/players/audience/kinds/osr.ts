/**
 * The players' rules for what the old-school table writes. A foe's numbers (H and maximum H,
 * armour, level, weapon, M, its modifiers and the targets they make) are the GM's until the GM
 * shows them; what happened in words the table saw (a hit, 9 H, a limb broken, down) stays. A
 * roll's modifier against a foe holds that foe's armour and M (OSR-15), so a roll at or by a foe
 * whose numbers are hidden is told by its natural die and its outcome.
 */
import type { Visibility } from '../visibility'
import { type KindRule, type Payload, eachOf, facesHidden, without, withField } from './rule'

/** Harm as `harmPayload` writes it: without H before and after when the harmed one's numbers are hidden (OSR-19). */
function harmed(h: unknown, v: Visibility): unknown {
  if (!h || typeof h !== 'object') return h
  const p = h as Payload
  return v.numbers(p.name) ? p : without(p, 'before', 'after')
}

/** OSR-10, OSR-3: a check or resistance roll by someone whose numbers are hidden: the d20 and the outcome. */
const checkRule: KindRule = (p, v) => (v.numbers(p.who) ? p : without(p, 'modifier', 'parts', 'target', 'total', 'margin'))

/** OSR-15 … OSR-18: a strike or a shot. */
const attackRule: KindRule = (p, v) => {
  let out = p
  if (!v.numbers(p.who) || !v.numbers(p.target)) {
    out = eachOf(without(out, 'modifier', 'parts'), 'rolls', (r) => without(r, 'total'))
  }
  // A foe's harm dice are its weapon's class (OSR-16): its strike's faces are the GM's.
  if (!v.numbers(p.who)) out = facesHidden(withField(out, 'weapon', () => null))
  return withField(out, 'harmed', (h) => harmed(h, v))
}

export const OSR_RULES: Record<string, KindRule> = {
  'osr.check': checkRule,
  'osr.save': checkRule,
  'osr.is-it-so': 'all',
  'osr.strike': attackRule,
  'osr.shot': attackRule,
  // OSR-22: casting is a check with the caster's modifier; the H it cost, as harm.
  'osr.cast': (p, v) => withField(v.numbers(p.who) ? p : without(p, 'modifier', 'parts', 'total'), 'paid', (h) => harmed(h, v)),
  'osr.harm': (p, v) => (v.numbers(p.name) ? p : without(p, 'before', 'after')),
  'osr.prepare': 'all',
  // The encounter's row that brought the fight is the GM's table (OSR-12).
  'osr.combat.started': (p) => without(p, 'met'),
  // A foe typed in: unnamed, it is not told at all; with its numbers hidden, only that it joined.
  'osr.combat.foe': (p, v) => {
    if (!v.named(p.name)) return null
    if (v.numbers(p.name)) return p
    const initiative = p.initiative as { total?: unknown } | null | undefined
    return { name: p.name, characterId: p.characterId, round: p.round, initiative: initiative ? { total: initiative.total } : null }
  },
  'osr.combat.foe.edited': (p, v) => {
    const after = (p.after ?? {}) as Payload
    const before = (p.before ?? {}) as Payload
    return v.numbers(after.name) && v.numbers(before.name) ? p : null
  },
  'osr.combat.foe.saved': 'gm',
  // OSR-14: the order and its totals are the table's; a foe's M is its number.
  'osr.initiative': (p, v) => eachOf(p, 'rolls', (r) => (v.numbers(r.name) ? r : without(r, 'M'))),
  'osr.combat.joined': 'all',
  'osr.combat.left': 'all',
  'osr.combat.acted': 'all',
  'osr.reload': 'all',
  'osr.combat.ended': (p, v) => eachOf(p, 'standing', (s) => (v.numbers(s.name) ? s : without(s, 'h', 'maxH'))),
  'osr.undone': 'gm',
}
