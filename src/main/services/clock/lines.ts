/** Each clock event as a line a GM reads in the log. */
import type { ClockEvent } from '../../engines/clock'
import { when } from './view'

const holderName = (holder: { character: string } | { location: string }, names: Map<string, string>) =>
  'character' in holder ? (names.get(holder.character) ?? 'someone') : `at ${holder.location}`

function minutes(seconds: number): string {
  return seconds >= 3600 ? `${Math.floor(seconds / 3600)} h ${Math.round((seconds % 3600) / 60)} min` : `${Math.round(seconds / 60)} min`
}

/** The characters `describeEvent` names for these events: whoever eats, heals, or carries a light that warns or goes out. */
export function eventCharacterIds(events: readonly ClockEvent[]): string[] {
  return events.flatMap((e) => ('characterId' in e ? [e.characterId] : 'holder' in e && 'character' in e.holder ? [e.holder.character] : []))
}

export function describeEvent(e: ClockEvent, names: Map<string, string>): string {
  const at = when(e.at)
  switch (e.kind) {
    case 'encounter check':
      return e.encounter
        ? `${at}: encounter! d20 = ${e.face} (${e.threshold}+), met at ${e.distance?.feet ?? '?'} ft`
        : `${at}: no encounter (d20 = ${e.face}, ${e.threshold}+ needed)`
    case 'light warning':
      return `${at}: ${holderName(e.holder, names)}’s ${e.type} has ${minutes(e.secondsLeft)} left`
    case 'light out':
      return `${at}: ${holderName(e.holder, names)}’s ${e.type} went out`
    case 'timer':
      return `${at}: ${e.label}`
    case 'new day':
      return `Day ${e.day} begins`
    case 'rations': {
      const who = names.get(e.characterId) ?? 'someone'
      const parts = [
        e.food.status === 'ran out' ? `ate the last ration${e.food.short > 0 ? ' and went hungry' : ''}` : `ate ${e.food.consumed} ration${e.food.consumed === 1 ? '' : 's'} (${e.food.left} left${e.food.status === 'running low' ? ', running low' : ''})`,
        e.water.status === 'ran out' ? `drank the last water${e.water.short > 0 ? ' and went thirsty' : ''}` : `drank ${e.water.consumed} pint${e.water.consumed === 1 ? '' : 's'} (${e.water.left} left${e.water.status === 'running low' ? ', running low' : ''})`,
      ]
      return `${who} ${parts.join('; ')}`
    }
    case 'injury':
      return `${at}: ${names.get(e.characterId) ?? 'someone'}’s ${e.label} — ${e.milestone}`
    case 'natural healing':
      return `${at}: ${names.get(e.characterId) ?? 'someone'} healed ${e.healed} H (${e.h}/${e.maxH})`
  }
}
