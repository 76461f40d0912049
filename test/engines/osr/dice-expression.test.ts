import { describe, expect, it } from 'vitest'
import { rollD2, rollD3, scriptedDice } from '../../../src/main/engines/dice'
import {
  diceExpressionOdds,
  formatDiceExpression,
  maximumOf,
  parseDiceExpression,
  rollDiceExpression,
  rollDie,
} from '../../../src/main/engines/osr'
import { totalOf } from './helpers'

describe("The seed's number notation", () => {
  it('reads plain numbers, dice, dice plus a number and dice times a number', () => {
    expect(parseDiceExpression('3')).toEqual({ count: 0, sides: 0, multiplier: 1, bonus: 3 })
    expect(parseDiceExpression('1d6+1')).toEqual({ count: 1, sides: 6, multiplier: 1, bonus: 1 })
    expect(parseDiceExpression('2d6 x 10')).toEqual({ count: 2, sides: 6, multiplier: 10, bonus: 0 })
    expect(parseDiceExpression('1D20×50')).toEqual({ count: 1, sides: 20, multiplier: 50, bonus: 0 })
    expect(formatDiceExpression(parseDiceExpression('2d6 x 10'))).toBe('2d6x10')
    expect(formatDiceExpression(parseDiceExpression('1d6-1'))).toBe('1d6-1')
  })

  it('refuses what it cannot read, saying how to write a number', () => {
    expect(() => parseDiceExpression('d6')).toThrow(/write a plain number \(3\), dice \(1d6\)/)
    expect(() => parseDiceExpression('0d6')).toThrow(/rolls no dice/)
  })

  it('DICE-1: 1d3 and 1d2 are rolled on a d6 and the d6 face is what is recorded', () => {
    for (let face = 1; face <= 6; face++) {
      // The same mapping as the dice module's rollD3 / rollD2.
      expect(rollDie(scriptedDice([face]), 3).value).toBe(rollD3(scriptedDice([face])))
      expect(rollDie(scriptedDice([face]), 2).value).toBe(rollD2(scriptedDice([face])))
    }
    expect(rollDie(scriptedDice([5]), 3)).toEqual({ face: 5, value: 3 })
    expect(rollDie(scriptedDice([4]), 2)).toEqual({ face: 4, value: 2 })
    expect(() => rollDie(scriptedDice([7]), 3)).toThrow(/not a face of a d6/)
  })

  it('DICE-3: a roll records every face in order', () => {
    expect(rollDiceExpression(scriptedDice([1, 6, 5]), parseDiceExpression('3d3x10+2'))).toEqual({ value: 72, faces: [1, 6, 5] })
  })

  it('DICE-2: exact odds of 2d6x10 and of 2d3, summing to 1', () => {
    const range = diceExpressionOdds(parseDiceExpression('2d6x10'))
    expect(range[70]).toBeCloseTo(6 / 36, 15)
    expect(range[20]).toBeCloseTo(1 / 36, 15)
    const twoD3 = diceExpressionOdds(parseDiceExpression('2d3'))
    const exact: Record<number, number> = { 2: 1 / 9, 3: 2 / 9, 4: 3 / 9, 5: 2 / 9, 6: 1 / 9 }
    expect(Object.keys(twoD3).map(Number)).toEqual([2, 3, 4, 5, 6])
    for (const [sum, p] of Object.entries(exact)) expect(twoD3[Number(sum)]).toBeCloseTo(p, 15)
    expect(totalOf(twoD3)).toBeCloseTo(1, 15)
    expect(maximumOf(parseDiceExpression('2d3'))).toBe(6)
  })
})
