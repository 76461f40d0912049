/** The character page's form: the common fields as the GM types them, and the sheet. */
import type { Character, CharacterKind, CharacterStatus, SystemId } from '../../../../shared/contract'
import { blankSheet, type AnySheet } from '../../../../shared/api/sheets'

export interface CharacterForm {
  kind: CharacterKind
  name: string
  playerName: string
  status: CharacterStatus
  notes: string
  tags: string
  draft: boolean
  sheet: AnySheet
}

/** A deep copy of plain data (reactive proxies cannot be structured-cloned). */
export const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T

export function formOf(c: Character): CharacterForm {
  return {
    kind: c.kind,
    name: c.name,
    playerName: c.playerName ?? '',
    status: c.status,
    notes: c.notes,
    tags: c.tags.join(', '),
    draft: c.draft,
    sheet: copy(c.sheet) as unknown as AnySheet,
  }
}

export function blankForm(kind: CharacterKind, system: SystemId): CharacterForm {
  return { kind, name: '', playerName: '', status: 'active', notes: '', tags: '', draft: false, sheet: blankSheet(system) }
}

function tagsOf(text: string): string[] {
  return text.split(',').map((t) => t.trim()).filter((t) => t !== '')
}

/** The form as `character.create` and `character.update` take it: a player only for a PC, a draft only for an NPC. */
export function fieldsOf(f: CharacterForm) {
  return {
    kind: f.kind,
    name: f.name,
    playerName: f.kind === 'pc' ? f.playerName.trim() || null : null,
    status: f.status,
    notes: f.notes,
    tags: tagsOf(f.tags),
    draft: f.kind === 'npc' && f.draft,
    sheet: f.sheet as unknown as Record<string, unknown>,
  }
}
