import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { RUNGS, gmRuling, requireAsset, rollTask, stepRung, topRung } from '../../../src/main/engines/ladder'

describe('LAD-1: rungs and the two ladders', () => {
  it('LAD-1: orders the rungs terrible to improbable; the standard ladder ends at superb, the extended at improbable', () => {
    expect(RUNGS).toEqual(['terrible', 'poor', 'good', 'expert', 'superb', 'unprecedented', 'improbable'])
    expect(topRung()).toBe('superb')
    expect(topRung(true)).toBe('improbable')
  })

  it('LAD-1: assets are poor, good or expert; superb and unprecedented only on the extended ladder', () => {
    for (const a of ['poor', 'good', 'expert'] as const) expect(requireAsset(a)).toBe(a)
    expect(requireAsset('unprecedented', true)).toBe('unprecedented')
    expect(() => requireAsset('superb')).toThrow(/good, expert.*extended ladder.*got "superb"/)
    expect(() => requireAsset('terrible')).toThrow(/got "terrible".*no matching asset is rolled at poor/)
    expect(() => requireAsset('improbable', true)).toThrow(/got "improbable"/)
  })

  it('LAD-1: a task with no matching asset is rolled at poor (Tai giving first aid)', () => {
    // Seed: "At any other task not listed as an Asset … Tai is rated as 'Poor'."
    expect(rollTask(scriptedDice([3]), { asset: 'poor' })).toEqual({ result: 'poor', faces: [3] })
  })

  it('refuses an unknown rung and a rung above the ladder in use, naming what was wrong', () => {
    expect(() => rollTask(scriptedDice([3]), { asset: 'great' as never })).toThrow(/An asset must be one of the rungs .*got "great"/)
    expect(() => rollTask(scriptedDice([3]), { asset: 'good', difficulty: 'improbable' })).toThrow(
      /difficulty "improbable" is only on the extended ladder/,
    )
    expect(() => rollTask(scriptedDice([3]), { asset: 'good', wonky: 'sideways' as never })).toThrow(/wonky ladder is "good" or "bad".*sideways/)
  })
})

describe('LAD-2: the task roll and its chains', () => {
  it('LAD-2: faces 2 to 5 leave the asset rung and end the roll', () => {
    for (const f of [2, 3, 4, 5]) expect(rollTask(scriptedDice([f]), { asset: 'good' })).toEqual({ result: 'good', faces: [f] })
  })

  it('LAD-2: a 6 steps up and rolls again; only another 6 goes on (a 1 on the re-roll does not step down)', () => {
    expect(rollTask(scriptedDice([6, 1]), { asset: 'good' })).toEqual({ result: 'expert', faces: [6, 1] })
    expect(rollTask(scriptedDice([6, 6, 4]), { asset: 'poor' })).toEqual({ result: 'expert', faces: [6, 6, 4] })
  })

  it('LAD-2: a 1 steps down and rolls again; only another 1 goes on (a 6 on the re-roll does not step up)', () => {
    expect(rollTask(scriptedDice([1, 6]), { asset: 'expert' })).toEqual({ result: 'good', faces: [1, 6] })
    expect(rollTask(scriptedDice([1, 1, 5]), { asset: 'superb', extended: true })).toEqual({ result: 'good', faces: [1, 1, 5] })
  })

  it('seed: "a Poor Asset may produce an Expert, and sometimes even a Superb!, result"', () => {
    expect(rollTask(scriptedDice([6, 6, 6]), { asset: 'poor' }).result).toBe('superb')
  })
})

describe('LAD-3: results stay on the ladder in use', () => {
  it('LAD-3: an expert chain of 6s stops at superb on the standard ladder, with no roll beyond it', () => {
    const dice = scriptedDice([6, 6, 6])
    expect(rollTask(dice, { asset: 'expert' })).toEqual({ result: 'superb', faces: [6] })
    expect(dice.remaining).toBe(2)
  })

  it('LAD-3: the same chain climbs to improbable on the extended ladder, then stops', () => {
    expect(rollTask(scriptedDice([6, 6, 6, 6]), { asset: 'expert', extended: true })).toEqual({ result: 'improbable', faces: [6, 6, 6] })
  })

  it('LAD-3: a chain of 1s stops at terrible, never below', () => {
    const dice = scriptedDice([1, 1, 1, 1])
    expect(rollTask(dice, { asset: 'good' })).toEqual({ result: 'terrible', faces: [1, 1] })
    expect(dice.remaining).toBe(2)
  })
})

