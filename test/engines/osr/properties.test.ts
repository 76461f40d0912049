import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { scriptedDice, seededDice, type Dice } from '../../../src/main/engines/dice'
import {
  applyHarm,
  castSpell,
  checkOdds,
  diceExpressionOdds,
  encounterDistanceOdds,
  encounterOdds,
  harmOdds,
  heal,
  initiativeOdds,
  levelUp,
  naturalHealingOdds,
  payHardiness,
  reactionOdds,
  restoreMaximumHardiness,
  rollCharacter,
  rollNaturalHealing,
  rollShot,
  rollStrike,
  sampleSpell,
  saveOdds,
  shotOdds,
  speed,
  strikeOdds,
  WEAPON_CLASSES,
  type Hardiness,
  type OsrCharacter,
  type ShotInput,
  type StrikeInput,
} from '../../../src/main/engines/osr'
import { totalOf } from './helpers'

const modifier = fc.integer({ min: -3, max: 3 })
const weapon = fc.constantFrom(...WEAPON_CLASSES)
const strikeInput: fc.Arbitrary<StrikeInput> = fc.record({
  attackerB: modifier,
  attackerLevel: fc.integer({ min: 1, max: 12 }),
  defenderM: modifier,
  defenderArmour: fc.integer({ min: 0, max: 5 }),
  weapon,
  advanced: fc.boolean(),
  backstab: fc.boolean(),
  monstrousForm: fc.integer({ min: 0, max: 2 }),
  situational: fc.integer({ min: -5, max: 5 }),
})
const shotInput: fc.Arbitrary<ShotInput> = fc.record({
  attackerM: modifier,
  attackerB: modifier,
  distanceFt: fc.integer({ min: 0, max: 600 }),
  accuracyFt: fc.constantFrom(9, 10, 11, 25, 50, 100, 150),
  weapon,
  advanced: fc.boolean(),
})

/** Everything that can happen to a character's hardiness between two looks at the sheet. */
type Event =
  | { kind: 'harm'; amount: number }
  | { kind: 'spell cost'; amount: number }
  | { kind: 'heal'; amount: number }
  | { kind: 'rest'; days: number; seed: number }
  | { kind: 'level up'; seed: number }
  | { kind: 'restore'; extra: number }
const event: fc.Arbitrary<Event> = fc.oneof(
  fc.record({ kind: fc.constant('harm' as const), amount: fc.integer({ min: 0, max: 15 }) }),
  fc.record({ kind: fc.constant('spell cost' as const), amount: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('heal' as const), amount: fc.integer({ min: 0, max: 15 }) }),
  fc.record({ kind: fc.constant('rest' as const), days: fc.integer({ min: 0, max: 5 }), seed: fc.integer() }),
  fc.record({ kind: fc.constant('level up' as const), seed: fc.integer() }),
  fc.record({ kind: fc.constant('restore' as const), extra: fc.integer({ min: 0, max: 3 }) }),
)

function character(maxH: number, S: number): OsrCharacter {
  return { name: 'Glam', level: 1, B: -1, M: 0, S, h: maxH, maxH, resistance: 15, options: [], gold: 0, patron: null, spells: [] }
}

/** Applies an event; returns the new hardiness and whether OSR-19 was the path taken. */
function happen(c: OsrCharacter, e: Event): { next: OsrCharacter; throughInjury: boolean; newlyBelowZero: number } {
  const below = (h: number) => Math.max(0, -h)
  const withH = (s: Hardiness) => ({ ...c, h: s.h, maxH: s.maxH })
  switch (e.kind) {
    case 'harm':
    case 'spell cost': {
      const after = e.kind === 'harm' ? applyHarm(c, e.amount) : payHardiness(c, e.amount)
      return { next: withH(after), throughInjury: true, newlyBelowZero: below(after.h) - below(c.h) }
    }
    case 'heal':
      return { next: c.maxH === 0 ? c : withH(heal(c, e.amount)), throughInjury: false, newlyBelowZero: 0 }
    case 'rest':
      return { next: c.maxH === 0 ? c : withH(rollNaturalHealing(seededDice(e.seed), c, { days: e.days })), throughInjury: false, newlyBelowZero: 0 }
    case 'level up':
      return { next: c.maxH === 0 ? c : levelUp(seededDice(e.seed), c).character, throughInjury: false, newlyBelowZero: 0 }
    case 'restore':
      return { next: withH(restoreMaximumHardiness(c, { maxH: c.maxH + e.extra })), throughInjury: false, newlyBelowZero: 0 }
  }
}

/** Dice that hand out the given seeded faces and remember them, to replay a roll (DICE-3). */
function remembering(seed: number): Dice & { faces: number[] } {
  const inner = seededDice(seed)
  const faces: number[] = []
  return { roll: (s) => { const f = inner.roll(s); faces.push(f); return f }, faces }
}

