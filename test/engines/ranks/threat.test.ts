import { describe, expect, it } from 'vitest'
import {
  RANKS,
  checkAction,
  closeAdventure,
  createDanger,
  dangerFacing,
  dangerOutcome,
  dealWithDanger,
  startThreat,
  type ThreatState,
} from '../../../src/main/engines/ranks'

function ok<T extends { ok: boolean }>(r: T): Extract<T, { ok: true }> {
  if (!r.ok) throw new Error(JSON.stringify(r))
  return r as Extract<T, { ok: true }>
}

/** The seed's scene: three PCs rush to save the cultist's victim; the GM spends three Threat on minions. */
function minionsScene(): ThreatState {
  let state = ok(startThreat({ characters: 3, perCharacter: 3 })).state
  for (const pc of ['Alexis', 'Georgia', 'Sam']) state = ok(createDanger(state, { facing: pc, description: `minions swarming ${pc}` })).state
  return state
}

describe('RK-7: Threat and Dangers', () => {
  it('the GM has 3 to 15 Threat per player character for the session', () => {
    expect(ok(startThreat({ characters: 4, perCharacter: 3 })).state.threat).toBe(12)
    expect(ok(startThreat({ characters: 1, perCharacter: 15 })).state.threat).toBe(15)
    expect(startThreat({ characters: 3, perCharacter: 2 })).toEqual({
      ok: false,
      reason: 'Threat per player character is a whole number from 3 to 15; got 2.',
    })
    expect(startThreat({ characters: 3, perCharacter: 16 }).ok).toBe(false)
    expect(startThreat({ characters: 0, perCharacter: 3 }).ok).toBe(false)
  })

  it('seed example: three Threat buys minions swarming each of the three PCs', () => {
    const state = minionsScene()
    expect(state.threat).toBe(6)
    expect(state.dangers.map((d) => d.facing)).toEqual(['Alexis', 'Georgia', 'Sam'])
  })

  it('a character never faces two Dangers at once', () => {
    const state = minionsScene()
    expect(createDanger(state, { facing: 'Georgia', description: 'the cultist’s dark powers' })).toEqual({
      ok: false,
      reason: 'Georgia already faces a Danger (minions swarming Georgia); a character never faces two at once.',
    })
  })

  it('spending Threat the GM does not have is refused', () => {
    const state = ok(startThreat({ characters: 1, perCharacter: 3 })).state
    expect(createDanger(state, { facing: 'Sam', description: 'a rockslide', threat: 4 })).toEqual({
      ok: false,
      reason: 'This Danger costs 4 Threat, but only 3 is left.',
    })
    expect(createDanger(state, { facing: 'Sam', description: 'a rockslide', threat: 0 }).ok).toBe(false)
  })

  it('a character facing a Danger must deal with it before its own Action', () => {
    const state = minionsScene()
    expect(checkAction(state, 'Georgia')).toEqual({
      ok: false,
      reason: 'Georgia faces a Danger (minions swarming Georgia) and must deal with it before their own Action.',
    })
  })

  it('seed example: Alexis beats his minions, then deals with Georgia’s, freeing her to act', () => {
    let state = minionsScene()
    const own = ok(dealWithDanger(state, { dangerId: 1, by: 'Alexis', result: 'great' }))
    state = own.state
    expect(dangerFacing(state, 'Alexis')).toBeUndefined()
    const help = ok(dealWithDanger(state, { dangerId: 2, by: 'Alexis', result: 'superb' }))
    expect(help.removed).toBe(true)
    expect(help.harmTo).toBeNull()
    expect(checkAction(help.state, 'Georgia')).toEqual({ ok: true })
    expect(checkAction(help.state, 'Sam').ok).toBe(false)
  })

  it('anyone may deal with a Danger, but not while facing one of their own', () => {
    const state = minionsScene()
    expect(dealWithDanger(state, { dangerId: 2, by: 'Sam', result: 'good' })).toEqual({
      ok: false,
      reason: "Sam faces a Danger of their own (minions swarming Sam) and must deal with it before anyone else's.",
    })
    expect(dealWithDanger(state, { dangerId: 9, by: 'Sam', result: 'good' })).toMatchObject({ ok: false, reason: 'There is no Danger number 9 in play.' })
  })

  it('an adventure cannot close while Threat remains', () => {
    expect(closeAdventure(minionsScene())).toEqual({
      ok: false,
      reason: '6 Threat remains: the GM must spend it on Dangers before the adventure can close.',
    })
    expect(closeAdventure({ threat: 0, dangers: [], nextDangerId: 1 })).toEqual({ ok: true })
  })
})

describe('RK-8: facing a Danger', () => {
  it('red: Harm and the Danger stays; Fair (yellow): removed with Harm; green or better: removed, no Harm', () => {
    expect(RANKS.map((r) => [r, dangerOutcome(r)])).toEqual([
      ['terrible', { removed: false, harm: true }],
      ['poor', { removed: false, harm: true }],
      ['mediocre', { removed: false, harm: true }],
      ['fair', { removed: true, harm: true }],
      ['good', { removed: true, harm: false }],
      ['great', { removed: true, harm: false }],
      ['superb', { removed: true, harm: false }],
      ['spectacular', { removed: true, harm: false }],
      ['legendary', { removed: true, harm: false }],
    ])
  })

  it('a red result leaves the Danger in play and Harm for the one who rolled; the log says so', () => {
    const r = ok(dealWithDanger(minionsScene(), { dangerId: 3, by: 'Sam', result: 'poor' }))
    expect(r.removed).toBe(false)
    expect(r.harmTo).toBe('Sam')
    expect(dangerFacing(r.state, 'Sam')).toBeDefined()
    expect(r.report).toBe('Sam rolled poor (red) against minions swarming Sam: the Danger stays, and Sam takes Harm.')
  })

  it('a Fair result removes the Danger but still brings Harm', () => {
    const r = ok(dealWithDanger(minionsScene(), { dangerId: 3, by: 'Sam', result: 'fair' }))
    expect(r.removed).toBe(true)
    expect(r.harmTo).toBe('Sam')
    expect(dangerFacing(r.state, 'Sam')).toBeUndefined()
  })
})
