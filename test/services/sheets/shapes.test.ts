import { describe, expect, it } from 'vitest'
import { OPTIONS_TAKEN_TWICE, WEAPON_CLASSES } from '../../../src/main/engines/osr'
import { BLANK_SHEETS, OSR_OPTIONS_TWICE, SHEET_SHAPES, WEAPON_CLASS_NAMES } from '../../../src/shared/api/sheets'
import { SYSTEM_IDS } from '../../../src/shared/systems'

describe('sheet shapes', () => {
  it('a blank sheet is exactly what each schema fills in for an empty one', () => {
    for (const system of SYSTEM_IDS) expect(SHEET_SHAPES[system].parse({})).toEqual(BLANK_SHEETS[system])
  })

  it('OSR-4, OSR-16: the screens offer the engine’s twice-taken options and weapon classes', () => {
    expect(OSR_OPTIONS_TWICE).toEqual(OPTIONS_TAKEN_TWICE)
    expect(WEAPON_CLASS_NAMES).toEqual(WEAPON_CLASSES)
  })
})
