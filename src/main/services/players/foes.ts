/**
 * Who fights at each system's table, as the players' screen orders them: OSR's initiative order
 * (OSR-14), the Ladder's sides and their AP (LAD-8), a Challenge's sides and pools (CH-1), Ranks'
 * Dangers (RK-7). Each fighter carries a key the GM reveals it by, and its numbers in the system's
 * words; `projection.ts` decides which of them players may see.
 */
import type { SystemId } from '../../../shared/contract'
import { type ServiceDeps, type Tx, unitOfWork } from '../core'
import { tableView } from '../table-osr/view'
import { listConflicts } from '../table-ladder/conflicts'
import { currentChallengeIn } from '../table-challenge/play'
import { ranksTable } from '../table-ranks/view'
import { readSceneCombat, type SceneSystem } from '../table-scene'

export interface TableFighter {
  key: string
  name: string
  side: 'party' | 'foes'
  turn: boolean
  out: boolean
  numbers: string
}

export interface TableCombat {
  terms: string
  groups: { label: string; score: string | null; scoreIsFoes: boolean; fighters: TableFighter[] }[]
}

/** The fight at the table now, in the system's terms; null when its tracker shows none. */
export async function tableCombat(deps: ServiceDeps, campaignId: number, system: SystemId, inCombat: boolean): Promise<TableCombat | null> {
  return unitOfWork(deps, (tx) => tableCombatIn(tx, campaignId, system, inCombat))
}

/**
 * The same, read inside a unit of work. A Ladder combat and Ranks' Dangers are shown only while the
 * clock is in combat (`inCombat`); the players' gate asks with 'meet', to meet every foe the
 * trackers hold (every open Ladder conflict's, Dangers out of combat).
 */
export async function tableCombatIn(tx: Tx, campaignId: number, system: SystemId, inCombat: boolean | 'meet'): Promise<TableCombat | null> {
  const db = tx.trx
  switch (system) {
    case 'osr': {
      const combat = (await tableView(tx, campaignId)).combat
      if (!combat) return null
      const byId = new Map(combat.combatants.map((c) => [c.characterId, c]))
      const fighter = (id: number): TableFighter | null => {
        const c = byId.get(id)
        if (!c) return null
        return {
          key: `osr:${c.characterId}`,
          name: c.name,
          side: c.side,
          turn: combat.turn.includes(c.characterId),
          out: c.dead || c.incapacitated,
          numbers: `H ${c.h}/${c.maxH}`,
        }
      }
      const placed = new Set<number>()
      const groups: TableCombat['groups'] = combat.order.map((step) => {
        step.characterIds.forEach((id) => placed.add(id))
        return { label: `Initiative ${step.total}`, score: null, scoreIsFoes: false, fighters: step.characterIds.map(fighter).filter((f): f is TableFighter => f !== null) }
      })
      const rest = combat.combatants.filter((c) => !placed.has(c.characterId)).map((c) => fighter(c.characterId)!)
      if (rest.length) groups.push({ label: combat.needsInitiative ? 'Initiative not rolled yet' : 'Not in the order', score: null, scoreIsFoes: false, fighters: rest })
      return { terms: 'Initiative order', groups }
    }
    case 'ladder': {
      if (!inCombat) return null
      // The screen shows the combat; the gate meets everyone at any open conflict (a duel, a race, a fight: LAD-7 … LAD-12).
      const open = (await listConflicts(db, { campaignId, openOnly: true })).filter((c) => inCombat === 'meet' || c.kind === 'combat').slice(0, inCombat === 'meet' ? undefined : 1)
      if (open.length === 0) return null
      const pcs = await pcIds(tx, campaignId)
      return {
        terms: 'Combatants',
        groups: open.flatMap((conflict) => conflictGroups(conflict, pcs)),
      }
    }
    case 'challenge': {
      // The challenge on the table, running or decided and not yet put away (decided at once, CH-3, its foes are met all the same).
      const c = await currentChallengeIn(db, campaignId)
      if (!c || c.status === 'closed') return null
      // A side played by a player character is the party's; one typed in or played by an NPC is the foes'.
      const pcs = await pcIds(tx, campaignId)
      return {
        terms: 'Sides',
        groups: c.sides.map((s) => {
          const foe = s.characterId === null || !pcs.has(s.characterId)
          return {
            label: foe ? 'Foes' : 'Party',
            score: null,
            scoreIsFoes: foe,
            fighters: [{ key: `challenge:${c.id}:${s.index}`, name: s.name, side: foe ? 'foes' : 'party', turn: false, out: s.out, numbers: `pool ${s.next.pool}` }],
          }
        }),
      }
    }
    case 'ranks': {
      if (!inCombat) return null
      const t = await ranksTable(db, campaignId)
      const scene = await sceneFoes(tx, campaignId, 'ranks')
      if (t.dangers.length === 0 && !scene) return null
      const names = new Map(t.characters.map((p) => [p.id, p.name]))
      return {
        terms: 'Dangers',
        groups: [...(scene ? [scene] : []), ...t.dangers.map((d) => ({
          label: `Facing ${names.get(d.characterId) ?? 'the party'}`,
          score: null,
          scoreIsFoes: true,
          fighters: [{ key: `ranks:danger:${d.id}`, name: d.description || 'A Danger', side: 'foes' as const, turn: false, out: false, numbers: `${d.threat} Threat` }],
        }))],
      }
    }
    case 'lode': {
      const scene = await sceneFoes(tx, campaignId, 'lode')
      return scene ? { terms: 'Foes', groups: [scene] } : null
    }
  }
}