describe('LAD-4: success against the GM\'s difficulty', () => {
  it('LAD-4: succeeds when the result equals or exceeds the difficulty, fails below it', () => {
    expect(rollTask(scriptedDice([3]), { asset: 'good', difficulty: 'good' }).success).toBe(true)
    expect(rollTask(scriptedDice([3]), { asset: 'good', difficulty: 'expert' }).success).toBe(false)
    expect(rollTask(scriptedDice([1, 3]), { asset: 'good', difficulty: 'good' }).success).toBe(false)
  })

  it('LAD-4: success is only reported when a difficulty was set', () => {
    expect(rollTask(scriptedDice([3]), { asset: 'good' })).not.toHaveProperty('success')
  })

  it('LAD-4: the GM can record an automatic success or failure with no roll (even a poor pilot can land a plane)', () => {
    expect(gmRuling(true, 'even a poor pilot can land a plane')).toEqual({ success: true, reason: 'even a poor pilot can land a plane', faces: [] })
    expect(gmRuling(false, 'no one can lift a tank').success).toBe(false)
    expect(() => gmRuling(true, '  ')).toThrow(/Say why/)
  })

  it("seed: Tai reads the number plate — Expert eyesight, difficulty Good, rolls 5 → Expert, success", () => {
    expect(rollTask(scriptedDice([5]), { asset: 'expert', difficulty: 'good' })).toEqual({ result: 'expert', faces: [5], success: true })
  })

  it('seed: Tai hides from the chopper — Poor at hiding, difficulty Expert, rolls 6 then 6 → Expert, success', () => {
    // The seed narrates two 6s and stops; by its own rule ("another '6' is rolled, roll again") a third roll
    // follows, which ends the chain on any face but 6. Every such face leaves Tai hiding like an Expert.
    for (const third of [1, 2, 3, 4, 5]) {
      expect(rollTask(scriptedDice([6, 6, third]), { asset: 'poor', difficulty: 'expert' })).toEqual({
        result: 'expert',
        faces: [6, 6, third],
        success: true,
      })
    }
  })

  it("seed: a good shot tries for the fuel tank, which takes an expert shot — a 6 does it, a 4 does not", () => {
    expect(rollTask(scriptedDice([6, 2]), { asset: 'good', difficulty: 'expert' }).success).toBe(true)
    expect(rollTask(scriptedDice([4]), { asset: 'good', difficulty: 'expert' }).success).toBe(false)
  })
})

describe('LAD-5: wonky ladders', () => {
  it("seed: the Duke of Alsace's cavalry — Good persuasion, needs Expert, a good wonky ladder succeeds on a 5 or a 6", () => {
    const duke = { asset: 'good', difficulty: 'expert', wonky: 'good' } as const
    expect(rollTask(scriptedDice([5, 3]), duke)).toEqual({ result: 'expert', faces: [5, 3], success: true })
    expect(rollTask(scriptedDice([6, 4]), duke)).toEqual({ result: 'expert', faces: [6, 4], success: true })
    for (const f of [1, 2, 3, 4]) expect(rollTask(scriptedDice([f, 3]), duke).success).toBe(false)
  })

  it('LAD-5 Decision: a good wonky chain goes on on a 5 as well as a 6', () => {
    expect(rollTask(scriptedDice([5, 5]), { asset: 'good', wonky: 'good' })).toEqual({ result: 'superb', faces: [5, 5] })
    expect(rollTask(scriptedDice([5, 5, 4]), { asset: 'poor', wonky: 'good' })).toEqual({ result: 'expert', faces: [5, 5, 4] })
    expect(rollTask(scriptedDice([5, 4]), { asset: 'poor' })).toEqual({ result: 'poor', faces: [5] })
  })

  it('seed: persuading a Chinese gangster with a hatred of all Chinese — a bad wonky ladder steps down on a 2', () => {
    expect(rollTask(scriptedDice([2, 3]), { asset: 'good', wonky: 'bad' })).toEqual({ result: 'poor', faces: [2, 3] })
    expect(rollTask(scriptedDice([2]), { asset: 'good' })).toEqual({ result: 'good', faces: [2] })
  })

  it('LAD-5 Decision: a bad wonky chain goes on on a 2 as well as a 1; the step-up face stays 6', () => {
    expect(rollTask(scriptedDice([2, 1]), { asset: 'good', wonky: 'bad' })).toEqual({ result: 'terrible', faces: [2, 1] })
    expect(rollTask(scriptedDice([5]), { asset: 'good', wonky: 'bad' })).toEqual({ result: 'good', faces: [5] })
    expect(rollTask(scriptedDice([6, 5]), { asset: 'good', wonky: 'bad' })).toEqual({ result: 'expert', faces: [6, 5] })
  })

  it('LAD-3: stepRung never leaves the ladder in use', () => {
    expect(stepRung('expert', 3)).toBe('superb')
    expect(stepRung('expert', 3, true)).toBe('improbable')
    expect(stepRung('poor', -4)).toBe('terrible')
  })
})
