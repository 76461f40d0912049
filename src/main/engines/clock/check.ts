/**
 * Checks a stored clock state (CLK-1 … CLK-8) before the clock moves it, returning every problem in
 * plain words, so a damaged save is explained rather than advanced into nonsense.
 */
import { encounterProblems } from './encounters'
import { WARNING_SECONDS } from './lights'
import type { ClockState, InjuryRecord, LightState, Provisions, Timer } from './state'
import { DAY } from './time'

const isWhole = (v: unknown, min = 0): boolean => typeof v === 'number' && Number.isInteger(v) && v >= min
const isText = (v: unknown): boolean => typeof v === 'string' && v.trim() !== ''

function duplicates(ids: string[], what: string): string[] {
  const twice = new Set(ids.filter((id, k) => ids.indexOf(id) !== k))
  return [...twice].map((id) => `Two ${what} share the id "${id}".`)
}

function lightProblems(light: LightState): string[] {
  const p: string[] = []
  const name = `Light "${light.id}"`
  if (!isText(light.type)) p.push(`${name} has no type.`)
  if (!isWhole(light.burnSecondsLeft)) p.push(`${name}: burn time left must be whole seconds, 0 or more.`)
  if (light.lit && light.burnSecondsLeft === 0) p.push(`${name} is lit with nothing left to burn.`)
  else if (light.lit && light.burnSecondsLeft <= WARNING_SECONDS && !light.warned) p.push(`${name} is lit with a turn or less left but was never warned about.`)
  if (light.fuel !== null) {
    const { secondsPerPint, capacityPints } = light.fuel
    if (!isWhole(secondsPerPint, 1) || !(capacityPints > 0)) p.push(`${name}: a lantern needs whole seconds per pint and room for some oil.`)
    else if (light.burnSecondsLeft > secondsPerPint * capacityPints) p.push(`${name} holds more oil than it has room for.`)
  }
  return p
}

function provisionProblems(p: Provisions): string[] {
  const amounts = [p.foodDays, p.waterPints, p.foodPerDay, p.waterPerDay]
  return amounts.every((a) => Number.isFinite(a) && a >= 0) ? [] : [`${p.characterId}'s food and water must be amounts of 0 or more.`]
}

function timerProblems(t: Timer, now: number): string[] {
  const p: string[] = []
  if (!isWhole(t.firesAt) || t.firesAt <= now) p.push(`Timer "${t.id}" must fire at a whole second later than now.`)
  if (t.repeatEverySeconds !== null && !isWhole(t.repeatEverySeconds, 1)) p.push(`Timer "${t.id}" repeats after a span that is not whole seconds.`)
  return p
}

function injuryProblems(i: InjuryRecord, now: number): string[] {
  const p: string[] = []
  const name = `Injury "${i.id}"`
  if (!isWhole(i.takenAt) || i.takenAt > now) p.push(`${name} must be taken at a whole game time up to now.`)
  const r = i.recovery
  if (r.kind === 'milestones') {
    if (r.milestones.length === 0) p.push(`${name} has no milestone left; it should have been cleared.`)
    r.milestones.forEach((m, k) => {
      if (!isWhole(m.at) || m.at <= now || (k > 0 && m.at <= (r.milestones[k - 1]?.at ?? 0))) p.push(`${name}: "${m.event}" must come later than now, in order.`)
    })
  } else if (r.kind === 'rest') {
    if (!isWhole(r.maxH, 1) || !Number.isInteger(r.h) || r.h >= r.maxH) p.push(`${name}: H must be whole and below a maximum of at least 1.`)
    if (r.restDayStartedAt !== null && !(isWhole(r.restDayStartedAt) && r.restDayStartedAt <= now && r.restDayStartedAt + DAY > now)) {
      p.push(`${name}: the day of rest in progress must have started within the last day.`)
    }
  }
  return p
}

/**
 * Every problem with a clock state, or ok.
 * @example checkClock(newClock()) // { ok: true }
 */
export function checkClock(state: ClockState): { ok: true } | { ok: false; problems: string[] } {
  const problems: string[] = []
  if (!isWhole(state.time)) problems.push(`The game time must be whole seconds, 0 or more; got ${state.time}.`)
  if (!['exploration', 'combat', 'downtime'].includes(state.mode)) problems.push(`"${state.mode}" is not a mode; use exploration, combat or downtime.`)
  if ((state.mode === 'combat') !== (state.combat !== null)) problems.push('A combat must be recorded exactly when the mode is combat.')
  if (state.combat !== null && !(isWhole(state.combat.roundSeconds, 1) && isWhole(state.combat.round) && state.combat.startedAt <= state.time)) {
    problems.push('The combat needs a round length of whole seconds, a round count and a start no later than now.')
  }
  problems.push(...encounterProblems(state.encounters))
  problems.push(...duplicates(state.lights.map((l) => l.id), 'lights'), ...state.lights.flatMap(lightProblems))
  problems.push(...duplicates(state.provisions.map((p) => p.characterId), 'provision records'), ...state.provisions.flatMap(provisionProblems))
  problems.push(...duplicates(state.timers.map((t) => t.id), 'timers'), ...state.timers.flatMap((t) => timerProblems(t, state.time)))
  problems.push(...duplicates(state.injuries.map((i) => i.id), 'injuries'), ...state.injuries.flatMap((i) => injuryProblems(i, state.time)))
  return problems.length > 0 ? { ok: false, problems } : { ok: true }
}
