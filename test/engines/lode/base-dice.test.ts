import { describe, expect, it } from 'vitest'
import { BASE_DICE_TABLE, baseDiceRow } from '../../../src/main/engines/lode'

describe('LODE-12: the Base Dice table is the GM’s difficulty picker', () => {
  it('runs from 3 down to −5, one row each', () => {
    expect(BASE_DICE_TABLE.map((r) => r.baseDice)).toEqual([3, 2, 1, 0, -1, -2, -3, -4, -5])
  })

  it('says who does the task OK and who can do it at all, as the seed does', () => {
    expect(baseDiceRow(3)?.ok).toBe('an untrained, average person')
    expect(baseDiceRow(-2)).toMatchObject({ ok: 'a talented master', atAll: 'an expert, or a great talent with some training' })
    expect(baseDiceRow(-4)).toMatchObject({ ok: null, atAll: 'a talented master' })
    expect(baseDiceRow(-5)?.note).toMatch(/normal human limit/)
  })

  it('carries the seed’s advice for the usual rows, BD 2, 0 and −2', () => {
    expect(BASE_DICE_TABLE.filter((r) => r.note && r.baseDice > -5).map((r) => r.baseDice)).toEqual([2, 0, -2])
  })

  it('has no row outside the table, though the GM may still set such Base Dice', () => {
    expect(baseDiceRow(4)).toBeUndefined()
    expect(baseDiceRow(-6)).toBeUndefined()
  })
})
