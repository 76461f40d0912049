/**
 * Light sources on the clock (CLK-4, OSR-8): the GM adds them, hands them over, refills lanterns
 * (a pint of oil, 5 hours) and takes them off. Lighting and burning are in `burning.ts`.
 */
import { LIGHT_SOURCES, type LightSource } from '../osr'
import type { ClockEvent } from './events'
import { refuse, type Refusable } from './refusal'
import type { ClockState, LightHolder, LightState } from './state'
import { MINUTE, TURN_SECONDS } from './time'

/**
 * A lantern holds 1 pint unless the campaign says otherwise: the seed's lantern is "filled with
 * 1 pt. of oil" and `LIGHT_SOURCES` gives no capacity.
 */
export const DEFAULT_LANTERN_PINTS = 1

/** CLK-4: the warning comes when a light has one turn left. */
export const WARNING_SECONDS = TURN_SECONDS

export interface NewLight {
  id: string
  /** A name in `LIGHT_SOURCES` ('candle', 'torch', 'lantern', 'electric lamp'), or the campaign's own with `source`. */
  type: string
  holder: LightHolder
  /** The campaign's edited definition; the OSR-8 default for `type` when absent. */
  source?: LightSource
  /** Overrides the source's burn time (needed where it has none, like the electric lamp). */
  burnMinutes?: number
  /** Lanterns: pints it holds (1 unless set) and pints in it now (none unless set). */
  capacityPints?: number
  pints?: number
}

/**
 * How a message names a light, at the start of a sentence ('The') or within one ('the'). The
 * service passes one that says it as the GM does: the item's name and who carries it.
 */
export type LightNamer = (light: LightState, article: 'The' | 'the') => string

/** 'The torch "t1"', for messages when the caller gives no better name. */
export const lightName: LightNamer = (light, article = 'The') => `${article} ${light.type} "${light.id}"`

const pintsText = (pints: number): string => `${Number(pints.toFixed(2))} pint${pints === 1 ? '' : 's'}`

function holderName(holder: LightHolder): string | null {
  const name = 'character' in holder ? holder.character : 'location' in holder ? holder.location : undefined
  return typeof name === 'string' && name.trim() !== '' ? name : null
}

const sameHolder = (a: LightHolder, b: LightHolder): boolean =>
  'character' in a ? 'character' in b && a.character === b.character : 'location' in b && a.location === b.location

/**
 * Puts a light source on the clock, unlit (CLK-4): a torch or candle with its full burn time, a
 * lantern with the oil poured into it.
 * @example addLight(clock, { id: 't1', type: 'torch', holder: { character: 'Glam' } }) // a 1-hour torch
 */
export function addLight(state: ClockState, input: NewLight): Refusable<{ state: ClockState }> {
  if (state.lights.some((l) => l.id === input.id)) return refuse(`There is already a light "${input.id}" on the clock; give the new one another id.`)
  if (holderName(input.holder) === null) return refuse('A light must be carried by a named character or stand at a named location.')
  const source = input.source ?? (Object.hasOwn(LIGHT_SOURCES, input.type) ? LIGHT_SOURCES[input.type as keyof typeof LIGHT_SOURCES] : undefined)
  if (source === undefined) {
    return refuse(`"${input.type}" is not a light source the campaign knows (${Object.keys(LIGHT_SOURCES).join(', ')}); give its definition.`)
  }
  const burnMinutes = input.burnMinutes ?? source.burnMinutes
  if (burnMinutes === null) return refuse(`The ${input.type} has no burn time in the campaign's list: the GM must set one (burnMinutes).`)
  const unitSeconds = burnMinutes * MINUTE
  if (!Number.isInteger(unitSeconds) || unitSeconds < 1) return refuse(`A burn time must come to whole seconds, at least 1; got ${burnMinutes} minutes.`)
  const base = { id: input.id, type: input.type, holder: input.holder, lit: false, warned: false }
  if (source.fuel === null) {
    if (input.capacityPints !== undefined || input.pints !== undefined) return refuse(`A ${input.type} takes no oil; only a lantern holds pints.`)
    return { ok: true, state: { ...state, lights: [...state.lights, { ...base, burnSecondsLeft: unitSeconds, fuel: null }] } }
  }
  const capacityPints = input.capacityPints ?? DEFAULT_LANTERN_PINTS
  if (!(Number.isFinite(capacityPints) && capacityPints > 0)) return refuse(`A lantern must hold some oil; a capacity of ${capacityPints} pints will not do.`)
  const filled = pour({ ...base, burnSecondsLeft: 0, fuel: { secondsPerPint: unitSeconds, capacityPints } }, input.pints ?? 0, lightName)
  return filled.ok ? { ok: true, state: { ...state, lights: [...state.lights, filled.light] } } : filled
}

