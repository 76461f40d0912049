/**
 * A combat round's initiative (OSR-14): everyone able to act rolls d20 + M, highest first, equal
 * totals together, the GM's surprise modifiers in the first round only; logged with its faces.
 */
import type { Dice } from '../../engines/dice'
import { rollInitiative } from '../../engines/osr'
import type { LogEntry } from '../../../shared/contract'
import type { NewLogEntry, Tx } from '../core'
import { fighterIn } from './fighters'
import { underRules } from './plan'
import type { CombatState, Side } from './state'
import { canAct } from './view'

export type Surprise = { party: number; foes: number }
export const NO_SURPRISE: Surprise = { party: 0, foes: 0 }

/** Where a round's entry goes: the table's own step, or the clock's when the clock plays the round. */
export type Logger = (entry: Omit<NewLogEntry, 'campaignId'>) => Promise<LogEntry>

/**
 * Rolls one round's initiative for everyone able to act and logs it. With no one able, the order
 * is empty and the entry says so.
 * @example await rollRound(tx, 1, log, dice, combat, 1, { party: 0, foes: -2 }) // the foes were surprised
 */
export async function rollRound(tx: Tx, campaignId: number, log: Logger, dice: Dice & { faces: readonly unknown[] }, combat: CombatState, round: number, surprise: Surprise): Promise<CombatState> {
  const fighters = await Promise.all(combat.combatants.map(async (c) => ({ ...c, f: await fighterIn(tx, c.characterId, campaignId) })))
  const able = fighters.filter((c) => canAct(c.f))
  const bySide = (side: Side) => (round === 1 ? (side === 'party' ? surprise.party : surprise.foes) : 0)
  const rolled =
    able.length === 0
      ? { rolls: [], order: [] }
      : underRules('surprise', () =>
          rollInitiative(dice, { round, combatants: able.map((c) => ({ id: String(c.characterId), M: c.f.M, ...(bySide(c.side) !== 0 ? { surprise: bySide(c.side) } : {}) })) }),
        )
  const initiative = rolled.rolls.map((r) => {
    const c = able.find((x) => String(x.characterId) === r.id)!
    return { characterId: c.characterId, natural: r.natural, total: r.total, surprise: bySide(c.side) }
  })
  const order = rolled.order.map((s) => ({ total: s.total, characterIds: s.ids.map(Number) }))
  const name = (id: number) => fighters.find((c) => c.characterId === id)?.f.name ?? String(id)
  await log({
    kind: 'osr.initiative',
    payload: {
      round,
      rolls: initiative.map((i) => ({ ...i, name: name(i.characterId), M: fighters.find((c) => c.characterId === i.characterId)!.f.M })),
      order: order.map((s) => ({ total: s.total, names: s.characterIds.map(name) })),
      ...(able.length === 0 ? { note: 'No one in the fight is able to act (OSR-19).' } : {}),
    },
    dice: dice.faces as never,
  })
  return { ...combat, round, initiative, order, acted: [] }
}

/**
 * The order with one more combatant's roll in its place (joining mid-round).
 * @example withRoll(combat, { characterId: 9, natural: 12, total: 12, surprise: 0 })
 */
export function withRoll(combat: CombatState, roll: CombatState['initiative'][number]): CombatState {
  const initiative = [...combat.initiative, roll]
  const totals = [...new Set(initiative.map((i) => i.total))].sort((a, b) => b - a)
  return { ...combat, initiative, order: totals.map((total) => ({ total, characterIds: initiative.filter((i) => i.total === total).map((i) => i.characterId) })) }
}
