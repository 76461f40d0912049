import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { checkPoolInput, halfmagicLevel, labelFor, poolSize, rollPool } from '../../../src/main/engines/lode'

describe('LODE-1: the pool is Base Dice + advantages − disadvantages + Energy', () => {
  it('seed example: BD −2 with five advantages rolls 3 dice: 6, 4, 1, then the 6 explodes into a 5 → 3 successes', () => {
    const dice = scriptedDice([6, 4, 1, 5])
    const r = rollPool(dice, { baseDice: -2, advantages: 5 })
    expect(r.pool).toBe(3)
    expect(r.rolled).toEqual([6, 4, 1])
    expect(r.explosions).toEqual([5])
    expect(r.successes).toBe(3)
    expect(r.label).toBe('solid')
    expect(dice.remaining).toBe(0)
  })

  it('counts disadvantages and Energy dice', () => {
    expect(poolSize({ baseDice: 2, advantages: 3, disadvantages: 1, energy: 2 })).toBe(6)
    const r = rollPool(scriptedDice([1, 2, 3, 1, 2, 3]), { baseDice: 2, advantages: 3, disadvantages: 1, energy: 2 })
    expect(r.rolled).toHaveLength(6)
  })

  it('a pool of 0 or less rolls nothing and is a failure, not a fumble', () => {
    for (const input of [{ baseDice: 0 }, { baseDice: -2, advantages: 1 }, { baseDice: 2, disadvantages: 3 }]) {
      // scripted dice with no faces would throw if a single die were asked for
      const r = rollPool(scriptedDice([]), input)
      expect(r).toMatchObject({ rolled: [], faces: [], explosions: [], successes: 0, fumble: false, label: 'failure', halfmagic: 0 })
      expect(r.pool).toBeLessThanOrEqual(0)
    }
  })

  it('refuses a broken request, naming every problem', () => {
    const checked = checkPoolInput({ baseDice: 1.5, advantages: -1, curse: 0.5, web: 12 })
    expect(checked.ok).toBe(false)
    if (!checked.ok) {
      expect(checked.problems).toHaveLength(4)
      expect(checked.problems.join(' ')).toMatch(/Base Dice.*1\.5.*Advantages.*-1.*Curse.*0\.5.*Web.*6 to 9.*12/)
    }
    expect(() => rollPool(scriptedDice([]), { baseDice: 2, disadvantages: -1 })).toThrow(/Disadvantages must be a whole number, 0 or more; got -1/)
  })
})

describe('LODE-2: 4, 5 and 6 succeed; every 6 explodes for as long as 6s come', () => {
  it('counts 4–6 as successes and 1–3 as failures', () => {
    expect(rollPool(scriptedDice([1, 2, 3, 4, 5]), { baseDice: 5 }).successes).toBe(2)
  })

  it('a chain of 6s keeps rolling: 6 → 6 → 6 → 2 is 3 successes from one die', () => {
    const r = rollPool(scriptedDice([6, 6, 6, 2]), { baseDice: 1 })
    expect(r.explosions).toEqual([6, 6, 2])
    expect(r.successes).toBe(3)
  })

  it('two 6s each add a die, and a 6 among the extra dice adds another', () => {
    const r = rollPool(scriptedDice([6, 3, 6, 6, 1, 4]), { baseDice: 3 })
    expect(r.explosions).toEqual([6, 1, 4])
    expect(r.successes).toBe(2 + 2)
  })
})

describe('LODE-3: a fumble is every original die showing 1', () => {
  it('all 1s fumble', () => {
    expect(rollPool(scriptedDice([1, 1, 1]), { baseDice: 3 }).fumble).toBe(true)
  })

  it('one die off 1 is an ordinary failure', () => {
    expect(rollPool(scriptedDice([1, 2, 1]), { baseDice: 3 }).fumble).toBe(false)
  })

  it('1s among the extra dice of an explosion do not make a fumble', () => {
    const r = rollPool(scriptedDice([6, 1]), { baseDice: 1 })
    expect(r.fumble).toBe(false)
    expect(r.successes).toBe(1)
  })
})

describe('LODE-5: labels by successes', () => {
  it('0 failure … 6+ astonishing', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 14].map(labelFor)).toEqual([
      'failure', 'marginal', 'adequate', 'solid', 'impressive', 'exceptional', 'astonishing', 'astonishing',
    ])
  })
})

describe('LODE-6: Halfmagic when successes reach the Web', () => {
  it('seed example: at Web 9, 11 successes is Halfmagic level 3', () => {
    expect(halfmagicLevel(11, 9)).toBe(3)
  })

  it('8 successes at the default Web 9 is no Halfmagic; 9 is level 1', () => {
    const eight = rollPool(scriptedDice([4, 4, 4, 4, 4, 4, 4, 4]), { baseDice: 8 })
    expect(eight.halfmagic).toBe(0)
    const nine = rollPool(scriptedDice([4, 4, 4, 4, 4, 4, 4, 4, 4]), { baseDice: 9 })
    expect(nine.halfmagic).toBe(1)
  })

  it('when the Web falls to 6, six successes are Halfmagic', () => {
    const r = rollPool(scriptedDice([5, 5, 5, 5, 5, 6, 1]), { baseDice: 6, web: 6 })
    expect(r.successes).toBe(6)
    expect(r.halfmagic).toBe(1)
    expect(rollPool(scriptedDice([5, 5, 5, 5, 5, 6, 1]), { baseDice: 6 }).halfmagic).toBe(0)
  })
})
