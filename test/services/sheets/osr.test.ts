import { describe, expect, it } from 'vitest'
import { OPTIONS } from '../../../src/main/engines/osr'
import { OSR_OPTIONS } from '../../../src/shared/api/sheets'
import { glam, mage } from './fixtures'
import { check } from './helpers'

describe('Old-school sheets', () => {
  it('OSR-4: the sheet knows the same options as the engine', () => {
    expect(OSR_OPTIONS).toEqual(OPTIONS)
  })

  it('OSR-1 … OSR-4: accepts Glam and derives resistance, strike bonus and hardiness', () => {
    const r = check('osr', glam, { balances: { gold: 50, xp: 0 } })
    expect(r.problems).toEqual([])
    expect(r.facts).toEqual([
      { label: 'Resistance target', value: '13 on d20', rule: 'OSR-3' }, // 15, −2 for high tolerance
      { label: 'Strike bonus', value: '0', rule: 'OSR-15' },
      { label: 'Hardiness', value: '4 of 4', rule: 'OSR-19' },
      { label: 'Experience', value: '0', rule: 'OSR-6' },
      { label: 'Gold', value: '50 GP', rule: 'OSR-5' },
    ])
  })

  it('OSR-3, OSR-6: resistance falls by one a level; experience says when a level is reached', () => {
    const r = check('osr', { ...glam, level: 3, maxH: 12, h: 12 }, { balances: { xp: 3 } })
    expect(r.facts).toContainEqual({ label: 'Resistance target', value: '11 on d20', rule: 'OSR-3' })
    expect(r.facts).toContainEqual({ label: 'Strike bonus', value: '+1', rule: 'OSR-15' })
    expect(r.facts).toContainEqual({ label: 'Experience', value: '3: reaches level 4, ready to gain a level', rule: 'OSR-6' })
  })

  it('OSR-19: shows incapacitation below 1 H, and a maximum of 0 as death', () => {
    expect(check('osr', { ...glam, h: -1 }).facts).toContainEqual({ label: 'Hardiness', value: '-1 of 4: incapacitated', rule: 'OSR-19' })
    expect(check('osr', { ...glam, h: 0, maxH: 0 }).problems).toEqual([
      'Maximum H is 0, which means dead (OSR-19): enter the hardiness rolled, one d6 per level plus S, each at least 1 (OSR-2), or mark the character dead.',
    ])
    expect(check('osr', { ...glam, h: 0, maxH: 0 }, { status: 'dead' }).problems).toEqual([])
  })

  it('OSR-1, OSR-2, OSR-4, OSR-24: lists every problem of a sheet that breaks the rules', () => {
    const r = check('osr', { ...glam, M: -2, h: 5, optionsAllowed: 2, options: ['arcane knowledge', 'arcane knowledge', 'divine audience'] })
    expect(r.problems).toEqual([
      'M −2 is not a rolled modifier: B, M and S are −1, 0 or +1 (OSR-1).',
      'H 5 is above the maximum 4; current H never rises above it (OSR-2).',
      'The GM allowed 2 option(s) but 3 were chosen. (OSR-4)',
      'arcane knowledge may be taken only once; it was taken 2 times.',
    ])
    expect(check('osr', { ...glam, optionsAllowed: 3, options: ['divine audience'] }).problems).toEqual(['Divine audience needs a patron deity agreed with the GM.'])
    expect(check('osr', { ...glam, patron: 'The Sun' }).problems).toEqual(['Only a character with divine audience has a patron deity.'])
  })

  it('OSR-21: spells fill capacity one per level, no spell above the caster level, prepared ones are known', () => {
    const r = check('osr', mage)
    expect(r.problems).toEqual([])
    expect(r.facts).toContainEqual({ label: 'Spells', value: '2 of 2', rule: 'OSR-21' })
    const over = check('osr', {
      ...mage,
      level: 1,
      h: 4,
      maxH: 4,
      spells: [...mage.spells, { id: 'decipher', name: 'Decipher Arcana', art: 'arcane', level: 1 }, { id: 'purify', name: 'Purify', art: 'divine', level: 1 }],
      prepared: ['smite-foe', 'fireball'],
    })
    expect(over.problems).toEqual([
      'Vanish is a level 2 spell; a level 1 caster can learn spells of level 1 at most. (OSR-21)',
      'No room for Vanish: 1 of 1 spell(s) already learnt; gain a level first. (OSR-21)',
      'No room for Decipher Arcana: 1 of 1 spell(s) already learnt; gain a level first. (OSR-21)',
      'Purify is an invocation; learning it needs divine audience. (OSR-21)',
      '"fireball" is prepared but is not one of the spells this character knows (OSR-22).',
    ])
  })

  it('refuses values that cannot be, naming each field (a negative maximum H, an unknown option)', () => {
    const r = check('osr', { ...glam, maxH: -1, level: 0, options: ['luck'], B: 0.5 })
    expect(r.fields).toEqual([
      { field: 'level', problem: 'must be at least 1' },
      { field: 'B', problem: 'must be a whole number' },
      { field: 'maxH', problem: 'must be at least 0' },
      { field: 'options.0', problem: expect.stringMatching(/^must be one of great vigour, arcane knowledge/) },
    ])
    expect(r.facts).toEqual([])
  })
})
