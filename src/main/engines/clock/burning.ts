/**
 * Lights burning (CLK-4, OSR-8): only while lit, by game time; a warning with one turn left, a log
 * entry when one goes out, and darkness (−5) when none is lit.
 */
import type { ClockEvent } from './events'
import { changeLight, lightName, WARNING_SECONDS, type LightNamer } from './lights'
import { refuse, type Refusable } from './refusal'
import type { ClockState, LightState } from './state'
import { clockRulesFor } from './systems'

/**
 * Lights a light source (CLK-4). One lit with a turn or less left warns at once.
 * @example lightUp(clock, 't1') // { ok: true, state: …, events: [] }
 */
export function lightUp(state: ClockState, id: string, named: LightNamer = lightName): Refusable<{ state: ClockState; events: ClockEvent[] }> {
  return changeLight(state, id, (light, now) => {
    if (light.lit) return refuse(`${named(light, 'The')} is already lit.`)
    if (light.burnSecondsLeft === 0) {
      return refuse(light.fuel ? `${named(light, 'The')} has no oil: refill it first.` : `${named(light, 'The')} is burnt out and cannot be lit again.`)
    }
    const lit = { ...light, lit: true }
    if (light.warned || light.burnSecondsLeft > WARNING_SECONDS) return { ok: true, light: lit }
    return { ok: true, light: { ...lit, warned: true }, events: [warningEvent(lit, now, lit.burnSecondsLeft)] }
  })
}

/**
 * Douses a lit light (CLK-4): it stops burning and keeps what it has left.
 * @example douse(clock, 't1').ok // false when the torch is not lit
 */
export function douse(state: ClockState, id: string, named: LightNamer = lightName): Refusable<{ state: ClockState }> {
  return changeLight(state, id, (light) => (light.lit ? { ok: true, light: { ...light, lit: false } } : refuse(`${named(light, 'The')} is not lit.`)))
}

/**
 * Whether the party is in darkness (CLK-4, OSR-8): no light lit means −5 to actions in an `osr`
 * campaign; in the other systems darkness has no number (CLK-4's Decision, `systems.ts`).
 * @example darkness(clock) // { dark: true, modifier: -5, litLights: [] }
 * @example darkness(clock, 'ladder') // { dark: true, modifier: null, litLights: [] }
 */
export function darkness(state: ClockState, system = 'osr'): { dark: boolean; modifier: number | null; litLights: string[] } {
  const litLights = state.lights.filter((l) => l.lit).map((l) => l.id)
  const dark = litLights.length === 0
  const modifier = clockRulesFor(system).darknessModifier
  return { dark, modifier: modifier === null ? null : dark ? modifier : 0, litLights }
}

/**
 * The warning for a light with one turn (or less) left (CLK-4).
 * @example warningEvent(torch, 39300, 300).kind // 'light warning'
 */
export function warningEvent(light: LightState, at: number, secondsLeft: number): ClockEvent {
  return { kind: 'light warning', at, faces: [], lightId: light.id, type: light.type, holder: light.holder, secondsLeft }
}

/**
 * When a light burning from `from` warns and goes out (CLK-4); null for what will not happen.
 * @example burnSchedule(freshTorchLit, 0) // { warnAt: 3300, outAt: 3600 }
 */
export function burnSchedule(light: LightState, from: number): { warnAt: number | null; outAt: number | null } {
  if (!light.lit) return { warnAt: null, outAt: null }
  const warnAt = !light.warned && light.burnSecondsLeft > WARNING_SECONDS ? from + light.burnSecondsLeft - WARNING_SECONDS : null
  return { warnAt, outAt: from + light.burnSecondsLeft }
}
