/**
 * What the clock does to injury records as it passes their times (CLK-8): a Ladder injury passes its
 * milestones (LAD-20); lost H heals 1d2 per full day of rest (OSR-20); each is cleared once mended.
 */
import type { Dice } from '../dice'
import { rollNaturalHealing } from '../osr'
import type { ClockEvent } from './events'
import type { InjuryRecord } from './state'
import { DAY } from './time'

/**
 * The game time the clock must next act on a record, or null if it never will by itself.
 * @example injuryDueAt(ladderInjury({ id: 'w', characterId: 'Tai', level: 'wounded', takenAt: 0 })) // 604800
 */
export function injuryDueAt(record: InjuryRecord): number | null {
  const r = record.recovery
  if (r.kind === 'milestones') return r.milestones[0]?.at ?? null
  if (r.kind === 'rest') return r.restDayStartedAt === null ? null : r.restDayStartedAt + DAY
  return null
}

/**
 * What the clock does to a record at its due time (CLK-8): passes a milestone, or rolls a full day
 * of rest's healing (OSR-20). The record is null once it has mended.
 * @example passInjury(wound, 604800, dice) // { record: null, event: { kind: 'injury', milestone: 'heals', cleared: true, … } }
 */
export function passInjury(record: InjuryRecord, at: number, dice: Dice): { record: InjuryRecord | null; event: ClockEvent } {
  const r = record.recovery
  const who = { at, injuryId: record.id, characterId: record.characterId, label: record.label }
  if (r.kind === 'rest') {
    const healed = rollNaturalHealing(dice, { h: r.h, maxH: r.maxH }, { days: 1 })
    const cleared = healed.h >= healed.maxH
    const next: InjuryRecord | null = cleared ? null : { ...record, recovery: { ...r, h: healed.h, restDayStartedAt: at } }
    return { record: next, event: { ...who, kind: 'natural healing', faces: healed.faces, healed: healed.healed, h: healed.h, maxH: healed.maxH, cleared } }
  }
  const [passed, ...rest] = r.kind === 'milestones' ? r.milestones : []
  if (passed === undefined || passed.at !== at) throw new Error(`Injury "${record.id}" has nothing due at ${at}.`)
  const next: InjuryRecord | null = rest.length === 0 ? null : { ...record, recovery: { kind: 'milestones', milestones: rest } }
  return { record: next, event: { ...who, kind: 'injury', faces: [], milestone: passed.event, cleared: next === null } }
}
