import { describe, expect, it } from 'vitest'
import { RUNGS, RUNG_LABELS } from '../../../src/main/engines/ladder'
import { LADDER_RUNGS, LADDER_RUNG_WORDS } from '../../../src/shared/api/sheets'
import { nightOwl, taiGivar } from './fixtures'
import { check } from './helpers'

describe('Ladder sheets', () => {
  it('LAD-1: the sheet knows the same rungs as the engine', () => {
    expect(LADDER_RUNGS).toEqual(RUNGS)
    expect(LADDER_RUNG_WORDS).toEqual(RUNG_LABELS)
  })

  it('LAD-24: accepts a complete character and derives its starting Plot Points', () => {
    const r = check('ladder', taiGivar, { balances: { pp: 2, background: 0 } })
    expect(r.problems).toEqual([])
    expect(r.facts).toContainEqual({ label: 'Starting Plot Points', value: '2', rule: 'LAD-21' })
    expect(r.facts).toContainEqual({ label: 'Plot Points now', value: '2', rule: 'LAD-22' })
    expect(r.facts).toContainEqual({ label: 'Magical assets', value: 'Blue magic (blue, Good)', rule: 'LAD-25' })
  })

  it('LAD-24: lists every problem of an incomplete character', () => {
    const r = check('ladder', {
      ...taiGivar,
      concept: ' ',
      assets: taiGivar.assets.slice(1),
      flaws: taiGivar.flaws.slice(0, 2),
      features: ['Scar over one eye'],
      allies: [...taiGivar.allies, { name: 'Rook', concept: '', howMet: '' }, { name: 'A', concept: 'B', howMet: 'C' }, { name: 'D', concept: 'E', howMet: 'F' }],
      episodes: ['One', 'Two', 'Three', 'Four'],
    })
    expect(r.problems).toEqual([
      'The concept is missing: in a few words, who is this character?',
      'A character has exactly 3 identifying features, each written; this one has 1.',
      'A character has up to 3 allies; this one has 4.',
      'Ally 2 needs a concept, how they met.',
      'Up to 3 episodes of the past count at creation; this sheet has 4.',
      'A character has 6 assets (4 good, 2 expert); this one has 5.',
      'A character has exactly 2 expert assets; this one has 1.',
      'A character has exactly 3 flaws; this one has 2.',
    ])
  })

  it('LAD-29: accepts a super, and lists a second Vulnerability and a missing costume', () => {
    expect(check('ladder', nightOwl).problems).toEqual([])
    const r = check('ladder', {
      ...nightOwl,
      flaws: nightOwl.flaws.map((f) => ({ ...f, vulnerability: true })),
      heroicFeatures: nightOwl.heroicFeatures.map((f) => ({ ...f, costume: false })),
    })
    expect(r.problems).toEqual([
      'Exactly one flaw is the Vulnerability; 4 are marked.',
      'Exactly one heroic feature describes the costume; 0 are marked.',
    ])
  })

  it('LAD-1, LAD-29: a superb asset belongs to a super, and a Vulnerability too', () => {
    const r = check('ladder', { ...taiGivar, assets: [...taiGivar.assets.slice(1), { name: 'Flight', rating: 'superb', school: null }], flaws: [{ name: 'Kryptonite', vulnerability: true }, ...taiGivar.flaws.slice(1)] })
    expect(r.problems).toContain('No asset of a character is rated superb at creation; 1 asset is.')
    expect(r.problems).toContain('Only a super has a Vulnerability; mark it as an ordinary flaw.')
  })

  it('LAD-23: a developed character keeps the development limits instead of the creation counts', () => {
    const grown = { ...taiGivar, developed: true, assets: [...taiGivar.assets, { name: 'Navigation', rating: 'good', school: null }] }
    expect(check('ladder', grown).problems).toEqual([])
    const lopsided = { ...grown, assets: grown.assets.map((a) => ({ ...a, rating: 'expert' })), flaws: [] }
    expect(check('ladder', lopsided).problems).toEqual([
      'Good assets must outnumber expert ones (LAD-23); this sheet has 0 good and 7 expert.',
      'At least one flaw must remain (LAD-23).',
    ])
  })

  it('LAD-27: a rote names magical assets of the caster and a rung of good or more, or it was trivial', () => {
    const r = check('ladder', {
      ...taiGivar,
      rotes: [
        { effect: 'Stop the rain', assets: ['Piloting'], rung: 'expert' },
        { effect: 'Light a candle', assets: ['Blue magic'], rung: 'poor' },
        { effect: '', assets: ['Red magic'], rung: 'good' },
      ],
    })
    expect(r.problems).toEqual([
      'Rote "Stop the rain": "Piloting" is not a magical asset, so it cannot power a spell.',
      'Rote 3: Describe the effect the spell is meant to have.',
      'Rote 3: The caster has no asset called "Red magic".',
    ])
  })

  it('refuses values that cannot be, naming each field (a rung that does not exist, a non-number)', () => {
    const r = check('ladder', { ...taiGivar, assets: [{ name: 'Menace', rating: 'legendary' }], super: 'yes', rotes: [{ effect: 'x', assets: [], rung: 7 }] })
    expect(r.fields).toEqual([
      { field: 'super', problem: 'must be yes or no' },
      { field: 'assets.0.rating', problem: 'must be one of poor, good, expert, superb, unprecedented (LAD-1)' },
      { field: 'rotes.0.rung', problem: 'must be one of terrible, poor, good, expert, superb, unprecedented, improbable (LAD-1)' },
    ])
    expect(r.problems[1]).toBe('Rating (asset 1): must be one of poor, good, expert, superb, unprecedented (LAD-1).')
  })
})
