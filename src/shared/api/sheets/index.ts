/**
 * Every system's sheet shape, by system id. The main process checks the rules; the screens use
 * these shapes and blank sheets to edit.
 */
import type { z } from 'zod'
import type { SystemId } from '../common'
import { BLANK_SHEETS } from '../../sheet-words'
import { ChallengeSheet } from './challenge'
import { LadderSheet } from './ladder'
import { LodeSheet } from './lode'
import { OsrSheet } from './osr'
import { RanksSheet } from './ranks'

export * from '../../sheet-words'
export * from './ladder'
export * from './osr'
export * from './lode'
export * from './challenge'
export * from './ranks'

export const SHEET_SHAPES = {
  ladder: LadderSheet,
  osr: OsrSheet,
  lode: LodeSheet,
  challenge: ChallengeSheet,
  ranks: RanksSheet,
} as const satisfies Record<SystemId, z.ZodType>

export interface SheetOf {
  ladder: LadderSheet
  osr: OsrSheet
  lode: LodeSheet
  challenge: ChallengeSheet
  ranks: RanksSheet
}
export type AnySheet = SheetOf[SystemId]

/**
 * A new, empty sheet for a system: every field at its default.
 * @example blankSheet('osr').level // 1
 */
export function blankSheet<S extends SystemId>(system: S): SheetOf[S] {
  return structuredClone(BLANK_SHEETS[system]) as unknown as SheetOf[S]
}
