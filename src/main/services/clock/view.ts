/** The clock as the screen shows it, and how the clock names times, spans and lights in words. */
import type { Kysely } from 'kysely'
import { DAY, effectiveThreshold, oilPints, readClock, type ClockState, type LightNamer, type Provisions } from '../../engines/clock'
import { LIGHT_SOURCES } from '../../engines/osr'
import type { Database } from '../../db/schema'
import type { ClockView } from '../../../shared/contract'

/** A lantern's light id carries its inventory item's id, so the oil can be written back to the item. */
export const lanternLightId = (itemId: number): string => `item-${itemId}`
export function itemIdOfLight(lightId: string): number | null {
  const m = /^item-(\d+)$/.exec(lightId)
  return m ? Number(m[1]) : null
}

function fullSeconds(type: string, capacityPints: number | null): number {
  const source = LIGHT_SOURCES[type as keyof typeof LIGHT_SOURCES]
  const minutes = source?.burnMinutes ?? 60
  return Math.round(minutes * 60 * (capacityPints ?? 1))
}

/**
 * Characters' names by id (as text), read for the ids asked only: a campaign of 100,000 NPCs does
 * not read them all at every turn. `need` reads the ones not held yet; an id not in the campaign
 * stays out (so `get` answers undefined for it).
 */
export class NameBook extends Map<string, string> {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly campaignId: number,
  ) {
    super()
  }

  async need(ids: Iterable<string | number>): Promise<this> {
    const missing = [...new Set(Array.from(ids, String))].filter((id) => !this.has(id) && /^\d+$/.test(id)).map(Number)
    for (let at = 0; at < missing.length; at += 500) {
      // By primary key only: asked with the campaign too, SQLite walks the campaign's index instead.
      const rows = await this.db.selectFrom('character').select(['id', 'name', 'campaign_id']).where('id', 'in', missing.slice(at, at + 500)).execute()
      for (const r of rows) if (r.campaign_id === this.campaignId) this.set(String(r.id), r.name)
    }
    return this
  }
}

/** Who carries each light (lights left at a place carried by no one). */
export function lightHolderIds(lights: ClockState['lights']): string[] {
  return lights.flatMap((l) => ('character' in l.holder ? [l.holder.character] : []))
}

/** Every character the clock's state names: who carries each light, who eats, who heals or rests. */
export function clockCharacterIds(state: Pick<ClockState, 'lights' | 'provisions' | 'injuries'> & { resting?: Record<string, number> }): string[] {
  const ids = lightHolderIds(state.lights)
  for (const p of state.provisions) ids.push(p.characterId)
  for (const i of state.injuries) ids.push(i.characterId)
  ids.push(...Object.keys(state.resting ?? {}))
  return ids
}

/**
 * The names of the characters with these ids.
 * @example (await characterNames(tx.trx, 1, clockCharacterIds(state))).get('4') // 'Glam'
 */
export function characterNames(db: Kysely<Database>, campaignId: number, ids: Iterable<string | number>): Promise<NameBook> {
  return new NameBook(db, campaignId).need(ids)
}

/** The inventory items' names of the lights on the clock that are items (lanterns), by light id. */
export async function lightItemNames(db: Kysely<Database>, state: ClockState): Promise<Map<string, string>> {
  const ids = state.lights.map((l) => itemIdOfLight(l.id)).filter((id): id is number => id !== null)
  if (ids.length === 0) return new Map()
  const rows = await db.selectFrom('inventory_item').select(['id', 'name']).where('id', 'in', ids).execute()
  return new Map(rows.map((r) => [lanternLightId(r.id), r.name]))
}

/**
 * Names a light as the GM says it, for refusals: who carries it and, for an item whose name says
 * more than its type, the item's name — "Glam’s lantern “Old brass”", "the torch at the well".
 */
export function lightNamer(names: Map<string, string>, itemNames: Map<string, string>): LightNamer {
  return (light, article) => {
    const item = itemNames.get(light.id)
    const called = item !== undefined && item.trim().toLowerCase() !== light.type ? ` “${item}”` : ''
    if ('character' in light.holder) return `${names.get(light.holder.character) ?? 'Someone'}’s ${light.type}${called}`
    return `${article} ${light.type}${called} at ${light.holder.location}`
  }
}

