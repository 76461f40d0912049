/**
 * How one character stands, in their system's terms: H or the harm track, and the conditions the
 * GM should see at a glance, each marked urgent when it needs the GM now (dying, out of food or
 * water). Pure: the facts are read elsewhere (party.ts).
 */
import type { Injury, PartyHealth, PartyNote, SystemId } from '../../../shared/contract'
import { ladderStatusFrom } from '../injuries'

export interface MemberFacts {
  system: SystemId
  /** The stored sheet, as JSON parsed. */
  sheet: Record<string, unknown>
  /** The character's unhealed injuries. */
  injuries: readonly Injury[]
  /** RK-8: beyond Doomed, with Courage still to roll. */
  courageDue: boolean
  /** OSR-20: resting to heal. */
  resting: boolean
  provisions: { foodDays: number; waterPints: number; daysLeft: number } | null
  /** Whether the character carries rations and water at all (an emptied item stays, at 0). */
  carries: { food: boolean; water: boolean }
}

const whole = (v: unknown): number => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : 0)

/**
 * H for the old-school core (OSR-2), the damage level for the Ladder (LAD-15, LAD-18), the Harm
 * track for Ranks (RK-8); LODE and the Challenge System keep none (their injuries say it).
 * @example healthOf('osr', { h: 3, maxH: 6 }, []) // { kind: 'hardiness', h: 3, maxH: 6 }
 */
export function healthOf(system: SystemId, sheet: Record<string, unknown>, injuries: readonly Injury[]): PartyHealth {
  switch (system) {
    case 'osr':
      return { kind: 'hardiness', h: whole(sheet.h), maxH: whole(sheet.maxH) }
    case 'ladder': {
      const status = ladderStatusFrom(injuries.map((i) => i.details))
      const level = status.killed
        ? 'killed'
        : status.incapacitated !== null
          ? 'incapacitated'
          : status.wounds > 0
            ? 'wounded'
            : status.subdued
              ? 'subdued'
              : 'unhurt'
      return { kind: 'damage', level, wounds: status.wounds }
    }
    case 'ranks': {
      const track = { weary: false, hurt: false, doomed: false }
      for (const i of injuries) if (i.details.kind === 'ranks.harm') track[i.details.box] = true
      return { kind: 'harm', ...track }
    }
    default:
      return { kind: 'none' }
  }
}

const note = (text: string, rule: string | null, urgent: boolean): PartyNote => ({ text, rule, urgent })

/**
 * What the GM should see about a character besides H and injuries, those that need the GM now
 * first: dying in the system's terms (OSR-19, LAD-19, RK-8, CH-10), out of the food or water they
 * carried (CLK-5);
 * then the calm ones (subdued, resting, killed).
 * @example conditionsOf({ system: 'osr', sheet: { h: 0, maxH: 4 }, … }) // [{ text: 'Incapacitated until H is above 0', rule: 'OSR-19', urgent: true }]
 */
export function conditionsOf(facts: MemberFacts): PartyNote[] {
  const notes: PartyNote[] = []
  const health = healthOf(facts.system, facts.sheet, facts.injuries)
  if (health.kind === 'hardiness') {
    if (health.maxH <= 0) notes.push(note('Dead: maximum H is 0', 'OSR-19', false))
    else if (health.h <= 0) notes.push(note('Incapacitated until H is above 0', 'OSR-19', true))
    if (facts.resting) notes.push(note('Resting: 1d2 H per full day', 'OSR-20', false))
  }
  if (health.kind === 'damage') {
    if (health.level === 'incapacitated') notes.push(note('Needs medical attention within the hour, or may begin dying', 'LAD-19', true))
    if (health.level === 'killed') notes.push(note('Killed', 'LAD-18', false))
    if (facts.injuries.some((i) => i.details.kind === 'ladder.damage' && i.details.level === 'subdued')) {
      notes.push(note('Subdued until the end of the scene', 'LAD-20', false))
    }
  }
  if (facts.courageDue) notes.push(note('Beyond Doomed: out of the scene, to roll Courage', 'RK-8', true))
  if (facts.injuries.some((i) => i.details.kind === 'challenge.reduction' && i.details.scope === 'incapacitated')) {
    notes.push(note('Incapacitated by a consequence', 'CH-10', true))
  }
  // CLK-5: running out is shown; one who never carried rations or water has not run out of them.
  const food = facts.provisions
  if (food && facts.carries.food && food.foodDays <= 0) notes.push(note('Out of rations', 'CLK-5', true))
  if (food && facts.carries.water && food.waterPints <= 0) notes.push(note('Out of water', 'CLK-5', true))
  return notes.sort((a, b) => Number(b.urgent) - Number(a.urgent))
}