describe('Properties (fast-check)', () => {
  it('OSR-2: H never rises above maximum H, whatever harm, healing, rest, casting and levels happen', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), modifier, fc.array(event, { maxLength: 30 }), (maxH, S, events) => {
        let c = character(maxH, S)
        for (const e of events) {
          c = happen(c, e).next
          expect(c.h).toBeLessThanOrEqual(c.maxH)
          expect(c.maxH).toBeGreaterThanOrEqual(0)
        }
      }),
    )
  })

  it('OSR-19: maximum H only falls through injury, and then by exactly the points newly below 0 (never past 0)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), modifier, fc.array(event, { maxLength: 30 }), (maxH, S, events) => {
        let c = character(maxH, S)
        for (const e of events) {
          const { next, throughInjury, newlyBelowZero } = happen(c, e)
          if (!throughInjury) expect(next.maxH).toBeGreaterThanOrEqual(c.maxH)
          else expect(next.maxH).toBe(Math.max(0, c.maxH - newlyBelowZero))
          c = next
        }
      }),
    )
  })

  it('OSR-7: speed per turn and per round is never negative and never rises with load', () => {
    fc.assert(
      fc.property(fc.constantFrom('open' as const, 'enclosed' as const), fc.double({ min: 0, max: 2000, noNaN: true }), fc.double({ min: 0, max: 100, noNaN: true }), (place, load, more) => {
        const now = speed({ place, loadLbs: load })
        const heavier = speed({ place, loadLbs: load + more })
        expect(now.perTurnFt).toBeGreaterThanOrEqual(0)
        expect(now.perRoundFt).toBeGreaterThanOrEqual(0)
        expect(heavier.perTurnFt).toBeLessThanOrEqual(now.perTurnFt)
      }),
    )
  })

  it('DICE-2: every odds function sums to 1', () => {
    const one = (odds: Record<string | number, number>) => expect(totalOf(odds)).toBeCloseTo(1, 12)
    fc.assert(
      fc.property(strikeInput, shotInput, fc.integer({ min: -15, max: 15 }), fc.integer({ min: 1, max: 25 }), (strike, shot, mod, target) => {
        const check = checkOdds({ modifier: mod, target })
        expect(check.success + check.failure).toBeCloseTo(1, 12)
        one(strikeOdds(strike).hits)
        one(strikeOdds(strike).totalHarm)
        one(harmOdds(strike))
        one(shotOdds(shot).harm)
        const save = saveOdds({ target: Math.min(20, Math.max(2, target)) })
        expect(save.saved + save.notSaved).toBeCloseTo(1, 12)
        const encounter = encounterOdds({ threshold: Math.min(20, target) })
        expect(encounter.encounter + encounter.none).toBeCloseTo(1, 12)
        one(reactionOdds({ spirit: mod }))
        const initiative = initiativeOdds({ first: { id: 'a', M: mod }, second: { id: 'b', M: strike.attackerB }, round: 2 })
        expect(initiative.firstActsFirst + initiative.together + initiative.secondActsFirst).toBeCloseTo(1, 12)
      }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 4 }), fc.constantFrom(2, 3, 6, 20), fc.integer({ min: 1, max: 50 }), fc.integer({ min: -3, max: 3 }), (count, sides, multiplier, bonus) => {
        one(diceExpressionOdds({ count, sides, multiplier, bonus }))
      }),
    )
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 12 }), fc.integer({ min: -6, max: 12 }), fc.integer({ min: 0, max: 10 }), (maxH, h, days) => {
        one(naturalHealingOdds({ h: Math.min(h, maxH), maxH }, { days }))
      }),
    )
    one(encounterDistanceOdds({ place: 'open' }))
  })

  it('DICE-2: whatever a strike or a shot rolls, its odds say it can happen', () => {
    fc.assert(
      fc.property(strikeInput, shotInput, fc.integer(), (strike, shot, seed) => {
        const dice = seededDice(seed)
        expect(strikeOdds(strike).totalHarm[rollStrike(dice, strike).totalHarm] ?? 0).toBeGreaterThan(0)
        expect(shotOdds(shot).harm[rollShot(dice, shot).harm?.harm ?? 0] ?? 0).toBeGreaterThan(0)
      }),
    )
  })

  it('DICE-3: a strike, a shot, a new character and a casting replay exactly from the faces they record', () => {
    fc.assert(
      fc.property(strikeInput, shotInput, fc.integer(), (strike, shot, seed) => {
        const first = rollStrike(remembering(seed), strike)
        expect(rollStrike(scriptedDice(first.faces), strike)).toEqual(first)
        const firstShot = rollShot(remembering(seed), shot)
        expect(rollShot(scriptedDice(firstShot.faces), shot)).toEqual(firstShot)
        const made = rollCharacter(remembering(seed), { name: 'Replay', allowance: 1, options: ['great vigour'] })
        expect(made.ok && rollCharacter(scriptedDice(made.faces), { name: 'Replay', allowance: 1, options: ['great vigour'] })).toEqual(made)
        const cast = { spell: sampleSpell('reveal-intent'), casterLevel: 3, modifier: 0, hardiness: { h: 5, maxH: 5 } }
        const firstCast = castSpell(remembering(seed), cast)
        expect(castSpell(scriptedDice(firstCast.faces), cast)).toEqual(firstCast)
      }),
    )
  })
})
