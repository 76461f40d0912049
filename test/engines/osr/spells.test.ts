import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  castOdds,
  castSpell,
  castWindowOdds,
  learnSpell,
  parseSpellDefinitions,
  prepareSpells,
  PREPARATION_SECONDS,
  SAMPLE_SPELLS,
  sampleSpell,
  scaleSpell,
  scaleSpellDefinition,
  spellCapacity,
  spellNumberOdds,
  type Caster,
  type KnownSpell,
} from '../../../src/main/engines/osr'
import { expectFrequenciesMatch } from './helpers'

const smiteFoe = sampleSpell('smite-foe')
const vanish = sampleSpell('vanish')
const mage = (level: number, spells: Caster['spells'] = []): Caster => ({ level, options: ['arcane knowledge'], spells })
const known = ({ id, name, art, level }: KnownSpell): KnownSpell => ({ id, name, art, level })

describe('OSR-21: capacity and learning', () => {
  it('OSR-21: one spell at L1, one more per level gained; none without the art', () => {
    expect([1, 2, 3].map((level) => spellCapacity(mage(level), 'arcane'))).toEqual([1, 2, 3])
    expect(spellCapacity(mage(3), 'divine')).toBe(0)
    expect(spellCapacity({ level: 2, options: ['divine audience'] }, 'divine')).toBe(2)
  })

  it("OSR-21 (seed example): an L2 mage with Smite Foe has room for a second L1 or a first L2; an L1 mage cannot learn Vanish", () => {
    const l2 = mage(2, [known(smiteFoe)])
    expect(learnSpell(l2, vanish, { from: 'master' })).toEqual({ ok: true, spells: [known(smiteFoe), known(vanish)] })
    expect(learnSpell(mage(1), vanish, { from: 'master' })).toEqual({
      ok: false,
      problems: ['Vanish is a level 2 spell; a level 1 caster can learn spells of level 1 at most.'],
    })
  })

  it('OSR-21: capacity full, or a found spell that cannot be read, are refused with every reason', () => {
    const decipher = sampleSpell('decipher-arcana')
    const result = learnSpell(mage(1, [smiteFoe]), decipher, { from: 'record', readable: false })
    expect(result).toEqual({
      ok: false,
      problems: [
        'No room for Decipher Arcana: 1 of 1 spell(s) already learnt; gain a level first.',
        'Decipher Arcana was found recorded but cannot be read (Decipher Arcana can read it).',
      ],
    })
    expect(learnSpell(mage(2, [smiteFoe]), smiteFoe, { from: 'master' })).toEqual({ ok: false, problems: ['Smite Foe is already learnt.'] })
  })
})

describe('OSR-22: preparing and casting', () => {
  it('OSR-22: preparing takes 5 seconds; the GM rolls the window 1d3 × 10 minutes secretly', () => {
    const prepared = prepareSpells(scriptedDice([3]), { rested: true, unrestrained: true })
    expect(PREPARATION_SECONDS).toBe(5)
    expect(prepared).toEqual({ seconds: 5, window: { minutes: 20, seconds: 1200, hiddenFromPlayers: true, faces: [3] }, gmPenaltyDue: false })
    expect(prepareSpells(scriptedDice([6]), { rested: false, unrestrained: true }).gmPenaltyDue).toBe(true)
    expect(castWindowOdds()).toEqual({ 10: 2 / 6, 20: 2 / 6, 30: 2 / 6 })
  })

  it('OSR-22: casting is a check costing H equal to the spell level, paid even on a failure; nothing is rolled then', () => {
    const failed = castSpell(scriptedDice([5]), { spell: vanish, casterLevel: 3, modifier: 0, hardiness: { h: 6, maxH: 6 } })
    expect(failed).toMatchObject({ check: { success: false }, costH: 2, hardiness: { h: 4, maxH: 6 }, rolled: null, faces: [5] })
  })

  it('OSR-22 + OSR-23: an L2 mage casts Smite Foe: costs 1 H; range 2d6 × 20 ft and 2d6 harm rolled after the success', () => {
    const cast = castSpell(scriptedDice([12, 3, 4, 5, 6]), { spell: smiteFoe, casterLevel: 2, modifier: 0, hardiness: { h: 4, maxH: 4 } })
    expect(cast.check.success).toBe(true)
    expect(cast.costH).toBe(1)
    expect(cast.hardiness).toMatchObject({ h: 3, maxH: 4 })
    expect(cast.rolled).toEqual({
      range: { value: 140, unit: 'ft', expression: '2d6x20', faces: [3, 4] },
      duration: null,
      effects: {
        entities: { value: 2, unit: 'entities', expression: '2', faces: [] },
        harm: { value: 11, unit: 'H', expression: '2d6', faces: [5, 6] },
      },
    })
    expect(cast.faces).toEqual([12, 3, 4, 5, 6])
  })

  it('OSR-22: casting can incapacitate the caster (OSR-19); a spell above the caster level, or an incapacitated caster, is refused', () => {
    expect(castSpell(scriptedDice([2]), { spell: vanish, casterLevel: 2, modifier: 0, hardiness: { h: 1, maxH: 5 } }).hardiness).toMatchObject({
      h: -1,
      maxH: 4,
      incapacitated: true,
      limb: 'none',
    })
    expect(() => castSpell(scriptedDice([12]), { spell: vanish, casterLevel: 1, modifier: 0, hardiness: { h: 4, maxH: 4 } })).toThrow(
      /level 1 caster cannot cast a level 2 spell/,
    )
    expect(() => castSpell(scriptedDice([12]), { spell: vanish, casterLevel: 2, modifier: 0, hardiness: { h: 0, maxH: 4 } })).toThrow(
      /caster is incapacitated \(H 0\) and cannot cast/,
    )
  })

  it('OSR-22 / DICE-2: exact odds of a casting are those of a check; 200,000 castings agree', () => {
    const odds = castOdds({ spellLevel: 1, casterLevel: 1, modifier: 1 })
    expect(odds.success).toBeCloseTo(12 / 20, 15)
    expectFrequenciesMatch('osr-cast', { yes: odds.success, no: odds.failure }, (d) =>
      castSpell(d, { spell: vanish, casterLevel: 2, modifier: 1, hardiness: { h: 9, maxH: 9 } }).check.success ? 'yes' : 'no',
    )
  })
})

