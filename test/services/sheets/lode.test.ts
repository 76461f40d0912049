import { describe, expect, it } from 'vitest'
import { bryn } from './fixtures'
import { check } from './helpers'

describe('LODE sheets', () => {
  it('LODE-1, LODE-9: accepts attributes and skills as advantages and disadvantages, with Destiny and Energy from the ledger', () => {
    const r = check('lode', bryn, { balances: { destiny: 2, energy: 3, xp: 0 } })
    expect(r.problems).toEqual([])
    expect(r.facts).toEqual([
      { label: 'Advantages', value: '6 in all', rule: 'LODE-1' },
      { label: 'Disadvantages', value: '1 in all', rule: 'LODE-1' },
      { label: 'Best pool at BD 2', value: '7 dice (Strength +2, Swordfighting +3)', rule: 'LODE-1' },
      { label: 'Destiny', value: '2', rule: 'LODE-9' },
      { label: 'Energy', value: '3 of 5', rule: 'LODE-9' },
    ])
  })

  it('LODE-1: lists unnamed, twice-named and zero-dice traits', () => {
    const r = check('lode', {
      ...bryn,
      attributes: [...bryn.attributes, { name: 'strength', dice: 1 }, { name: '', dice: 1 }],
      skills: [{ name: 'Riding', dice: 0 }],
    })
    expect(r.problems).toEqual([
      'Every attribute needs a name.',
      'Attributes named twice: Strength.',
      'Riding gives neither an advantage nor a disadvantage (0 dice): rate it or remove it (LODE-1).',
    ])
  })

  it('refuses values that cannot be, naming each field', () => {
    expect(check('lode', { ...bryn, energySupply: -1, skills: [{ name: 'Riding', dice: 'lots' }] }).fields).toEqual([
      { field: 'skills.0.dice', problem: 'must be a number' },
      { field: 'energySupply', problem: 'must be at least 0' },
    ])
  })
})
