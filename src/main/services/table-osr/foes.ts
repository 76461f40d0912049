/**
 * Ad-hoc foes at the old-school table: typed with the few numbers a fight needs (level, B, M, H,
 * armour, weapon class), or met at an encounter with H rolled as OSR-2 rolls it, and fought like
 * characters. A foe's id is negative and names its campaign — −(campaign × 100,000 + n) — so the roll
 * panel aims at it as at a character, and any method finds its table from the id alone.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { OsrFighter } from '../../../shared/contract'
import { metNames, readMet, rollAppearing, type Met } from '../../../shared/api/table-combat.schemas'
import { formatDiceExpression, resistanceTarget, rollMaximumHardiness, weaponHarmDice, type WeaponClass } from '../../engines/osr'
import type { Dice } from '../../engines/dice'
import { AppError } from '../core'
import { loadTableState, type OsrFoe, type OsrTableState } from './state'

const PER_CAMPAIGN = 100_000

/** Whether an id is an ad-hoc foe's rather than a character's. */
export const isFoeId = (id: number): boolean => id < 0

/** The id of a campaign's n-th ad-hoc foe. */
export const foeId = (campaignId: number, n: number): number => -(campaignId * PER_CAMPAIGN + n)

/** The campaign an ad-hoc foe's id belongs to. */
export const campaignOfFoe = (id: number): number => Math.floor(-id / PER_CAMPAIGN)

/** OSR-16: the weapon classes in the GM's words. */
export const WEAPON_WORDS: Record<WeaponClass, string> = { limb: 'natural limb', short: 'short weapon', standard: 'standard weapon', long: 'long weapon' }

export type FoeNumbers = Omit<OsrFoe, 'id'>

/**
 * Gives foes their ids and counts them in the table's state.
 * @example const { state, foes } = typeFoes(table, 1, [{ name: 'Giant rat', level: 1, B: 0, M: 0, h: 3, maxH: 3, armour: 0, weapon: 'short' }])
 */
export function typeFoes(state: OsrTableState, campaignId: number, numbers: FoeNumbers[]): { state: OsrTableState; foes: OsrFoe[] } {
  const foes = numbers.map((n, i) => ({ ...n, id: foeId(campaignId, state.foesTyped + i + 1) }))
  return { state: { ...state, foesTyped: state.foesTyped + numbers.length }, foes }
}

/**
 * What an encounter's row brings: its NPC, or level-1 foes by its text, as many as the number
 * appearing, each with 1d6 H (OSR-2: a d6 per level, at least 1). Every die is the caller's.
 * @example meetFoes(dice, { text: '2d4 giant rats', npcId: null, npcName: null }) // { npcId: null, foes: [5 × Giant rats n], words: '2d4 = 5 giant rats' }
 */
export function meetFoes(dice: Dice, met: Met): { npcId: number | null; foes: FoeNumbers[]; words: string } {
  if (met.npcId !== null) return { npcId: met.npcId, foes: [], words: met.npcName ?? 'an NPC' }
  const { appearing, name } = readMet(met.text)
  const { count, rolled } = rollAppearing(dice, appearing)
  const foes = metNames(name, count).map((foe) => {
    const { maxH } = rollMaximumHardiness(dice, { level: 1, S: 0 })
    return { name: foe, level: 1, B: 0, M: 0, h: maxH, maxH, armour: 0, weapon: 'standard' as const }
  })
  const words = appearing.kind === 'dice' ? `${appearing.text} = ${rolled}${rolled !== count ? ` (${count} come)` : ''}: ${name}` : `${count} × ${name}`
  return { npcId: null, foes, words }
}

/** An ad-hoc foe as the table's fighter: its one weapon is its attack, and it has no spells or options. */
export function foeFighter(foe: OsrFoe): OsrFighter {
  return {
    id: foe.id,
    name: foe.name,
    kind: 'npc',
    status: foe.maxH === 0 ? 'dead' : 'active',
    level: foe.level,
    B: foe.B,
    M: foe.M,
    S: 0,
    h: foe.h,
    maxH: foe.maxH,
    armour: { modifier: foe.armour, item: null },
    weapons: [{ id: 1, name: WEAPON_WORDS[foe.weapon], weaponClass: foe.weapon, ranged: false, advanced: false, harm: formatDiceExpression(weaponHarmDice({ weapon: foe.weapon })) }],
    options: [],
    seesInTheDark: false,
    monstrousForm: 0,
    resistanceTarget: resistanceTarget({ level: foe.level }),
    spells: [],
    problems: [],
  }
}

/**
 * An ad-hoc foe of the campaign's table by id, or not_found naming the field.
 * @example await loadFoe(db, -100003, 1) // { name: 'Giant rats 3', h: 2, … }
 */
export async function loadFoe(db: Kysely<Database>, id: number, campaignId: number | null): Promise<OsrFoe> {
  const campaign = campaignOfFoe(id)
  const foe = campaignId !== null && campaign !== campaignId ? undefined : (await loadTableState(db, campaign)).combat?.foes.find((f) => f.id === id)
  if (!foe) {
    throw new AppError('not_found', 'That foe is no longer at the table: the fight it was in has ended or was undone.', [{ field: 'characterId', problem: 'no foe at the table has this id' }])
  }
  return foe
}

/** The state with foes' H as harm left them (OSR-19). */
export function withFoeHarm(state: OsrTableState, harmed: ReadonlyMap<number, { h: number; maxH: number }>): OsrTableState {
  if (harmed.size === 0 || !state.combat) return state
  return { ...state, combat: { ...state.combat, foes: state.combat.foes.map((f) => ({ ...f, ...(harmed.get(f.id) ?? {}) })) } }
}
