/**
 * The players' rules for what every system writes: notes, the ledger, injuries, the clock, the
 * encounter's reaction, sessions; and what is the GM's alone (records and settings, encounter
 * tables and their rolls, where the encounter check stands, what the GM shows or hides).
 */
import { type KindRule, type Payload, without, withField } from './rule'
import { wholeWords } from '../visibility'

/** A hidden timer, and every entry about it, is the GM's (CLK-6). */
const timerRule: KindRule = (p) => (p.hiddenFromPlayers === true ? null : p)

/** An injury change's `from` or `to` without the GM's own description of it. */
function undescribed(change: unknown): unknown {
  return change && typeof change === 'object' ? without(change as Payload, 'description', 'label') : change
}

/**
 * An injury the GM described in their own words is "Injury" to the players: its words may be the
 * GM's. One in the rules' words (Wounded · arm, Broken left arm, Doomed) is told as it is; the
 * description a GM writes beside any injury is theirs.
 */
const injuryRule: KindRule = (p, v) => {
  const out = withField(withField(p, 'from', undescribed), 'to', undescribed)
  // A foe's injury in numbers (maximum H −3, −2 to an ability) holds its numbers while they are hidden.
  return p.free === true || !v.numbers(p.name) ? { ...without(out, 'free'), label: 'Injury' } : out
}

/**
 * The ledger of a character is the table's; the campaign's own (the GM's Threat, RK-7) is the GM's,
 * and so is the ledger of a foe met whose numbers are not shown (its Energy is part of its pool, LODE-9).
 */
const ledgerRule: KindRule = (p, v) => (p.characterId === null || p.characterId === undefined || !v.numbers(p.name) ? null : p)

/** A pack's change is the players' when it is one of the party's (loot, a torch used); anyone else's pack is the GM's. */
const packRule: KindRule = (p, v) => (v.inParty(p.character) ? p : null)

/** A text with each of these names, as a whole word, said as "someone" ("Someone" where it starts the text). */
function someone(text: unknown, names: readonly string[]): unknown {
  const pattern = wholeWords(names)
  if (typeof text !== 'string' || pattern === null) return text
  return text.replace(pattern, (_, at: number) => (at === 0 ? 'Someone' : 'someone'))
}

/**
 * A light is the party's when one of them carries it, or it is set down where they are; anyone
 * else's is the GM's (CLK-4). A light handed between one of the party and someone else is the
 * party's, with the other said as "someone".
 */
const lightRule: KindRule = (p, v) => {
  const carriers = (Array.isArray(p.carriers) ? p.carriers : typeof p.carrier === 'string' ? [p.carrier] : []).filter((c): c is string => typeof c === 'string')
  if (carriers.length > 0 && !carriers.some((c) => v.inParty(c))) return null
  const others = carriers.filter((c) => !v.inParty(c))
  const out = without(p, 'checks')
  if (others.length === 0) return out
  return { ...out, carriers: carriers.filter((c) => v.inParty(c)), summary: someone(out.summary, others), ...('text' in out ? { text: someone(out.text, others) } : {}) }
}

/** What the clock tells of a character (their rations, an injury's course, natural healing: CLK-5, CLK-8, OSR-20) is the players' for one of the party. */
const partyEventRule: KindRule = (p, v) => (v.inPartyId(p.characterId) ? p : null)

export const COMMON_RULES: Record<string, KindRule> = {
  note: 'all',
  'ledger.earned': ledgerRule,
  'ledger.spent': ledgerRule,
  'ledger.corrected': ledgerRule,
  'ledger.reasoned': ledgerRule,
  'injury.recorded': injuryRule,
  'injury.updated': injuryRule,
  'injury.steppedDown': injuryRule,
  'injury.deleted': injuryRule,
  'inventory.added': packRule,
  'inventory.removed': packRule,
  'inventory.updated': 'gm',
  // RK-7: the Threat left at the close is the GM's.
  'session.closed': (p) => without(p, 'threatLeft'),
  // OSR-13: what the party met, and how it reacted; the die and the modifier were the GM's roll.
  'encounter.reaction': (p) => without(p, 'face', 'spirit', 'total', 'roll'),
  'encounter.rolled': 'gm',
  'clock.encounter-check': 'gm',
  // OSR-12: an encounter, and how far off it was met; the die and the threshold are the GM's (CLK-3).
  'clock.event.encounter-check': (p) => {
    const feet = (p.distance as { feet?: unknown } | null | undefined)?.feet
    return typeof feet === 'number' ? { text: `An encounter, met at ${feet} ft.`, distance: { feet } } : { text: 'An encounter.' }
  },
  'clock.event.timer': timerRule,
  'clock.light': lightRule,
  'clock.douse': lightRule,
  'clock.refill': lightRule,
  'clock.hand-over': lightRule,
  'clock.event.light-warning': lightRule,
  'clock.event.light-out': lightRule,
  'clock.event.rations': partyEventRule,
  'clock.event.injury': partyEventRule,
  'clock.event.natural-healing': partyEventRule,
  'clock.undone': 'gm',
}

/** A clock step's entry without the encounter checks' dice and thresholds (CLK-3). */
const clockStepRule: KindRule = (p) => without(p, 'checks')

/** A character's growth between sessions: the players' for one of the party (without the sheets and pack rows it keeps for undo), the GM's for anyone else. */
const growthRule: KindRule = (p, v) => (v.inParty(p.name) ? without(p, 'sheet', 'rows') : null)

/** Rules for whole families of kinds; null when none applies. */
export function ruleByPrefix(kind: string): KindRule | null {
  if (kind.startsWith('growth.')) return growthRule
  if (kind.startsWith('clock.event.')) return 'all'
  if (kind.startsWith('clock.')) return clockStepRule
  return null
}
