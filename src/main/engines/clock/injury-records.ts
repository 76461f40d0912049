/**
 * Injury records (CLK-8) built from each system's rules: the game time an injury was taken and, where
 * the rules give one, when it mends (LAD-20) or how (OSR-20 rest); with no time in the rules (end of
 * scene, CH-10, RK-8) it waits for the GM.
 */
import { recoveryPlan } from '../ladder/recovery'
import type { InjuryRecord, LadderInjuryLevel } from './state'

const LADDER_LABELS: Record<LadderInjuryLevel, string> = { subdued: 'Subdued', wounded: 'Wound', incapacitated: 'Incapacitated' }

interface Who {
  id: string
  characterId: string
  takenAt: number
  label?: string
}

/**
 * A Ladder injury (LAD-20): a Wound heals 7 days after it was taken; Incapacitated is up and about
 * 7 days and fully recovered 30 days after treatment (nothing until treated); Subdued clears at the
 * end of the scene, and with "heal between adventures" a treated character's injuries clear at the
 * next session: those wait for the GM.
 * @example ladderInjury({ id: 'w1', characterId: 'Tai', level: 'wounded', takenAt: 0 }).recovery // milestones: heals at 604800
 */
export function ladderInjury(input: Who & { level: LadderInjuryLevel; treatedAt?: number; healBetweenAdventures?: boolean }): InjuryRecord {
  const plan = recoveryPlan(input)
  const timed = plan.milestones.flatMap((m) => ('at' in m ? [{ event: m.event, at: m.at }] : []))
  const untimed = plan.milestones.find((m) => 'when' in m)
  const note = untimed && 'when' in untimed ? `clears at the ${untimed.when}` : 'waits for medical treatment'
  return {
    id: input.id,
    characterId: input.characterId,
    label: input.label ?? LADDER_LABELS[input.level],
    takenAt: input.takenAt,
    ladder: { level: input.level, treatedAt: input.treatedAt ?? null, healBetweenAdventures: input.healBetweenAdventures ?? false },
    recovery: timed.length > 0 ? { kind: 'milestones', milestones: timed } : { kind: 'until cleared', note },
  }
}

/**
 * An old-school character's lost H (OSR-19) as a record that mends by rest (OSR-20): 1d2 H per full
 * day of rest, cleared when H is back at its maximum.
 * @example osrInjury({ id: 'h1', characterId: 'Glam', takenAt: 0, h: 1, maxH: 4 })
 */
export function osrInjury(input: Who & { h: number; maxH: number }): InjuryRecord {
  return {
    id: input.id,
    characterId: input.characterId,
    label: input.label ?? 'lost hardiness',
    takenAt: input.takenAt,
    ladder: null,
    recovery: { kind: 'rest', h: input.h, maxH: input.maxH, restDayStartedAt: null },
  }
}

/**
 * An injury with no healing time in the rules: a Challenge consequence (CH-10: restored after the
 * next challenge with the ability, or by the GM), a Harm box (RK-8: recovered by RK-9's moves), a
 * broken limb (OSR-19). The clock keeps it until the GM clears it.
 * @example untimedInjury({ id: 'c1', characterId: 'Iridia', takenAt: 0, label: '−2 Sorcery', note: 'restored after the next Sorcery challenge' })
 */
export function untimedInjury(input: Who & { label: string; note: string }): InjuryRecord {
  return { id: input.id, characterId: input.characterId, label: input.label, takenAt: input.takenAt, ladder: null, recovery: { kind: 'until cleared', note: input.note } }
}
