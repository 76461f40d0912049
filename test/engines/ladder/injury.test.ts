import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice } from '../../../src/main/engines/dice'
import {
  DAMAGE_LEVELS,
  DAY,
  HOUR,
  UNHURT,
  applyInjury,
  damageBetween,
  damageOdds,
  incapacitationOdds,
  recoveryPlan,
  rollDamage,
  rollIncapacitation,
  rollUntreated,
  untreatedOdds,
  woundLocation,
} from '../../../src/main/engines/ladder'
import type { DamageLevel, InjuryStatus } from '../../../src/main/engines/ladder'
import { expectWithinFourSE } from './helpers'

describe('LAD-15: damage levels', () => {
  it('LAD-15: subdued, wounded, incapacitated, killed, low to high', () => {
    expect(DAMAGE_LEVELS).toEqual(['subdued', 'wounded', 'incapacitated', 'killed'])
  })
})

describe('LAD-16: arbitrary damage', () => {
  it('seed: a grenade Incapacitates; a 1 steps down to Wounded, a 6 up to Killed', () => {
    expect(rollDamage(scriptedDice([1]), { level: 'incapacitated' })).toEqual({ result: 'wounded', faces: [1] })
    expect(rollDamage(scriptedDice([6]), { level: 'incapacitated' })).toEqual({ result: 'killed', faces: [6] })
    for (const f of [2, 3, 4, 5]) expect(rollDamage(scriptedDice([f]), { level: 'incapacitated' }).result).toBe('incapacitated')
  })

  it('seed: a falling tree is "probably going to Wound you" — hope for a 1, fear a 6', () => {
    expect(rollDamage(scriptedDice([1]), { level: 'wounded' }).result).toBe('subdued')
    expect(rollDamage(scriptedDice([6]), { level: 'wounded' }).result).toBe('incapacitated')
  })

  it('LAD-16: one die only, no chain — a 6 then nothing more is rolled', () => {
    const dice = scriptedDice([6, 6])
    expect(rollDamage(dice, { level: 'subdued' })).toEqual({ result: 'wounded', faces: [6] })
    expect(dice.remaining).toBe(1)
  })

  it('LAD-16: toughness is a bad wonky ladder that helps the victim: a 2 steps down too', () => {
    expect(rollDamage(scriptedDice([2]), { level: 'wounded', tough: true }).result).toBe('subdued')
    expect(rollDamage(scriptedDice([2]), { level: 'wounded' }).result).toBe('wounded')
    expect(rollDamage(scriptedDice([6]), { level: 'wounded', tough: true }).result).toBe('incapacitated')
  })

  it('LAD-16: stepping below subdued means no damage; killed cannot step higher', () => {
    expect(rollDamage(scriptedDice([1]), { level: 'subdued' }).result).toBe('none')
    expect(rollDamage(scriptedDice([6]), { level: 'killed' }).result).toBe('killed')
  })

  it('refuses an unknown damage level', () => {
    expect(() => rollDamage(scriptedDice([3]), { level: 'maimed' as never })).toThrow(/damage level is one of .*"maimed"/)
  })

  it('DICE-2: damageOdds is exact and agrees with 200,000 seeded rolls within 4 standard errors', () => {
    const input = { level: 'wounded' as const, tough: true }
    const odds = damageOdds(input)
    expect(odds).toEqual({ none: 0, subdued: 2 / 6, wounded: 3 / 6, incapacitated: 1 / 6, killed: 0 })
    const dice = seededDice('damage')
    const n = 200_000
    const counts: Record<string, number> = {}
    for (let i = 0; i < n; i++) {
      const r = rollDamage(dice, input).result
      counts[r] = (counts[r] ?? 0) + 1
    }
    for (const k of ['none', 'subdued', 'wounded', 'incapacitated', 'killed'] as const) expectWithinFourSE(counts[k] ?? 0, n, odds[k], k)
  })
})

describe('LAD-17: wound location and effects', () => {
  it('LAD-17: 6 head, 5 body, 4 or 3 arm, 2 or 1 leg, each with its effect', () => {
    expect(woundLocation(6)).toEqual({ location: 'head', effect: 'knocked out for 3 combat rounds', knockedOutRounds: 3 })
    expect(woundLocation(5)).toEqual({ location: 'body', effect: 'no actions needing strength: climbing, pushing, running' })
    expect([4, 3].map((f) => woundLocation(f).location)).toEqual(['arm', 'arm'])
    expect([2, 1].map((f) => woundLocation(f))).toEqual([
      { location: 'leg', effect: 'moves at half speed' },
      { location: 'leg', effect: 'moves at half speed' },
    ])
    expect(() => woundLocation(7)).toThrow(/d6 face, 1 to 6; got 7/)
  })

  it('LAD-17: a wounded character also loses their next attack', () => {
    expect(applyInjury(UNHURT, 'wounded').report).toEqual({ taken: 'wounded', outcome: 'wounded', losesNextAttack: true })
    expect(applyInjury(UNHURT, 'subdued').report.losesNextAttack).toBe(false)
  })
})

