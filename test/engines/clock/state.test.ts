import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import {
  addLight,
  advanceClock,
  checkClock,
  gameTime,
  lightUp,
  newClock,
  startCombat,
  type ClockState,
} from '../../../src/main/engines/clock'
import { allowed } from './helpers'

describe('CLK-1 … CLK-8: the clock state is plain data, checked before the clock moves it', () => {
  it('CLK-1, CLK-3: a new clock starts in exploration at the campaign\'s start, encounters on a 20 (OSR-9)', () => {
    expect(newClock()).toStrictEqual({
      time: 0,
      mode: 'exploration',
      combat: null,
      encounters: { threshold: 20, modifiers: [], place: 'enclosed' },
      lights: [],
      provisions: [],
      timers: [],
      injuries: [],
    })
  })

  it('CLK-2: a combat in progress survives a round trip through JSON exactly', () => {
    const combat = allowed(startCombat(newClock({ time: gameTime(1, '10:52') }), { roundSeconds: 20 })).state
    expect(JSON.parse(JSON.stringify(combat))).toStrictEqual(combat)
  })

  it('CLK-4, CLK-6, CLK-8: a damaged save is refused with every problem named, not advanced', () => {
    const torch = allowed(lightUp(allowed(addLight(newClock({ time: 1000 }), { id: 't', type: 'torch', holder: { character: 'Glam' } })).state, 't')).state
    const damaged: ClockState = {
      ...torch,
      time: 1000.5,
      mode: 'combat',
      lights: [{ ...torch.lights[0]!, burnSecondsLeft: 100 }, { ...torch.lights[0]!, burnSecondsLeft: 0 }],
      timers: [{ id: 'late', label: 'Too late', firesAt: 10, hiddenFromPlayers: false, repeatEverySeconds: null }],
      provisions: [{ characterId: 'Glam', foodDays: -2, waterPints: 1, foodPerDay: 1, waterPerDay: 1 }],
      injuries: [{ id: 'w', characterId: 'Tai', label: 'Wound', takenAt: 5000, ladder: null, recovery: { kind: 'milestones', milestones: [] } }],
    }
    expect(checkClock(damaged)).toEqual({
      ok: false,
      problems: [
        'The game time must be whole seconds, 0 or more; got 1000.5.',
        'A combat must be recorded exactly when the mode is combat.',
        'Two lights share the id "t".',
        'Light "t" is lit with a turn or less left but was never warned about.',
        'Light "t" is lit with nothing left to burn.',
        "Glam's food and water must be amounts of 0 or more.",
        'Timer "late" must fire at a whole second later than now.',
        'Injury "w" must be taken at a whole game time up to now.',
        'Injury "w" has no milestone left; it should have been cleared.',
      ],
    })
    expect(() => advanceClock({ ...damaged, mode: 'exploration' }, { turns: 1 }, scriptedDice([1]))).toThrow(/The clock's state cannot be advanced:\n- The game time must be whole seconds/)
  })
})
