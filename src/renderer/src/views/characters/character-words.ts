/** How the characters screens say kinds and statuses. */
import type { CharacterKind, CharacterStatus } from '../../../../shared/contract'

export const KIND_LABEL: Record<CharacterKind, string> = { pc: 'PC', npc: 'NPC' }
export const STATUS_LABEL: Record<CharacterStatus, string> = { active: 'Active', dead: 'Dead', retired: 'Retired', missing: 'Missing' }
export const STATUSES = Object.keys(STATUS_LABEL) as CharacterStatus[]

/** "12 ft", "1,000 ft", "7.5 lbs": numbers as a GM reads them. */
export function amount(n: number, unit: string): string {
  return `${n.toLocaleString('en', { maximumFractionDigits: 2 })} ${unit}`
}
