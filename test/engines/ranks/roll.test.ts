import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { ABILITY_RANKS, RANKS, bandOf, colourOf, isFailure, rollRank, type Rank } from '../../../src/main/engines/ranks'

describe('RK-1: ranks and abilities', () => {
  it('ranks run Terrible … Legendary, low to high', () => {
    expect(RANKS).toEqual(['terrible', 'poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular', 'legendary'])
  })

  it('abilities are rated Poor to Spectacular; a roll on any other rank is refused', () => {
    expect(ABILITY_RANKS).toEqual(['poor', 'mediocre', 'fair', 'good', 'great', 'superb', 'spectacular'])
    expect(() => rollRank(scriptedDice([3, 3]), { ability: 'legendary' })).toThrow(/Poor to Spectacular, so it cannot be legendary/)
    expect(() => rollRank(scriptedDice([3, 3]), { ability: 'terrible' })).toThrow(/cannot be terrible/)
    expect(() => rollRank(scriptedDice([3, 3]), { ability: 'heroic' as Rank })).toThrow(/'heroic' is not a rank/)
  })
})

describe('RK-2: ability + d6 up − d6 down', () => {
  it('moves the ability up by the first die and down by the second', () => {
    const r = rollRank(scriptedDice([4, 2]), { ability: 'fair' })
    expect(r).toEqual({ ability: 'fair', up: 4, down: 2, result: 'great', colour: 'green' })
  })

  it('up 1, down 6 (the minimum) is always Terrible, even for a Spectacular ability', () => {
    expect(rollRank(scriptedDice([1, 6]), { ability: 'spectacular' }).result).toBe('terrible')
  })

  it('up 6, down 1 (the maximum) is always Legendary, even for a Poor ability', () => {
    expect(rollRank(scriptedDice([6, 1]), { ability: 'poor' }).result).toBe('legendary')
  })

  it('otherwise below Poor is Terrible and above Spectacular is Spectacular, never Legendary', () => {
    expect(rollRank(scriptedDice([1, 5]), { ability: 'fair' }).result).toBe('terrible') // 3 − 4 = −1
    expect(rollRank(scriptedDice([2, 4]), { ability: 'fair' }).result).toBe('poor') // 3 − 2 = 1
    expect(rollRank(scriptedDice([6, 2]), { ability: 'spectacular' }).result).toBe('spectacular') // 7 + 4
    expect(rollRank(scriptedDice([5, 1]), { ability: 'spectacular' }).result).toBe('spectacular')
  })

  it('equal dice leave the ability as it is', () => {
    for (const ability of ABILITY_RANKS) expect(rollRank(scriptedDice([3, 3]), { ability }).result).toBe(ability)
  })
})

describe('RK-3: bands and colours', () => {
  it('Terrible red; Poor and Mediocre red too (Decision); Fair yellow; Good, Great green; Superb, Spectacular blue; Legendary black', () => {
    expect(RANKS.map(colourOf)).toEqual(['red', 'red', 'red', 'yellow', 'green', 'green', 'blue', 'blue', 'black'])
  })

  it('groups results as disaster, failure, complicated, partial, victory and legendary', () => {
    expect(RANKS.map(bandOf)).toEqual([
      'disaster', 'failure', 'failure', 'complicated', 'partial', 'partial', 'victory', 'victory', 'legendary',
    ])
    expect(RANKS.filter(isFailure)).toEqual(['terrible', 'poor', 'mediocre'])
  })

  it('a roll carries the colour of its result', () => {
    expect(rollRank(scriptedDice([6, 1]), { ability: 'fair' }).colour).toBe('black')
    expect(rollRank(scriptedDice([1, 6]), { ability: 'fair' }).colour).toBe('red')
    expect(rollRank(scriptedDice([3, 3]), { ability: 'fair' }).colour).toBe('yellow')
  })
})
