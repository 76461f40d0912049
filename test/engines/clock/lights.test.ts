import { describe, expect, it } from 'vitest'
import { scriptedDice } from '../../../src/main/engines/dice'
import { LIGHT_SOURCES, rollCheck } from '../../../src/main/engines/osr'
import {
  addLight,
  advanceClock,
  clockRulesFor,
  darkness,
  DEFAULT_LANTERN_PINTS,
  douse,
  gameTime,
  handOver,
  lightUp,
  newClock,
  oilPints,
  refillLantern,
  removeLight,
  setMode,
  topUpLantern,
  type ClockState,
  type LightNamer,
} from '../../../src/main/engines/clock'
import { allowed, refusal } from './helpers'

const downtime = (): ClockState => allowed(setMode(newClock({ time: gameTime(1, '08:00') }), 'downtime')).state
const withLight = (state: ClockState, id: string, type: string, extra: object = {}): ClockState =>
  allowed(addLight(state, { id, type, holder: { character: 'Glam' }, ...extra })).state
const lit = (state: ClockState, id: string): ClockState => allowed(lightUp(state, id)).state
const advance = (state: ClockState, span: Parameters<typeof advanceClock>[1]) => allowed(advanceClock(state, span, scriptedDice([])))

describe('CLK-4: lights burn only while lit, by game time (OSR-8)', () => {
  it('CLK-4: a torch burns 1 hour and a candle 5, from the campaign\'s light sources', () => {
    const both = lit(lit(withLight(withLight(downtime(), 'torch', 'torch'), 'candle', 'candle'), 'torch'), 'candle')
    expect(both.lights.map((l) => l.burnSecondsLeft)).toEqual([LIGHT_SOURCES.torch.burnMinutes! * 60, LIGHT_SOURCES.candle.burnMinutes! * 60])
    const day = advance(both, { hours: 6 })
    expect(day.events.filter((e) => e.kind === 'light out').map((e) => [e.at, e.type])).toEqual([
      [gameTime(1, '09:00'), 'torch'],
      [gameTime(1, '13:00'), 'candle'],
    ])
  })

  it('CLK-4: a doused torch keeps what it has left and burns on when lit again', () => {
    const burning = advance(lit(withLight(downtime(), 't', 'torch'), 't'), { minutes: 20 }).state
    const doused = allowed(douse(burning, 't')).state
    const later = advance(doused, { hours: 3 })
    expect(later.events).toEqual([])
    expect(later.state.lights[0]).toMatchObject({ lit: false, burnSecondsLeft: 40 * 60 })
    const again = advance(lit(later.state, 't'), { hours: 1 })
    expect(again.events.map((e) => [e.kind, e.at - later.state.time])).toEqual([
      ['light warning', 35 * 60],
      ['light out', 40 * 60],
    ])
  })

  it('CLK-4: the warning comes once, with one turn left; a torch lit with less than a turn left warns at once', () => {
    const burning = advance(lit(withLight(downtime(), 't', 'torch'), 't'), { minutes: 57 })
    expect(burning.events.map((e) => e.kind)).toEqual(['light warning'])
    const relit = allowed(lightUp(allowed(douse(burning.state, 't')).state, 't'))
    expect(relit.events).toEqual([])
    const fresh = withLight(downtime(), 'stub', 'candle')
    const stub: ClockState = { ...fresh, lights: [{ ...fresh.lights[0]!, burnSecondsLeft: 120 }] }
    expect(allowed(lightUp(stub, 'stub')).events).toEqual([
      { kind: 'light warning', at: gameTime(1, '08:00'), faces: [], lightId: 'stub', type: 'candle', holder: { character: 'Glam' }, secondsLeft: 120 },
    ])
  })

  it('CLK-4: a burnt-out torch cannot be lit again; an empty lantern must be refilled first', () => {
    const out = advance(lit(withLight(downtime(), 't', 'torch'), 't'), { hours: 2 }).state
    expect(refusal(lightUp(out, 't'))).toBe('The torch "t" is burnt out and cannot be lit again.')
    const lantern = withLight(downtime(), 'l', 'lantern')
    expect(refusal(lightUp(lantern, 'l'))).toBe('The lantern "l" has no oil: refill it first.')
    expect(refusal(lightUp(lit(withLight(downtime(), 't', 'torch'), 't'), 't'))).toBe('The torch "t" is already lit.')
    expect(refusal(douse(withLight(downtime(), 't', 'torch'), 't'))).toBe('The torch "t" is not lit.')
    expect(refusal(lightUp(downtime(), 'nothing'))).toBe('There is no light "nothing" on the clock.')
  })
})

