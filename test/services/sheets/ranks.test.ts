import { describe, expect, it } from 'vitest'
import { ABILITY_RANKS, CHAPTER_MOVES, HARM_BOXES, RANKS } from '../../../src/main/engines/ranks'
import { ABILITY_RANK_NAMES, CHAPTER_MOVE_NAMES, HARM_BOX_NAMES, RANK_NAMES } from '../../../src/shared/api/sheets'
import { inigo } from './fixtures'
import { check } from './helpers'

const abilities = ['Courage', 'Daring', 'Ferocity']

describe('Resolution and Ranks sheets', () => {
  it('RK-1, RK-8, RK-9: the sheet knows the same ranks, harm boxes and moves as the engine', () => {
    expect(RANK_NAMES).toEqual(RANKS)
    expect(ABILITY_RANK_NAMES).toEqual(ABILITY_RANKS)
    expect(HARM_BOX_NAMES).toEqual(HARM_BOXES)
    expect(CHAPTER_MOVE_NAMES).toEqual(CHAPTER_MOVES)
  })

  it('RK-1, RK-4, RK-8, RK-9: accepts Inigo and shows harm, aspects and the moves left', () => {
    const r = check('ranks', inigo, { abilities, balances: { xp: 1 } })
    expect(r.problems).toEqual([])
    expect(r.facts).toEqual([
      { label: 'Harm', value: 'Weary', rule: 'RK-8' },
      { label: 'Next Harm', value: 'marks Hurt', rule: 'RK-8' },
      { label: 'Aspects available', value: '1 of 2', rule: 'RK-4' },
      { label: 'Chapter moves left', value: 'Concession, Sacrifice, Compel', rule: 'RK-9' },
      { label: 'Experience', value: '1', rule: 'RK-6' },
    ])
  })

  it('RK-8: with every box marked, the next Harm goes beyond Doomed', () => {
    const r = check('ranks', { ...inigo, harm: { weary: true, hurt: true, doomed: true } }, { abilities })
    expect(r.facts).toContainEqual({ label: 'Next Harm', value: 'beyond Doomed: out of the scene, roll Courage', rule: 'RK-8' })
  })

  it('RK-1: every character has every ability of the campaign and no other', () => {
    const r = check('ranks', { ...inigo, abilities: [{ name: 'courage', rank: 'fair' }, { name: 'Wits', rank: 'good' }, { name: 'Courage', rank: 'poor' }] }, { abilities })
    expect(r.problems).toEqual([
      'Every character has every ability (RK-1): rate Daring, Ferocity.',
      "Wits is not among the campaign's abilities (Courage, Daring, Ferocity); change the list in Settings or remove it.",
      'Abilities rated twice: courage.',
    ])
  })

  it('RK-4, RK-9: aspects are named once, and a move is used once a chapter', () => {
    const r = check('ranks', { ...inigo, aspects: [{ name: 'Fencing master' }, { name: 'fencing master', used: true }, { name: ' ' }], chapterMoves: ['compel', 'compel'] }, { abilities })
    expect(r.problems).toEqual(['Every aspect needs a name.', 'Aspects named twice: Fencing master.', 'Compel is marked used twice; each move is used once per chapter (RK-9).'])
  })

  it('RK-1: refuses a rank no ability can have, and other values that cannot be, naming each field', () => {
    expect(check('ranks', { ...inigo, abilities: [{ name: 'Courage', rank: 'legendary' }], harm: { weary: 'x' }, chapterMoves: ['rest'] }, { abilities }).fields).toEqual([
      { field: 'abilities.0.rank', problem: 'must be one of poor, mediocre, fair, good, great, superb, spectacular (RK-1: abilities are rated poor to spectacular)' },
      { field: 'harm.weary', problem: 'must be yes or no' },
      { field: 'chapterMoves.0', problem: 'must be one of concession, sacrifice, refresh, compel (RK-9)' },
    ])
  })
})
