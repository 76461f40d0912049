import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  DEFAULT_ROUND_SECONDS,
  combatRoundSeconds,
  gunfireOdds,
  meleeExchange,
  planCombatRound,
  rollGunfire,
  startMelee,
  taskOdds,
} from '../../../src/main/engines/ladder'
import type { Combatant, MeleeState } from '../../../src/main/engines/ladder'
import { enumerateFaces } from './helpers'

const swordsman: Combatant = { asset: 'good' }
const brawler: Combatant = { asset: 'good', naturalWeapons: true }

describe('LAD-12: the combat round', () => {
  it('LAD-12: hand-to-hand comes first, then gunfire, each all at once; a round is 20 s unless the campaign sets 10–30', () => {
    const order = planCombatRound({ melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [{ shooter: 'Sniper', target: 'Tai' }] })
    expect(order).toEqual({
      ok: true,
      seconds: 20,
      phases: [
        { phase: 'hand-to-hand', fights: [{ attacker: 'Tai', defender: 'Guard' }] },
        { phase: 'gunfire', shots: [{ shooter: 'Sniper', target: 'Tai' }] },
      ],
    })
    expect(DEFAULT_ROUND_SECONDS).toBe(20)
    expect(combatRoundSeconds(30)).toBe(30)
    expect(() => combatRoundSeconds(5)).toThrow(/10 to 30 seconds.*5/)
  })

  it('LAD-12: anyone who attacked or was attacked hand-to-hand cannot fire that round — every such problem is listed', () => {
    const order = planCombatRound({
      melee: [{ attacker: 'Tai', defender: 'Guard' }],
      gunfire: [
        { shooter: 'Tai', target: 'Sniper' },
        { shooter: 'Guard', target: 'Tai' },
        { shooter: 'Sniper', target: 'Tai' },
      ],
    })
    expect(order).toEqual({
      ok: false,
      problems: [
        'Tai attacked Guard hand-to-hand this round, so cannot fire (LAD-12).',
        'Guard was attacked by Tai hand-to-hand this round, so cannot fire (LAD-12).',
      ],
    })
  })

  it('LAD-17: a combatant who lost their next attack to a Wound may not attack or fire', () => {
    const order = planCombatRound({ melee: [{ attacker: 'Guard', defender: 'Tai' }], gunfire: [{ shooter: 'Sniper', target: 'Tai' }], lostAttack: ['Guard', 'Sniper'] })
    expect(order.ok).toBe(false)
    if (!order.ok) expect(order.problems).toEqual([
      'Guard lost their next attack to a Wound and cannot attack this round (LAD-17).',
      'Sniper lost their next attack to a Wound and cannot fire this round (LAD-17).',
    ])
  })
})

describe('LAD-13: hand-to-hand combat and the strike after 6 AP', () => {
  it('LAD-13: reaching 6 AP is not yet a strike; the next exchange the side wins inflicts a Wound, then AP are erased', () => {
    let state: MeleeState = { ...startMelee(), ap: { a: 4, b: 1 } }
    // Exchange: good 6 → expert (6, 3) vs good (2): +2 → 6. No strike on the exchange that reaches 6.
    let step = meleeExchange(scriptedDice([6, 3, 2]), state, { a: swordsman, b: swordsman })
    expect(step.report).toMatchObject({ after: { a: 6, b: 1 }, strike: null })
    // Equal rungs: no one wins the exchange, so still no strike; both score 1.
    step = meleeExchange(scriptedDice([4, 4]), step.state, { a: swordsman, b: swordsman })
    expect(step.report).toMatchObject({ after: { a: 7, b: 2 }, strike: null })
    // a wins (good vs poor): the strike. Location from the striker's first face, 3 → arm.
    step = meleeExchange(scriptedDice([3, 1, 4]), step.state, { a: swordsman, b: swordsman })
    expect(step.report.strike).toEqual({
      by: 'a',
      effect: 'wounded',
      locationFace: 3,
      location: { location: 'arm', effect: 'drops anything held in that arm and struggles to use it' },
    })
    // LAD-13 Decision: after the strike, both sides' AP are erased.
    expect(step.report.after).toEqual({ a: 0, b: 0 })
    state = step.state
    expect(state.exchanges).toBe(3)
  })

  it('LAD-13: the side holding 6 AP does not strike if it loses the exchange; the other side scores as usual', () => {
    const state: MeleeState = { ...startMelee(), ap: { a: 6, b: 0 } }
    const { report } = meleeExchange(scriptedDice([2, 6, 3]), state, { a: swordsman, b: swordsman })
    expect(report).toMatchObject({ strike: null, scored: [0, 2], after: { a: 6, b: 2 } })
  })

  it('LAD-13: fists, feet and other natural weapons subdue instead of wounding; the attacker picks the effect', () => {
    const state: MeleeState = { ...startMelee(), ap: { a: 6, b: 0 } }
    const { report } = meleeExchange(scriptedDice([6, 2, 3]), state, { a: brawler, b: swordsman })
    expect(report.strike).toEqual({ by: 'a', effect: 'subdued', locationFace: 6, location: null })
  })

  it('LAD-31: a strike between two supers subdues, even with a weapon', () => {
    const state: MeleeState = { ...startMelee({ extended: true }), ap: { a: 0, b: 6 } }
    const supers = { a: { asset: 'superb' as const, super: true }, b: { asset: 'superb' as const, super: true } }
    const { report } = meleeExchange(scriptedDice([3, 6, 2]), state, supers)
    expect(report.strike?.effect).toBe('subdued')
    expect(report.after).toEqual({ a: 0, b: 0 })
  })

  it('LAD-9: a hand-to-hand fight may start with a head start (a long spear)', () => {
    expect(startMelee({ headStart: { b: 2 } }).ap).toEqual({ a: 0, b: 2 })
  })
})

describe('LAD-14: gunfire', () => {
  it('LAD-14: meeting the target rung Wounds (still in the fight), with its location from the first face', () => {
    expect(rollGunfire(scriptedDice([4]), { asset: 'expert', target: 'expert' })).toEqual({
      roll: { result: 'expert', faces: [4], success: true },
      outcome: 'wounded',
      location: { location: 'arm', effect: 'drops anything held in that arm and struggles to use it' },
    })
  })

  it('LAD-14: beating the target Incapacitates (out of the fight); falling short misses', () => {
    expect(rollGunfire(scriptedDice([6, 2]), { asset: 'expert', target: 'expert' }).outcome).toBe('incapacitated')
    expect(rollGunfire(scriptedDice([3]), { asset: 'good', target: 'expert' }).outcome).toBe('miss')
    expect(rollGunfire(scriptedDice([3]), { asset: 'good', target: 'expert' }).location).toBeNull()
  })

  it('DICE-2: gunfireOdds is exact: P(wounded) = P(result = target), P(incapacitated) = P(result above it)', () => {
    const input = { asset: 'good' as const, target: 'good' as const, wonky: 'good' as const }
    const odds = gunfireOdds(input)
    const rungs = taskOdds({ asset: 'good', wonky: 'good' }).result
    expect(odds.wounded).toBeCloseTo(rungs.good, 15)
    expect(odds.incapacitated).toBeCloseTo(rungs.expert + rungs.superb, 15)
    expect(odds.miss + odds.wounded + odds.incapacitated).toBeCloseTo(1, 14)
    const { odds: seen } = enumerateFaces((dice) => rollGunfire(dice, input).outcome, (o) => o)
    for (const o of ['miss', 'wounded', 'incapacitated'] as const) expect(Math.abs((seen.get(o) ?? 0) - odds[o])).toBeLessThan(1e-12)
  })
})