describe('CLK-4: a lantern holds oil in pints, each pint 5 hours', () => {
  it(`CLK-4: a lantern holds ${DEFAULT_LANTERN_PINTS} pint unless the campaign says more; a refill pours a pint`, () => {
    const lantern = withLight(downtime(), 'l', 'lantern')
    const filled = allowed(refillLantern(lantern, 'l')).state
    expect(filled.lights[0]).toMatchObject({ burnSecondsLeft: 5 * 3600, fuel: { secondsPerPint: 18_000, capacityPints: 1 } })
    expect(oilPints(filled.lights[0]!)).toBe(1)
    const fourHours = advance(lit(filled, 'l'), { hours: 4 }).state
    expect(oilPints(fourHours.lights[0]!)).toBeCloseTo(0.2, 12)
    expect(refusal(refillLantern(fourHours, 'l'))).toBe('The lantern "l" holds 1 pint and has 0.2 pints in it: there is room for 0.8 pints, not 1 pint.')
    expect(allowed(refillLantern(fourHours, 'l', { pints: 0.8 })).state.lights[0]?.burnSecondsLeft).toBe(18_000)
  })

  it('CLK-4: a refill above one turn left clears the warning, so the lantern warns again before it goes out', () => {
    const lantern = lit(withLight(downtime(), 'l', 'lantern', { pints: 1 }), 'l')
    const low = advance(lantern, { minutes: 298 })
    expect(low.events.map((e) => e.kind)).toEqual(['light warning'])
    const topped = allowed(refillLantern(low.state, 'l', { pints: 0.5 })).state
    expect(topped.lights[0]).toMatchObject({ lit: true, warned: false, burnSecondsLeft: 9120 })
    expect(advance(topped, { hours: 3 }).events.map((e) => [e.kind, e.at - topped.time])).toEqual([
      ['light warning', 8820],
      ['light out', 9120],
    ])
  })

  it('CLK-4: refuses oil for a torch, nothing to pour, and pints that are not whole seconds of burning', () => {
    const both = withLight(withLight(downtime(), 't', 'torch'), 'l', 'lantern')
    expect(refusal(refillLantern(both, 't'))).toBe('The torch "t" takes no oil; only a lantern is refilled.')
    expect(refusal(refillLantern(both, 'l', { pints: 0 }))).toBe('A refill pours some oil; 0 pints is nothing to pour.')
    expect(refusal(refillLantern(both, 'l', { pints: 1 / 7 }))).toMatch(/^Oil is poured in pints that come to whole seconds of burning/)
    expect(refusal(addLight(both, { id: 'x', type: 'torch', holder: { character: 'Glam' }, pints: 1 }))).toBe('A torch takes no oil; only a lantern holds pints.')
  })
})

describe('CLK-4: the GM adds, hands over and removes lights', () => {
  it('CLK-4: an electric lamp has no burn time in the data (OSR-8): the GM must give one', () => {
    expect(refusal(addLight(downtime(), { id: 'e', type: 'electric lamp', holder: { character: 'Ada' } }))).toBe(
      'The electric lamp has no burn time in the campaign\'s list: the GM must set one (burnMinutes).',
    )
    const lamp = allowed(addLight(downtime(), { id: 'e', type: 'electric lamp', holder: { character: 'Ada' }, burnMinutes: 600 })).state
    expect(lamp.lights[0]).toMatchObject({ burnSecondsLeft: 36_000, fuel: null })
  })

  it('CLK-4: refuses an unknown source, a repeated id and a nameless holder', () => {
    expect(refusal(addLight(downtime(), { id: 'x', type: 'glowworm', holder: { character: 'Glam' } }))).toBe(
      '"glowworm" is not a light source the campaign knows (candle, torch, lantern, electric lamp); give its definition.',
    )
    expect(refusal(addLight(withLight(downtime(), 't', 'torch'), { id: 't', type: 'torch', holder: { character: 'Glam' } }))).toMatch(/already a light "t"/)
    expect(refusal(addLight(downtime(), { id: 't', type: 'torch', holder: { character: ' ' } }))).toMatch(/named character or stand at a named location/)
  })

  it('CLK-4: a lit torch handed over stays lit and burns on; setting it down is a hand-over to a location', () => {
    const state = lit(withLight(downtime(), 't', 'torch'), 't')
    const passed = allowed(handOver(state, 't', { character: 'Brannoc' })).state
    expect(passed.lights[0]).toMatchObject({ holder: { character: 'Brannoc' }, lit: true })
    expect(refusal(handOver(passed, 't', { character: 'Brannoc' }))).toBe('Brannoc already has the torch "t".')
    const down = allowed(handOver(passed, 't', { location: 'the well' })).state
    expect(advance(down, { hours: 1 }).events.map((e) => e.kind === 'light out' && e.holder)).toContainEqual({ location: 'the well' })
    expect(allowed(removeLight(down, 't')).state.lights).toEqual([])
  })

  it('CLK-4, OSR-8: with no light lit the party is in darkness, −5 to actions', () => {
    const state = withLight(downtime(), 't', 'torch')
    expect(darkness(state)).toEqual({ dark: true, modifier: -5, litLights: [] })
    expect(rollCheck(scriptedDice([12]), { modifier: darkness(state).modifier ?? 0 }).success).toBe(false)
    const burning = lit(state, 't')
    expect(darkness(burning)).toEqual({ dark: false, modifier: 0, litLights: ['t'] })
    expect(darkness(advance(burning, { hours: 1 }).state).dark).toBe(true)
  })
})