describe('OSR-23: scaling by caster level', () => {
  it('OSR-23 (ENGINES examples): 2d6x10 → 2d6x20, 1d6 → 2d6, 1 → 2 at caster 2, spell 1', () => {
    expect(scaleSpell('2d6x10', 2, 1)).toBe('2d6x20')
    expect(scaleSpell('1d6', 2, 1)).toBe('2d6')
    expect(scaleSpell('1', 2, 1)).toBe('2')
  })

  it('OSR-23 (seed example): Smite Foe at L1, L2, L3 — range 2d6 × 10 / 20 / 30 ft, harm 1d6 / 2d6 / 3d6', () => {
    // Slip: the seed says 2d6 × 40 ft at L3; the rule ("one multiple with each further level") gives 30 ft.
    const ranges = [1, 2, 3].map((level) => scaleSpellDefinition(smiteFoe, level).range?.expression)
    const harms = [1, 2, 3].map((level) => scaleSpellDefinition(smiteFoe, level).effects['harm']?.expression)
    expect(ranges).toEqual(['2d6x10', '2d6x20', '2d6x30'])
    expect(harms).toEqual(['1d6', '2d6', '3d6'])
  })

  it('OSR-23 (seed example): Vanish affects 1 entity at caster L2, 2 at L3, 3 at L4', () => {
    expect([2, 3, 4].map((level) => scaleSpellDefinition(vanish, level).effects['entities']?.expression)).toEqual(['1', '2', '3'])
  })

  it('OSR-23: the H cost never scales — Smite Foe always 1 H, Vanish always 2 H', () => {
    for (const level of [1, 4, 9]) {
      expect(castSpell(scriptedDice([1]), { spell: smiteFoe, casterLevel: level, modifier: 0, hardiness: { h: 9, maxH: 9 } }).costH).toBe(1)
    }
    expect(castSpell(scriptedDice([1]), { spell: vanish, casterLevel: 9, modifier: 0, hardiness: { h: 9, maxH: 9 } }).costH).toBe(2)
  })

  it('OSR-23: only the fixed part of a mixed number grows; durations scale too; a number marked not to scale stays', () => {
    expect(scaleSpell('1d6+1', 3, 1)).toBe('1d6+3')
    expect(scaleSpell('2d6 x 10', 3, 2)).toBe('2d6x20')
    const reveal = scaleSpellDefinition(sampleSpell('reveal-intent'), 4)
    expect(reveal.range?.expression).toBe('2d6x30')
    expect(reveal.duration).toEqual({ expression: '2d6x30', unit: 'minutes' })
    const decipher = scaleSpellDefinition(sampleSpell('decipher-arcana'), 3)
    expect(decipher.duration).toEqual({ expression: '6d6', unit: 'minutes' })
    expect(decipher.effects['studyDaysPerSpellLevel']?.expression).toBe('1d6')
    expect(decipher.level).toBe(1)
  })

  it('OSR-23: an unreadable number is refused with how to write one', () => {
    expect(() => scaleSpell('a few', 2, 1)).toThrow(/"a few" is not a number the rules can read/)
  })

  it('OSR-23 / DICE-2: exact odds of a scaled number, e.g. Smite Foe’s L3 harm 3d6', () => {
    const odds = spellNumberOdds({ expression: scaleSpell('1d6', 3, 1), unit: 'H' })
    expect(odds[3]).toBeCloseTo(1 / 216, 15)
    expect(odds[10]).toBeCloseTo(27 / 216, 15)
  })
})

