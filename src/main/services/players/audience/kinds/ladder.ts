/**
 * The players' rules for what the Ladder's table writes. A foe's numbers are the GM's until the GM
 * shows them: the rungs of its assets (LAD-1), its rolls' faces and the rungs they came to (from
 * which its asset is read back, LAD-2, LAD-3), its AP and head start (LAD-7 … LAD-11, LAD-13), the
 * damage it took before LAD-18 turned it into what it suffered, the target rung a shot at it
 * needed (LAD-14), its toughness (LAD-16). A player character's numbers are the players'. What
 * happened in words stays: who came out ahead, who won, who is hurt and how. The sentence each
 * entry carries (`text`) is written again from what the entry keeps, with the hidden numbers left
 * out (table-ladder/lines.ts); an entry that keeps no structure to write it from is the GM's alone.
 */
import type { Visibility } from '../visibility'
import { type KindRule, type Payload, facesHidden, without } from './rule'
import {
  boughtLine,
  castLine,
  damageLine,
  endedLine,
  exchangeLine,
  instantLine,
  rollLine,
  roundLine,
  startedLine,
  steppedUpLine,
  untreatedLine,
  type Entrant,
  type ExchangeSaid,
  type Rolled,
  type RoundSaid,
  type StartedSaid,
} from '../../../table-ladder/lines'

type Args<F extends (...a: never[]) => unknown> = Parameters<F>[0]
type Rule = Exclude<KindRule, string>
type SideAP = { a?: number; b?: number }

/**
 * A default title that lists who takes part ("Fight: Tai, Iron warden", "Race: …") names a foe
 * the players have not met by name as one of "a foe" / "2 foes" after those they know:
 * "Fight: Tai and a foe". Any other title is left to the names pass.
 */
export function playersTitle(title: unknown, v: Visibility): unknown {
  if (typeof title !== 'string') return title
  const m = /^(Fight|Race): (.+)$/.exec(title)
  if (!m) return title
  const parts = m[2]!.split(', ')
  const known = parts.filter((n) => v.named(n))
  const hidden = parts.length - known.length
  if (hidden === 0) return title
  const foes = hidden === 1 ? 'a foe' : `${hidden} foes`
  return `${m[1]}: ${known.length ? `${known.join(', ')} and ${foes}` : foes}`
}

/**
 * A roll without its faces and the rung they came to when the roller's numbers are hidden: the
 * rung less the steps the faces made is the asset (LAD-2), and a chain that stops at an end of the
 * ladder without a closing face tells the asset alone (LAD-3).
 */
const rolledFor = <R extends Rolled>(r: R, v: Visibility): R => (v.numbers(r.name) ? r : (without(r as unknown as Payload, 'faces', 'result', 'scored') as unknown as R))

/** AP by side without the sides whose numbers are hidden. */
function apFor(ap: SideAP, hidden: { a: boolean; b: boolean }): SideAP {
  return { ...(hidden.a ? {} : { a: ap.a }), ...(hidden.b ? {} : { b: ap.b }) } as SideAP
}

/** A tracker's lines as the table's panel keeps them, a hidden roller's rung and AP left out. */
function linesFor(lines: unknown, v: Visibility): unknown {
  if (!Array.isArray(lines)) return lines
  return lines.map((l: Payload) => {
    if (v.numbers(l.name)) return l
    const note = typeof l.note === 'string' && !l.note.startsWith('+') ? l.note : ''
    return { ...without(l, 'faces', 'result'), note }
  })
}

/** A foe's roll, cast, bought result or push as the players read it: its outcome (LAD-2 … LAD-5, LAD-22, LAD-25), its dice kept from them. */
function taskRule(hide: string[], line: (p: Payload) => string): Rule {
  return (p, v) => {
    if (v.numbers(p.name)) return p
    const out = without(p, ...hide)
    return facesHidden({ ...out, text: line(out) })
  }
}

const ROLL_NUMBERS = ['asset', 'result', 'faces', 'difficulty', 'wonky', 'extended', 'vulnerability']