describe('CLK-4 Decision: darkness in every system, its −5 only in osr', () => {
  it('CLK-4: darkness is shown in all five systems; only an osr campaign gives it a number (OSR-8)', () => {
    const state = withLight(downtime(), 't', 'torch')
    expect(['osr', 'ladder', 'lode', 'challenge', 'ranks'].map((system) => [system, darkness(state, system)])).toEqual([
      ['osr', { dark: true, modifier: -5, litLights: [] }],
      ['ladder', { dark: true, modifier: null, litLights: [] }],
      ['lode', { dark: true, modifier: null, litLights: [] }],
      ['challenge', { dark: true, modifier: null, litLights: [] }],
      ['ranks', { dark: true, modifier: null, litLights: [] }],
    ])
    expect(darkness(lit(state, 't'), 'ranks')).toEqual({ dark: false, modifier: null, litLights: ['t'] })
  })

  it('CLK-4: OSR-7 speed and OSR-13 reaction by S are the osr campaign’s; elsewhere the reaction is a plain d6', () => {
    expect(clockRulesFor('osr')).toEqual({ darknessModifier: -5, reaction: 'd6 + S', speedPerTurn: true })
    for (const system of ['ladder', 'lode', 'challenge', 'ranks']) expect(clockRulesFor(system)).toEqual({ darknessModifier: null, reaction: 'd6', speedPerTurn: false })
  })
})

describe('CLK-4: filling a lantern, and refusals that name it as the GM does', () => {
  const named: LightNamer = (light, article) => ('character' in light.holder ? `${light.holder.character}’s ${light.type} “Old brass”` : `${article} ${light.type}`)

  it('CLK-4: a lantern burnt for 2 h 30 min takes half a pint from a flask; a full one takes none', () => {
    const state = lit(withLight(downtime(), 'lantern', 'lantern', { pints: 1 }), 'lantern')
    const burnt = advance(state, { minutes: 150 }).state
    const topped = allowed(topUpLantern(burnt, 'lantern'))
    expect(topped.pints).toBe(0.5)
    expect(oilPints(topped.state.lights[0]!)).toBe(1)
    expect(refusal(topUpLantern(topped.state, 'lantern', { named }))).toBe('Glam’s lantern “Old brass” is full (1 pint): there is no room for more oil.')
    expect(refusal(topUpLantern(withLight(downtime(), 't', 'torch'), 't'))).toBe('The torch "t" takes no oil; only a lantern is refilled.')
  })

  it('CLK-4: an empty lantern is named by its name and carrier, not its id, when it cannot be lit', () => {
    const empty = withLight(downtime(), 'item-37', 'lantern', { pints: 0 })
    expect(refusal(lightUp(empty, 'item-37', named))).toBe('Glam’s lantern “Old brass” has no oil: refill it first.')
    expect(refusal(douse(empty, 'item-37', named))).toBe('Glam’s lantern “Old brass” is not lit.')
    expect(refusal(handOver(empty, 'item-37', { character: 'Glam' }, named))).toBe('Glam already has Glam’s lantern “Old brass”.')
  })
})
