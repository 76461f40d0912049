import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { borderlineChooser, rollBorderline, rollRank } from '../../../src/main/engines/ranks'

describe('RK-5: the optional borderline rule', () => {
  it('seed example: Inigo’s Fair Ferocity roll; his player picks Courage, and the Courage roll replaces it', () => {
    // Inigo's ranks are not given in the seed: Ferocity Good, Courage Great here.
    const ferocity = rollRank(scriptedDice([2, 3]), { ability: 'good' })
    expect(ferocity.result).toBe('fair')
    expect(borderlineChooser(ferocity.result)).toBe('player')
    const r = rollBorderline(scriptedDice([4, 2]), { roll: ferocity, rolledAbility: 'Ferocity', newAbility: 'Courage', rank: 'great' })
    if (!r.ok) throw new Error(r.reason)
    expect(r.chooser).toBe('player')
    expect(r.roll).toEqual({ ability: 'great', up: 4, down: 2, result: 'spectacular', colour: 'blue' })
    expect(r.replaced).toBe(ferocity)
  })

  it('on Mediocre the GM picks the ability, and the new roll stands even if it is worse', () => {
    const mediocre = rollRank(scriptedDice([1, 2]), { ability: 'fair' })
    expect(borderlineChooser(mediocre.result)).toBe('gm')
    const r = rollBorderline(scriptedDice([1, 6]), { roll: mediocre, rolledAbility: 'Daring', newAbility: 'Lore', rank: 'mediocre' })
    expect(r.ok && r.chooser).toBe('gm')
    expect(r.ok && r.roll.result).toBe('terrible')
  })

  it('only Fair and Mediocre are borderline', () => {
    expect(['terrible', 'poor', 'good', 'great', 'superb', 'spectacular', 'legendary'].map((r) => borderlineChooser(r as 'good'))).toEqual(
      [null, null, null, null, null, null, null],
    )
    const good = rollRank(scriptedDice([4, 3]), { ability: 'fair' })
    expect(borderlineChooser(good.result)).toBeNull()
    expect(rollBorderline(scriptedDice([3, 3]), { roll: good, rolledAbility: 'Daring', newAbility: 'Lore', rank: 'fair' })).toEqual({
      ok: false,
      reason: 'Only a Fair or Mediocre result is borderline; this one is good.',
    })
  })

  it('the new roll must use a different ability from the one that made the roll', () => {
    const fair = rollRank(scriptedDice([3, 3]), { ability: 'fair' })
    expect(rollBorderline(scriptedDice([3, 3]), { roll: fair, rolledAbility: 'Ferocity', newAbility: ' ferocity', rank: 'fair' })).toEqual({
      ok: false,
      reason: 'The new roll must use a different ability from Ferocity, which made this one.',
    })
  })
})
