import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { DARKNESS_PENALTY, darknessModifier, electricLamp, LIGHT_SOURCES, parseLightSources, rollCheck } from '../../../src/main/engines/osr'
import { scriptedDice } from '../../../src/main/engines/dice'

describe('OSR-8: light sources and darkness', () => {
  it('OSR-8: candle 10 ft for 5 hours; torch 25 ft for 1 hour', () => {
    expect(LIGHT_SOURCES.candle).toMatchObject({ beams: [{ mode: 'all round', radiusFt: 10, arcDegrees: 360 }], burnMinutes: 300, fuel: null })
    expect(LIGHT_SOURCES.torch).toMatchObject({ beams: [{ mode: 'all round', radiusFt: 25, arcDegrees: 360 }], burnMinutes: 60, fuel: null })
  })

  it('OSR-8: a lantern gives 25 ft all round or a 50 ft beam of 45°, 5 hours per pint of oil', () => {
    expect(LIGHT_SOURCES.lantern).toMatchObject({
      beams: [
        { mode: 'all round', radiusFt: 25, arcDegrees: 360 },
        { mode: 'narrow beam', radiusFt: 50, arcDegrees: 45 },
      ],
      burnMinutes: 300,
      fuel: 'pint of oil',
    })
  })

  it("OSR-8: an electric lamp doubles (or triples) a lantern's reach; the shipped default is double", () => {
    expect(electricLamp(2).beams).toEqual(LIGHT_SOURCES['electric lamp'].beams)
    expect(electricLamp(3).beams.map((b) => b.radiusFt)).toEqual([75, 150])
    expect(LIGHT_SOURCES['electric lamp'].burnMinutes).toBeNull()
  })

  it('OSR-8: the defaults the engine exports are the ones in resources/osr/light-sources.json', () => {
    const file = JSON.parse(readFileSync(new URL('../../../resources/osr/light-sources.json', import.meta.url), 'utf8')) as unknown
    expect(LIGHT_SOURCES).toEqual(file)
  })

  it("OSR-8: a campaign's edited list is checked, every problem reported at once", () => {
    expect(() =>
      parseLightSources({
        candle: { name: 'candle', beams: [{ mode: 'all round', radiusFt: -10, arcDegrees: 360 }], burnMinutes: 300, fuel: null },
        brazier: { name: '', beams: [], burnMinutes: 'long', fuel: null },
      }),
    ).toThrow(/candle beam 1: "radiusFt" must be a number of feet above 0; found -10[\s\S]*brazier: "name" must be a name[\s\S]*brazier: "burnMinutes"[\s\S]*brazier: needs at least one beam/)
    expect(parseLightSources({ glowworm: { name: 'glowworm', beams: [{ mode: 'all round', radiusFt: 5, arcDegrees: 360 }], burnMinutes: null, fuel: null } })).toEqual({
      glowworm: { name: 'glowworm', beams: [{ mode: 'all round', radiusFt: 5, arcDegrees: 360 }], burnMinutes: null, fuel: null, note: '' },
    })
  })

  it('OSR-8: actions in darkness take −5, which can turn a success into a failure', () => {
    expect(DARKNESS_PENALTY).toBe(-5)
    expect(darknessModifier({ lit: true })).toBe(0)
    expect(darknessModifier({ lit: false })).toBe(-5)
    expect(rollCheck(scriptedDice([12]), { modifier: darknessModifier({ lit: false }) }).success).toBe(false)
  })

  it('OSR-8 with OSR-4 e: a character who sees in the dark takes no darkness penalty', () => {
    expect(darknessModifier({ lit: false, seesInTheDark: true })).toBe(0)
  })
})
