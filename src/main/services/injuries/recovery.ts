/**
 * How each kind of injury reads and heals, from the engines: a Ladder injury's recovery dates
 * (LAD-20) and the effect of where it landed (LAD-17, LAD-19); an old-school limb or lost maximum
 * (OSR-19, OSR-20: no date, rest heals H); a Harm box (RK-8, RK-9); a Challenge consequence (CH-10).
 */
import type { InjuryDetails } from '../../../shared/contract'
import { capitalised } from '../../../shared/injuries'
import { recoveryPlan, woundLocation, type WoundLocation } from '../../engines/ladder'
import { challengeInjury, type Penalty } from '../../engines/challenge'

/** The facts stored with an injury besides what it is. */
export interface InjuryFacts {
  takenAt: number
  treatedAt: number | null
  /** LAD-20's campaign option, as it stood when the injury was recorded or last changed. */
  healBetweenAdventures: boolean
}

export interface InjuryReading {
  label: string
  effect: string | null
  healsAt: number | null
  upAndAboutAt: number | null
  recovery: string
  /** LAD-22.3 */
  canStepDown: boolean
}

/** LAD-17 names a location by the attack's first die face; any face of the location gives its effect. */
const LOCATION_FACE: Record<WoundLocation, number> = { head: 6, body: 5, arm: 3, leg: 1 }

function ladderReading(d: Extract<InjuryDetails, { kind: 'ladder.damage' }>, facts: InjuryFacts): InjuryReading {
  const where = d.location === null ? null : woundLocation(LOCATION_FACE[d.location])
  const label = `${capitalised(d.level)}${where ? ` · ${where.location}` : ''}${d.thirdWound ? ' (third Wound)' : ''}`
  const none = { label, effect: null, healsAt: null, upAndAboutAt: null, canStepDown: false }
  if (d.level === 'killed') return { ...none, recovery: 'Killed: there is no recovery.' }
  const plan = recoveryPlan({
    level: d.level,
    takenAt: facts.takenAt,
    ...(facts.treatedAt === null ? {} : { treatedAt: facts.treatedAt }),
    healBetweenAdventures: facts.healBetweenAdventures,
  })
  const effects = [
    d.level === 'incapacitated' ? 'unconscious for 2d6 minutes, then moves at half speed (LAD-19)' : null,
    where ? `${where.effect} (LAD-17)` : null,
  ].filter((e): e is string => e !== null)
  const reading = {
    ...none,
    effect: effects.length > 0 ? capitalised(effects.join('; ')) : null,
    canStepDown: d.level === 'incapacitated' && !d.thirdWound,
  }
  const at = (event: string) => plan.milestones.flatMap((m) => ('at' in m && m.event === event ? [m.at] : []))[0] ?? null
  const clears = plan.milestones.find((m) => 'when' in m)
  if (clears && 'when' in clears) {
    const recovery =
      clears.when === 'end of scene'
        ? 'Clears at the end of the scene (LAD-20).'
        : 'Treated: clears at the start of the next session (heal between adventures, LAD-20).'
    return { ...reading, recovery }
  }
  if (plan.waitingFor === 'treatment') {
    return { ...reading, recovery: 'Needs medical treatment: up and about 7 days after it, fully recovered after 30 (LAD-20).' }
  }
  if (d.level === 'wounded') return { ...reading, healsAt: at('heals'), recovery: 'Heals in about a week (LAD-20).' }
  return {
    ...reading,
    healsAt: at('fully recovered'),
    upAndAboutAt: at('up and about'),
    recovery: 'Up and about 7 days after treatment, fully recovered 30 days after it (LAD-20).',
  }
}

function challengeReading(d: Extract<InjuryDetails, { kind: 'challenge.reduction' }>): InjuryReading {
  const penalty: Penalty = d.scope === 'incapacitated' ? { kind: 'incapacitated' } : { kind: 'reduction', scope: d.scope, fraction: '1/4' }
  const { lasts } = challengeInjury({ ability: d.ability, penalty, points: d.points, changes: [] })
  const label =
    d.scope === 'incapacitated' ? 'Incapacitated' : d.scope === 'overall' ? `−${d.points} to every ability` : `−${d.points} ${d.ability}`
  const recovery =
    lasts === 'until-after-next-challenge-with-ability'
      ? `Restored after the next challenge that uses ${d.ability} (CH-10).`
      : 'Lasts until you clear it: treatment, or the end of the arc (CH-10).'
  return { label, effect: null, healsAt: null, upAndAboutAt: null, recovery, canStepDown: false }
}

/**
 * The label, effect and recovery of an injury, computed by the rules of its kind.
 * @example readInjury({ kind: 'ladder.damage', level: 'wounded', location: 'arm', thirdWound: false }, { takenAt: 0, treatedAt: null, healBetweenAdventures: false })
 * // { label: 'Wounded · arm', healsAt: 604800, recovery: 'Heals in about a week (LAD-20).', … }
 */
export function readInjury(details: InjuryDetails, facts: InjuryFacts, description = ''): InjuryReading {
  const undated = { effect: null, healsAt: null, upAndAboutAt: null, canStepDown: false }
  switch (details.kind) {
    case 'ladder.damage':
      return ladderReading(details, facts)
    case 'challenge.reduction':
      return challengeReading(details)
    case 'osr.limb':
      return {
        ...undated,
        label: `${capitalised(details.harm)} ${details.part}`,
        recovery:
          details.harm === 'severed'
            ? 'Severed: it does not mend. Lost H returns by natural healing, 1d2 per full day of rest (OSR-20).'
            : 'No set time: it mends as you rule; lost H returns by natural healing, 1d2 per full day of rest (OSR-20).',
      }
    case 'osr.max-h':
      return {
        ...undated,
        label: `Maximum H −${details.amount}`,
        recovery: 'Lost until you restore it (OSR-19); natural healing never passes the lowered maximum (OSR-20).',
      }
    case 'ranks.harm':
      return {
        ...undated,
        label: capitalised(details.box),
        effect: details.box === 'doomed' ? 'Harm beyond Doomed takes them out of the scene to roll Courage (RK-8)' : null,
        recovery: 'Recovered by a chapter move: Concession, Sacrifice or Refresh (RK-9).',
      }
    case 'other':
      return { ...undated, label: description.split('\n')[0]?.slice(0, 80) || 'Injury', recovery: 'Heals when you mark it healed.' }
  }
}