/** Everything the clock's view is made of besides the clock itself. */
export interface ClockViewParts {
  system: ClockView['system']
  provisions: Provisions[]
  names: Map<string, string>
  itemNames: Map<string, string>
  roundSeconds: number
  /** The step an undo would take back, or null. */
  undo: { action: string; summary: string } | null
  supplies: ClockView['supplies']
  whereabouts: Pick<ClockView, 'location' | 'tables'>
  rest: ClockView['rest']
  darknessModifier: number | null
  daylight: ClockView['daylight']
  journey: ClockView['journey']
  reaction: ClockView['reaction']
  goOn: ClockView['goOn']
}

/** The clock as the screen shows it. */
export function clockView(campaignId: number, state: ClockState, parts: ClockViewParts): ClockView {
  const read = readClock(state)
  const face = effectiveThreshold(state.encounters)
  // CLK-13: under the sky by day no light is needed and no darkness is shown.
  const dark = !state.lights.some((l) => l.lit) && !parts.daylight.daylit
  return {
    campaignId,
    system: parts.system,
    time: state.time,
    day: read.day,
    timeOfDay: read.timeOfDay.slice(0, 5),
    mode: state.mode,
    turn: read.turn,
    round: read.round,
    roundSeconds: state.combat?.roundSeconds ?? parts.roundSeconds,
    encounters: { ...state.encounters, face },
    lights: state.lights.map((l) => {
      const characterId = 'character' in l.holder ? Number(l.holder.character) : null
      return {
        id: l.id,
        type: l.type,
        itemName: parts.itemNames.get(l.id) ?? null,
        characterId,
        holderName: characterId !== null ? (parts.names.get(String(characterId)) ?? 'someone gone') : 'location' in l.holder ? l.holder.location : '',
        lit: l.lit,
        burnSecondsLeft: l.burnSecondsLeft,
        fullSeconds: fullSeconds(l.type, l.fuel?.capacityPints ?? null),
        oilPints: oilPints(l),
        warned: l.warned,
        itemId: itemIdOfLight(l.id),
      }
    }),
    dark,
    darknessModifier: dark ? parts.darknessModifier : parts.darknessModifier === null ? null : 0,
    daylight: parts.daylight,
    journey: parts.journey,
    reaction: parts.reaction,
    goOn: parts.goOn,
    timers: state.timers.map((t) => ({ ...t })),
    provisions: parts.provisions.map((p) => ({
      characterId: Number(p.characterId),
      name: parts.names.get(p.characterId) ?? '?',
      foodDays: p.foodDays,
      waterPints: p.waterPints,
      // A need of 0 a day never runs out; 9,999 days stands for that.
      daysLeft: Math.min(p.foodPerDay > 0 ? p.foodDays / p.foodPerDay : 9999, p.waterPerDay > 0 ? p.waterPints / p.waterPerDay : 9999),
    })),
    undo: parts.undo,
    supplies: parts.supplies,
    ...parts.whereabouts,
    rest: parts.rest,
  }
}

/** "Day 3 · 14:35" for log lines. */
export function when(time: number): string {
  const day = Math.floor(time / DAY) + 1
  const rest = time % DAY
  return `Day ${day} · ${String(Math.floor(rest / 3600)).padStart(2, '0')}:${String(Math.floor((rest % 3600) / 60)).padStart(2, '0')}`
}

/** A span of game time in words: "6 h 55 min", "2 days 3 h", "40 s". */
export function spanWords(seconds: number): string {
  const days = Math.floor(seconds / DAY)
  const h = Math.floor((seconds % DAY) / 3600)
  const min = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  const parts = [days > 0 ? `${days} day${days === 1 ? '' : 's'}` : '', h > 0 ? `${h} h` : '', min > 0 ? `${min} min` : '', s > 0 && days === 0 && h === 0 ? `${s} s` : '']
  return parts.filter(Boolean).join(' ') || '0 s'
}
