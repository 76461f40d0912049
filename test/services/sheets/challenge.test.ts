import { describe, expect, it } from 'vitest'
import { POINT_REMOVES } from '../../../src/main/engines/challenge'
import { REDUCTION_QUANTITIES } from '../../../src/shared/api/sheets'
import { iridia } from './fixtures'
import { check } from './helpers'

describe('Challenge System sheets', () => {
  it('CH-10: the sheet knows the same reduction quantities as the engine', () => {
    expect([...REDUCTION_QUANTITIES].sort()).toEqual(Object.keys(POINT_REMOVES).sort())
  })

  it('CH-1, CH-10: accepts abilities with their numbers and shows what reductions leave', () => {
    const r = check('challenge', iridia)
    expect(r.problems).toEqual([])
    expect(r.facts).toEqual([
      { label: 'Sorcery', value: '5 · bonus 3 · reserves 2 (reduced from 7 · bonus 3 · reserves 2)', rule: 'CH-10' },
      { label: 'Cooking', value: '2', rule: 'CH-1' },
    ])
  })

  it('CH-10: an overall reduction lowers every ability; a point removes 2 bonus, 3 reserves or half a resistance', () => {
    const r = check('challenge', {
      abilities: [{ name: 'Fencing', rating: 6, bonus: 4, reserves: 6, resistance: 2 }],
      reductions: [
        { scope: 'overall', from: 'rating', points: 1 },
        { scope: 'ability', ability: 'fencing', from: 'bonus', points: 1 },
        { scope: 'ability', ability: 'Fencing', from: 'reserves', points: 2 },
        { scope: 'ability', ability: 'Fencing', from: 'resistance', points: 2 },
      ],
    })
    expect(r.problems).toEqual([])
    expect(r.facts).toEqual([{ label: 'Fencing', value: '5 · bonus 2 · resistance 1 (reduced from 6 · bonus 4 · reserves 6 · resistance 2)', rule: 'CH-10' }])
  })

  it('CH-10: lists every problem with the reductions and abilities', () => {
    const r = check('challenge', {
      abilities: [{ name: 'Cooking', rating: 2 }, { name: 'cooking', rating: 1 }, { name: '', rating: 1 }],
      reductions: [
        { scope: 'ability', ability: 'Flying', from: 'rating', points: 1 },
        { scope: 'ability', ability: '', from: 'rating', points: 1 },
        { scope: 'overall', ability: 'Cooking', from: 'rating', points: 1 },
        { scope: 'overall', from: 'resistance', points: 1 },
        { scope: 'ability', ability: 'Cooking', from: 'rating', points: 3 },
      ],
    })
    expect(r.problems).toEqual([
      'Every ability needs a name.',
      'Abilities named twice: Cooking.',
      'Reduction 1 names "Flying", which is not one of this character\'s abilities.',
      'Reduction 2 reduces one ability: name it (CH-10).',
      'Reduction 3 is overall, so it reduces every ability; clear the ability "Cooking" or make it an ability reduction.',
      'Reduction 4: a point removes half a resistance point, so resistance takes points in pairs; 1 is odd (CH-10).',
      'Cooking has rating 2; its reductions would take 4 (CH-10).',
      'Cooking has resistance 0; its reductions would take 0.5 (CH-10).',
      'cooking has rating 1; its reductions would take 4 (CH-10).',
      'cooking has resistance 0; its reductions would take 0.5 (CH-10).',
      'An unnamed ability has resistance 0; its reductions would take 0.5 (CH-10).',
    ])
  })

  it('refuses values that cannot be, naming each field', () => {
    expect(check('challenge', { abilities: [{ name: 'Cooking', rating: -2, bonus: 1.5 }], reductions: [{ scope: 'some', from: 'pool', points: 0 }] }).fields).toEqual([
      { field: 'abilities.0.rating', problem: 'must be at least 0' },
      { field: 'abilities.0.bonus', problem: 'must be a whole number' },
      { field: 'reductions.0.scope', problem: 'must be one of ability, overall (CH-10)' },
      { field: 'reductions.0.from', problem: 'must be one of rating, bonus, reserves, resistance (CH-10)' },
      { field: 'reductions.0.points', problem: 'must be at least 1' },
    ])
  })
})