/** A task roll or a spell (LAD-2 … LAD-5, LAD-25, LAD-26): the spell keeps its effect and assets, not its rung. */
const rollRule: Rule = (p, v) => {
  const spell = p.spell as { effect: string; assets: string[] } | undefined
  const told = taskRule(ROLL_NUMBERS, (q) => (spell ? castLine({ ...(q as unknown as Args<typeof castLine>), effect: spell.effect, assets: spell.assets }) : rollLine(q as unknown as Args<typeof rollLine>)))(p, v)
  return told === p || !told || !spell ? told : { ...told, spell: { effect: spell.effect, assets: spell.assets } }
}

/** Takes out a hidden entrant's rungs, and its side's head start (LAD-9). */
function startedFor(s: StartedSaid, v: Visibility): StartedSaid {
  const entrant = (e: Entrant): Entrant => (v.numbers(e.name) ? e : { name: e.name, ...(e.assetName ? { assetName: e.assetName } : {}) })
  switch (s.kind) {
    case 'extended':
    case 'duel': {
      const hidden = { a: !v.numbers(s.a.name), b: !v.numbers(s.b.name) }
      const headStart = s.kind === 'extended' ? { headStart: apFor(s.headStart, hidden) } : {}
      return { ...s, a: entrant(s.a), b: entrant(s.b), ...headStart }
    }
    case 'team': {
      const hidden = { a: s.a.some((e) => !v.numbers(e.name)), b: s.b.some((e) => !v.numbers(e.name)) }
      return { ...s, a: s.a.map(entrant), b: s.b.map(entrant), headStart: apFor(s.headStart, hidden) }
    }
    case 'race':
      return { ...s, contestants: s.contestants.map(entrant) }
    case 'combat':
      return { ...s, combatants: s.combatants.map((e) => (v.numbers(e.name) ? e : { name: e.name })) }
  }
}

/** Takes out a hidden side's rungs and AP from an exchange (LAD-7, LAD-10, LAD-11, LAD-28). */
function exchangeFor(s: ExchangeSaid, v: Visibility): ExchangeSaid {
  const title = playersTitle(s.title, v) as string
  switch (s.kind) {
    case 'extended':
    case 'duel': {
      const hidden = { a: !v.numbers(s.a.name), b: !v.numbers(s.b.name) }
      return { ...s, title, a: rolledFor(s.a, v), b: rolledFor(s.b, v), scored: apFor(s.scored, hidden), after: apFor(s.after, hidden) }
    }
    case 'team': {
      // A team's best rung and its AP are its members' (LAD-10): hidden when one of them is.
      const hidden = { a: s.sides.a.some((n) => !v.numbers(n)), b: s.sides.b.some((n) => !v.numbers(n)) }
      const best = { ...(hidden.a ? {} : { a: s.best.a }), ...(hidden.b ? {} : { b: s.best.b }) } as Extract<ExchangeSaid, { kind: 'team' }>['best']
      return { ...s, title, rolls: s.rolls.map((r) => rolledFor(r, v)), best, scored: apFor(s.scored, hidden), after: apFor(s.after, hidden) }
    }
    case 'race':
      return { ...s, title, rolls: s.rolls.map((r) => rolledFor(r, v)) }
  }
}

/** Takes out a hidden fighter's rungs and AP, and the target rung of a shot at a hidden foe (LAD-13, LAD-14). */
function roundFor(s: RoundSaid, v: Visibility): RoundSaid {
  return {
    ...s,
    title: playersTitle(s.title, v) as string,
    melee: s.melee.map((m) => ({ ...m, a: rolledFor(m.a, v), b: rolledFor(m.b, v), ap: apFor(m.ap, { a: !v.numbers(m.a.name), b: !v.numbers(m.b.name) }) })),
    gunfire: s.gunfire.map((g) => {
      const shot = { ...g, shot: rolledFor(g.shot, v) }
      return v.numbers(g.target) ? shot : (without(shot, 'rung') as unknown as typeof g)
    }),
  }
}