/** The foes of a LODE or Ranks combat scene (what an encounter brought, what the GM typed in). */
async function sceneFoes(tx: Tx, campaignId: number, system: SceneSystem): Promise<TableCombat['groups'][number] | null> {
  const scene = await readSceneCombat(tx, campaignId, system)
  if (!scene || scene.foes.length === 0) return null
  return {
    label: 'Foes',
    score: null,
    scoreIsFoes: true,
    fighters: scene.foes.map((f) => ({
      key: `${system}:scene:${scene.fightId}:${f.index}`,
      name: f.name,
      side: 'foes' as const,
      turn: false,
      out: false,
      // LODE-12: Base Dice; RK-1: an ability rank.
      numbers: f.baseDice !== null ? `Base Dice ${f.baseDice}` : f.rank !== null ? `Rank ${f.rank}` : '',
    })),
  }
}

/** The campaign's player characters' ids. */
async function pcIds(tx: Tx, campaignId: number): Promise<Set<number>> {
  const rows = await tx.trx.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').execute()
  return new Set(rows.map((r) => r.id))
}

/** A Ladder conflict's sides as the players' screen groups them: a member is the party's only when a player character. */
function conflictGroups(conflict: Awaited<ReturnType<typeof listConflicts>>[number], pcs: ReadonlySet<number>): TableCombat['groups'] {
  return conflict.sides.map((s) => ({
    label: s.label,
    score: null,
    scoreIsFoes: false,
    fighters: s.members.map((m) => ({
      key: `ladder:${conflict.id}:${m.name}`,
      name: m.name,
      side: m.characterId !== null && pcs.has(m.characterId) ? ('party' as const) : ('foes' as const),
      turn: false,
      out: m.out || m.status?.killed === true || m.status?.incapacitated != null,
      // LAD-15 … LAD-19: wounds and being subdued, as the tracker shows them.
      numbers: m.status ? [m.status.wounds ? `${m.status.wounds} wound${m.status.wounds === 1 ? '' : 's'}` : 'unhurt', m.status.subdued ? 'subdued' : ''].filter(Boolean).join(', ') : 'unhurt',
    })),
  }))
}