describe('OSR-24: the six sample spells and invocations', () => {
  it('OSR-24: ships Smite Foe, Decipher Arcana, Vanish, Do / Undo Harm, Purify / Contaminate, Reveal Intent with their levels', () => {
    expect(SAMPLE_SPELLS.map((s) => [s.name, s.art, s.level])).toEqual([
      ['Smite Foe', 'arcane', 1],
      ['Decipher Arcana', 'arcane', 1],
      ['Vanish', 'arcane', 2],
      ['Do / Undo Harm', 'divine', 1],
      ['Purify / Contaminate', 'divine', 1],
      ['Reveal Intent', 'divine', 2],
    ])
  })

  it('OSR-24: range, duration and effect as data, as the seed gives them', () => {
    expect(sampleSpell('smite-foe')).toMatchObject({ reach: 'line of sight', range: { expression: '2d6x10', unit: 'ft' }, duration: 'instant' })
    expect(sampleSpell('decipher-arcana')).toMatchObject({ range: null, duration: { expression: '2d6', unit: 'minutes' } })
    expect(sampleSpell('vanish')).toMatchObject({ reach: 'contact', duration: 'until cancelled', effects: { entities: { expression: '1' } } })
    expect(sampleSpell('do-undo-harm')).toMatchObject({ reach: 'contact', duration: 'instant', effects: { harm: { expression: '1d6', unit: 'H' } } })
    expect(sampleSpell('purify-contaminate')).toMatchObject({ range: { expression: '1d3x10', unit: 'ft' }, effects: { volume: { expression: '1', unit: 'cubic ft' } } })
    expect(sampleSpell('reveal-intent')).toMatchObject({ range: { expression: '2d6x10' }, duration: { expression: '2d6x10', unit: 'minutes' } })
  })

  it('OSR-24: the engine exports exactly resources/osr/spells.json', () => {
    const file = JSON.parse(readFileSync(new URL('../../../resources/osr/spells.json', import.meta.url), 'utf8')) as unknown
    expect(SAMPLE_SPELLS).toEqual(file)
  })

  it("OSR-24: a GM's spell list is checked, every problem reported; unknown ids are named", () => {
    expect(() =>
      parseSpellDefinitions([
        { id: 'x', name: 'Blink', art: 'psionic', level: 0, reach: 'contact', range: null, duration: 'instant', effects: {}, description: 'Gone.' },
        { id: 'y', name: 'Fog', art: 'arcane', level: 1, reach: 'line of sight', range: { expression: 'lots', unit: 'ft' }, duration: 'instant', effects: {}, description: 'Fog.' },
      ]),
    ).toThrow(/Blink: "art" must be "arcane" or "divine"[\s\S]*Blink: "level" must be a whole number, 1 or more[\s\S]*Fog range: "lots" is not a number/)
    expect(() => sampleSpell('fireball')).toThrow(/no sample spell "fireball"; the samples are smite-foe, decipher-arcana/)
  })

  it('OSR-24: Purify / Contaminate’s range 1d3 × 10 ft is rolled on a d6 (DICE-1); 200,000 castings agree with its odds', () => {
    const purify = sampleSpell('purify-contaminate')
    const odds = spellNumberOdds(purify.range!)
    expect(odds).toEqual({ 10: 2 / 6, 20: 2 / 6, 30: 2 / 6 })
    expectFrequenciesMatch('osr-purify', odds, (d) => {
      const cast = castSpell({ roll: (s) => (s === 20 ? 20 : d.roll(s)) }, { spell: purify, casterLevel: 1, modifier: 0, hardiness: { h: 5, maxH: 5 } })
      return cast.rolled!.range!.value
    })
  })
})