/**
 * A tracker's entry as the players read it, from the structure it keeps (`said`); the tracker's
 * state kept for undo is never theirs.
 */
function trackerRule<S>(players: (s: S, v: Visibility) => S, line: (s: S) => string): Rule {
  return (p, v) => {
    if (!p.said || typeof p.said !== 'object') return null
    const said = players(p.said as S, v)
    const out = { ...without(p, 'undo', 'lines', 'consequences'), name: playersTitle(p.name, v), said, text: line(said), ...withParts(p, v) }
    // The entry's dice hold a hidden roller's faces.
    return Array.isArray(p.lines) && (p.lines as Payload[]).some((l) => !v.numbers(l.name)) ? facesHidden(out) : out
  }
}

/** The panel's lines and a round's consequences, a hidden foe's numbers left out (LAD-18: `taken` before it became `outcome`). */
function withParts(p: Payload, v: Visibility): Payload {
  const out: Payload = {}
  if ('lines' in p) out.lines = linesFor(p.lines, v)
  if (Array.isArray(p.consequences)) out.consequences = (p.consequences as Payload[]).map((c) => (v.numbers(c.name) ? c : without(c, 'taken')))
  return out
}

export const LADDER_RULES: Record<string, KindRule> = {
  'ladder.roll': rollRule,
  // LAD-22.2: the rung bought tells the asset it was bought from; so does what it cost.
  'ladder.roll.bought': taskRule([...ROLL_NUMBERS, 'cost'], (p) => boughtLine(p as unknown as Args<typeof boughtLine>)),
  // LAD-22.1: pushed up a rung, and whether it now succeeds.
  'ladder.roll.stepped-up': taskRule(['from', 'to'], (p) => steppedUpLine(p as unknown as Args<typeof steppedUpLine>)),
  // LAD-4: the GM's ruling, told at the table; no number in it.
  'ladder.roll.ruling': 'all',
  // LAD-19: against Good, as the rules say; the asset and the rung it came to are the roller's.
  'ladder.roll.untreated': taskRule(['asset', 'result', 'faces', 'wonky', 'extended'], (p) => untreatedLine(p as unknown as Args<typeof untreatedLine>)),
  // LAD-6: who won; a hidden side's faces and rung, and so how a tie was broken, left out.
  'ladder.roll.instant': (p, v) => {
    const a = p.a as { name: string }
    const b = p.b as { name: string }
    if (v.numbers(a.name) && v.numbers(b.name)) return p
    const attempts = (p.attempts as { a: Rolled; b: Rolled; decidedBy: string }[]).map((t) => ({ ...t, a: rolledFor(t.a, v), b: rolledFor(t.b, v) }))
    const out = { ...p, attempts }
    return facesHidden({ ...out, text: instantLine(out as unknown as Args<typeof instantLine>) })
  },
  // LAD-16, LAD-18: the level the GM picked and what it did are told; a toughness asset, the d6 that would tell it, and the damage before LAD-18 are the victim's.
  'ladder.roll.damage': taskRule(['tough', 'face', 'taken'], (p) => damageLine(p as unknown as Args<typeof damageLine>)),
  'ladder.conflict.started': trackerRule(startedFor, startedLine),
  'ladder.conflict.exchange': trackerRule(exchangeFor, exchangeLine),
  // LAD-10: who is neutralised, in words.
  'ladder.conflict.neutralised': (p) => without(p, 'undo'),
  'ladder.conflict.ended': trackerRule((s: Args<typeof endedLine>, v) => ({ ...s, title: playersTitle(s.title, v) as string }), endedLine),
  'ladder.combat.round': trackerRule(roundFor, roundLine),
  // The foes an encounter's row brought, named from the GM's encounter table, for the fight's set-up.
  'ladder.combat.met': 'gm',
  // Keeping a foe as an NPC is the GM's record-keeping.
  'ladder.combat.foe.saved': 'gm',
}