/** Adds oil to a lantern, refusing what does not fit; a light back above one turn can warn again. */
function pour(light: LightState, pints: number, named: LightNamer): Refusable<{ light: LightState }> {
  if (light.fuel === null) return refuse(`${named(light, 'The')} takes no oil; only a lantern is refilled.`)
  const seconds = pints * light.fuel.secondsPerPint
  if (!(Number.isFinite(pints) && pints >= 0 && Number.isInteger(seconds))) {
    return refuse(`Oil is poured in pints that come to whole seconds of burning; ${pints} pints will not do.`)
  }
  const perPint = light.fuel.secondsPerPint
  const room = light.fuel.capacityPints * perPint - light.burnSecondsLeft
  if (seconds > room) {
    return refuse(
      `${named(light, 'The')} holds ${pintsText(light.fuel.capacityPints)} and has ${pintsText(light.burnSecondsLeft / perPint)} in it: there is room for ${pintsText(room / perPint)}, not ${pintsText(pints)}.`,
    )
  }
  return { ok: true, light: filledBy(light, seconds) }
}

const filledBy = (light: LightState, seconds: number): LightState => {
  const burnSecondsLeft = light.burnSecondsLeft + seconds
  return { ...light, burnSecondsLeft, warned: light.warned && burnSecondsLeft <= WARNING_SECONDS }
}

/**
 * Pints of oil in a lantern (its burn time left over 5 hours a pint), or null for a light without oil.
 * @example oilPints(lanternWithFourHoursLeft) // 0.8
 */
export function oilPints(light: LightState): number | null {
  return light.fuel === null ? null : light.burnSecondsLeft / light.fuel.secondsPerPint
}

/**
 * Applies one GM action to one light, or passes on its refusal; nothing else changes.
 * @example changeLight(clock, 't1', (light) => ({ ok: true, light: { ...light, lit: false } }))
 */
export function changeLight(
  state: ClockState,
  id: string,
  change: (light: LightState, now: number) => Refusable<{ light: LightState; events?: ClockEvent[] }>,
): Refusable<{ state: ClockState; events: ClockEvent[] }> {
  const index = state.lights.findIndex((l) => l.id === id)
  const light = state.lights[index]
  if (light === undefined) return refuse(`There is no light "${id}" on the clock.`)
  const changed = change(light, state.time)
  if (!changed.ok) return changed
  const lights = state.lights.slice()
  lights[index] = changed.light
  return { ok: true, state: { ...state, lights }, events: changed.events ?? [] }
}

/**
 * Pours oil into a lantern (CLK-4): a pint unless told, each pint 5 hours, never more than it holds.
 * @example refillLantern(clock, 'lantern-1') // one more pint: 5 more hours
 */
export function refillLantern(state: ClockState, id: string, input: { pints?: number; named?: LightNamer } = {}): Refusable<{ state: ClockState }> {
  const pints = input.pints ?? 1
  if (!(pints > 0)) return refuse(`A refill pours some oil; ${pints} pints is nothing to pour.`)
  return changeLight(state, id, (light) => pour(light, pints, input.named ?? lightName))
}

/**
 * Fills a lantern from a flask (CLK-4): as much as it has room for, a pint at most (one flask),
 * so a half-burnt lantern takes half a pint. Refused when it is full.
 * @example topUpLantern(clock, 'lantern-1') // { ok: true, state, pints: 0.5 } for a 1-pint lantern burnt for 2 h 30 min
 */
export function topUpLantern(state: ClockState, id: string, input: { upToPints?: number; named?: LightNamer } = {}): Refusable<{ state: ClockState; pints: number }> {
  const named = input.named ?? lightName
  let pints = 0
  const r = changeLight(state, id, (light) => {
    if (light.fuel === null) return refuse(`${named(light, 'The')} takes no oil; only a lantern is refilled.`)
    const room = light.fuel.capacityPints * light.fuel.secondsPerPint - light.burnSecondsLeft
    if (room <= 0) return refuse(`${named(light, 'The')} is full (${pintsText(light.fuel.capacityPints)}): there is no room for more oil.`)
    const seconds = Math.min(room, Math.round((input.upToPints ?? 1) * light.fuel.secondsPerPint))
    pints = seconds / light.fuel.secondsPerPint
    return { ok: true, light: filledBy(light, seconds) }
  })
  return r.ok ? { ok: true, state: r.state, pints } : r
}

/**
 * Hands a light to another character or sets it down at a location (CLK-4); a lit light stays lit.
 * @example handOver(clock, 't1', { character: 'Brannoc' })
 */
export function handOver(state: ClockState, id: string, holder: LightHolder, named: LightNamer = lightName): Refusable<{ state: ClockState }> {
  const name = holderName(holder)
  if (name === null) return refuse('A light must be handed to a named character or set down at a named location.')
  return changeLight(state, id, (light) =>
    sameHolder(light.holder, holder) ? refuse(`${name} already has ${named(light, 'the')}.`) : { ok: true, light: { ...light, holder } },
  )
}

/**
 * Takes a light off the clock (used up, lost, sold).
 * @example removeLight(clock, 't1')
 */
export function removeLight(state: ClockState, id: string): Refusable<{ state: ClockState; removed: LightState }> {
  const removed = state.lights.find((l) => l.id === id)
  if (removed === undefined) return refuse(`There is no light "${id}" on the clock.`)
  return { ok: true, state: { ...state, lights: state.lights.filter((l) => l !== removed) }, removed }
}
