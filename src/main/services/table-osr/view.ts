/**
 * The old-school table as the GM's screen shows it: the clock's darkness, the combat with its
 * initiative order and whose turn it is, each combatant's H read fresh from their sheet, and the
 * spells prepared with their secret windows.
 */
import type { OsrCombatant, OsrFighter, OsrTableView } from '../../../shared/contract'
import type { Tx } from '../core'
import { loadStoredClock, partyInDarkness } from '../clock'
import { loadFighter } from './fighters'
import { loadTableState, type CombatState } from './state'
import { lastTableStep } from './steps'

/** Fighters by id; a character deleted since is left out. */
async function fightersOf(tx: Tx, campaignId: number, ids: number[]): Promise<Map<number, OsrFighter>> {
  const out = new Map<number, OsrFighter>()
  for (const id of new Set(ids)) {
    try {
      out.set(id, await loadFighter(tx.trx, id, campaignId))
    } catch {
      // Deleted (or moved out of the campaign): no longer in the fight.
    }
  }
  return out
}

/** Able to act: H above 0 and maximum H above 0 (OSR-19). */
export const canAct = (f: Pick<OsrFighter, 'h' | 'maxH'>): boolean => f.h > 0 && f.maxH > 0

/**
 * Whose turn it is: the first step of the order (highest total first) with someone able who has
 * not acted; everyone of that step acts together (OSR-14).
 * @example turnOf(combat, fighters) // [4, 7]: Glam and the chief act simultaneously
 */
export function turnOf(combat: CombatState, fighters: Map<number, OsrFighter>): number[] {
  const inFight = new Set(combat.combatants.map((c) => c.characterId))
  for (const step of combat.order) {
    const due = step.characterIds.filter((id) => {
      const f = fighters.get(id)
      return inFight.has(id) && f !== undefined && canAct(f) && !combat.acted.includes(id)
    })
    if (due.length > 0) return due
  }
  return []
}

async function combatView(tx: Tx, campaignId: number, combat: CombatState, clockRound: number): Promise<NonNullable<OsrTableView['combat']>> {
  const fighters = await fightersOf(tx, campaignId, combat.combatants.map((c) => c.characterId))
  const combatants: OsrCombatant[] = combat.combatants.flatMap((c) => {
    const f = fighters.get(c.characterId)
    if (!f) return []
    const init = combat.initiative.find((i) => i.characterId === c.characterId)
    return [
      {
        characterId: f.id,
        name: f.name,
        kind: f.kind,
        side: c.side,
        level: f.level,
        M: f.M,
        h: f.h,
        maxH: f.maxH,
        incapacitated: f.h <= 0,
        dead: f.maxH === 0,
        acted: combat.acted.includes(f.id),
        initiative: init ? { natural: init.natural, total: init.total, surprise: init.surprise } : null,
        unloaded: combat.unloaded.filter((u) => u.characterId === f.id).map((u) => u.weaponId),
        foe: foeNumbers(combat, f.id),
      },
    ]
  })
  const present = new Set(combatants.map((c) => c.characterId))
  return {
    startedAt: combat.startedAt,
    // CLK-2: the clock's round is the fight's round.
    round: clockRound,
    clockRound,
    initiativeRound: combat.round,
    surprise: combat.surprise,
    needsInitiative: clockRound > combat.round,
    order: combat.order.map((s) => ({ total: s.total, characterIds: s.characterIds.filter((id) => present.has(id)) })).filter((s) => s.characterIds.length > 0),
    turn: turnOf(combat, fighters),
    combatants,
  }
}

/** A typed foe's numbers, for the tracker to show and change; null for a character. */
function foeNumbers(combat: CombatState, id: number): OsrCombatant['foe'] {
  const foe = combat.foes.find((f) => f.id === id)
  return foe ? { level: foe.level, B: foe.B, armour: foe.armour, weapon: foe.weapon } : null
}

/**
 * The table as it stands, inside the caller's unit of work.
 * @example await tableView(tx, 1) // { dark: true, combat: { round: 2, turn: [4], … }, preparations: [], … }
 */
export async function tableView(tx: Tx, campaignId: number): Promise<OsrTableView> {
  const clock = await loadStoredClock(tx, campaignId)
  const state = await loadTableState(tx.trx, campaignId)
  // The clock's combat is the one combat: a fight left at the table once the clock's has ended is not shown.
  const combat = state.combat && clock.combat ? await combatView(tx, campaignId, state.combat, clock.combat.round) : null
  const casters = await fightersOf(tx, campaignId, state.preparations.map((p) => p.characterId))
  const preparations = state.preparations.flatMap((p) => {
    const f = casters.get(p.characterId)
    if (!f) return []
    const spells = f.spells.filter((s) => p.spellIds.includes(s.id)).map((s) => ({ id: s.id, name: s.name, level: s.level }))
    return [{ characterId: f.id, name: f.name, spells, preparedAt: p.preparedAt, castBy: p.castBy, expired: clock.time > p.castBy }]
  })
  return {
    campaignId,
    time: clock.time,
    mode: clock.mode,
    dark: await partyInDarkness(tx, campaignId),
    combat,
    preparations,
    lastStep: await lastTableStep(tx, campaignId),
  }
}