describe('LAD-18: Wounds add up; the Incapacitated die of the next one', () => {
  const apply = (levels: DamageLevel[]): InjuryStatus => levels.reduce((s, l) => applyInjury(s, l).status, UNHURT)

  it('LAD-18: a third Wound makes the character Incapacitated, and says so', () => {
    const twice = apply(['wounded', 'wounded'])
    expect(twice).toEqual({ subdued: false, wounds: 2, incapacitated: null, killed: false })
    const third = applyInjury(twice, 'wounded')
    expect(third.status).toEqual({ subdued: false, wounds: 3, incapacitated: 'third wound', killed: false })
    expect(third.report.outcome).toBe('incapacitated')
  })

  it('LAD-18: a Wound or an Incapacitate on an already Incapacitated character kills', () => {
    const down = apply(['incapacitated'])
    expect(down.incapacitated).toBe('injury')
    expect(applyInjury(down, 'wounded').status.killed).toBe(true)
    expect(applyInjury(down, 'incapacitated').report.outcome).toBe('killed')
  })

  it('LAD-18: subdual on the Incapacitated does not kill, and nothing changes the dead', () => {
    const down = apply(['incapacitated'])
    expect(applyInjury(down, 'subdued').status.killed).toBe(false)
    const dead = apply(['killed'])
    expect(applyInjury(dead, 'wounded')).toEqual({ status: dead, report: { taken: 'wounded', outcome: 'no effect', losesNextAttack: false } })
    expect(applyInjury(UNHURT, 'none').status).toBe(UNHURT)
  })

  it('LAD-31: damage between supers is subdual, whatever the level', () => {
    expect(damageBetween('killed', { supers: true })).toBe('subdued')
    expect(damageBetween('incapacitated', { supers: false })).toBe('incapacitated')
    expect(damageBetween('none', { supers: true })).toBe('none')
  })
})

describe('LAD-19: the incapacitation sequence, as game-time data', () => {
  it('LAD-19: unconscious for 2d6 minutes, then hurt in a location and at half speed; medical attention due within the hour', () => {
    const out = rollIncapacitation(scriptedDice([3, 4]), { at: 5000, attackFace: 2 })
    expect(out).toEqual({
      faces: [3, 4],
      minutes: 7,
      incapacitatedAt: 5000,
      wakesAt: 5000 + 7 * 60,
      medicalAttentionBy: 5000 + HOUR,
      onWaking: { halfSpeed: true, location: { location: 'leg', effect: 'moves at half speed' } },
    })
    expect(rollIncapacitation(scriptedDice([1, 1]), { at: 0 }).onWaking.location).toBeNull()
    expect(() => rollIncapacitation(scriptedDice([1, 1]), { at: -5 })).toThrow(/whole seconds, 0 or more; got -5/)
  })

  it('LAD-19: with no medical attention in the hour, an appropriate asset is rolled against good; failure begins dying', () => {
    expect(rollUntreated(scriptedDice([1, 3]), { asset: 'good' })).toEqual({ roll: { result: 'poor', faces: [1, 3], success: false }, beginsDying: true })
    expect(rollUntreated(scriptedDice([4]), { asset: 'good' }).beginsDying).toBe(false)
    expect(untreatedOdds({ asset: 'good' }).beginsDying).toBeCloseTo(1 / 6, 15)
    expect(untreatedOdds({ asset: 'poor' }).beginsDying).toBeCloseTo(5 / 6, 15)
  })

  it('DICE-2: the minutes unconscious have the exact 2d6 odds', () => {
    const odds = incapacitationOdds()
    expect(odds[2]).toBeCloseTo(1 / 36, 15)
    expect(odds[7]).toBeCloseTo(6 / 36, 15)
    expect(odds[12]).toBeCloseTo(1 / 36, 15)
    expect(odds.reduce((s, p) => s + p, 0)).toBeCloseTo(1, 14)
  })
})

describe('LAD-20: recovery in game time', () => {
  it('LAD-20: Subdued clears at the end of the scene', () => {
    expect(recoveryPlan({ level: 'subdued', takenAt: 100 })).toEqual({ milestones: [{ event: 'clears', when: 'end of scene' }] })
  })

  it('LAD-20: a Wound heals in about a week', () => {
    expect(recoveryPlan({ level: 'wounded', takenAt: 100 })).toEqual({ milestones: [{ event: 'heals', at: 100 + 7 * DAY }] })
  })

  it('LAD-20: the Incapacitated are up 7 days after treatment and fully recovered 30 days after; nothing until treated', () => {
    expect(recoveryPlan({ level: 'incapacitated', takenAt: 100 })).toEqual({ milestones: [], waitingFor: 'treatment' })
    expect(recoveryPlan({ level: 'incapacitated', takenAt: 100, treatedAt: 4000 })).toEqual({
      milestones: [
        { event: 'up and about', at: 4000 + 7 * DAY },
        { event: 'fully recovered', at: 4000 + 30 * DAY },
      ],
    })
  })

  it('LAD-20: with "heal between adventures", a treated character is clear at the start of the next session', () => {
    const option = { healBetweenAdventures: true }
    expect(recoveryPlan({ level: 'incapacitated', takenAt: 0, treatedAt: 60, ...option }).milestones).toEqual([{ event: 'clears', when: 'start of next session' }])
    expect(recoveryPlan({ level: 'wounded', takenAt: 0, treatedAt: 60, ...option }).milestones).toEqual([{ event: 'clears', when: 'start of next session' }])
    // Untreated, the option does not apply.
    expect(recoveryPlan({ level: 'wounded', takenAt: 0, ...option }).milestones).toEqual([{ event: 'heals', at: 7 * DAY }])
  })

  it('refuses treatment before the injury, and a recovery for the dead', () => {
    expect(() => recoveryPlan({ level: 'wounded', takenAt: 500, treatedAt: 100 })).toThrow(/Treatment at 100 s comes before the injury at 500 s/)
    expect(() => recoveryPlan({ level: 'killed' as never, takenAt: 0 })).toThrow(/killed character does not recover/)
  })
})
