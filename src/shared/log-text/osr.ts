/** One sentence for each kind of log entry the old-school table writes (services/table-osr). */
import type { LogEntry } from '../contract'
import { OSR_OUTCOME_LABELS, entryWords, gameTime, signed } from './words'
import type { OsrOutcome } from '../contract'

/** Harm as the table writes it; `before` and `after` are left out of a players' entry whose harmed one's numbers are hidden. */
type Harmed = { name: string; harm: number; before?: { h: number; maxH: number }; after?: { h: number; maxH: number }; limb: string; incapacitated: boolean; dead: boolean }

/** A spell's number: "range 140 ft", "2 entities". */
export function numberText(n: { key: string; value: number; unit: string }): string {
  return n.key === n.unit ? `${n.value} ${n.unit}` : `${n.key} ${n.value} ${n.unit}`
}

const outcome = (o: unknown): string => OSR_OUTCOME_LABELS[o as OsrOutcome] ?? String(o)

/** "the Chief 7 → 3 H, limb broken, incapacitated"; without the H when they are not told: "the Chief: incapacitated". */
function harmedText(h: Harmed | null | undefined): string {
  if (!h) return ''
  const flags = [h.limb && h.limb !== 'none' ? `a limb ${h.limb}` : '', h.dead ? 'dead' : h.incapacitated ? 'incapacitated' : ''].filter(Boolean)
  if (!h.before || !h.after) return flags.length ? ` ${h.name}: ${flags.join(', ')}.` : ''
  const max = h.after.maxH === h.before.maxH ? '' : ` (maximum ${h.before.maxH} → ${h.after.maxH})`
  return ` ${h.name} ${h.before.h} → ${h.after.h} H${max}${flags.length ? `, ${flags.join(', ')}` : ''}.`
}

/** "d20 16 −1 = 15", or the die alone when the modifier is not told. */
function d20Text(p: Record<string, unknown>): string {
  const mod = Number(p.modifier ?? 0)
  return mod === 0 || p.total === undefined ? `d20 = ${String(p.natural)}` : `d20 ${String(p.natural)} ${signed(mod)} = ${String(p.total)}`
}

const against = (p: Record<string, unknown>): string => (p.target === undefined ? '' : ` against ${String(p.target)}`)

/**
 * @example describeOsrEntry({ kind: 'osr.check', payload: { who: 'Glam', natural: 16, modifier: -1, total: 15, target: 10, outcome: 'success' } … })
 * // 'Glam’s check: d20 16 −1 = 15 against 10 — Success.'
 */
export function describeOsrEntry(e: LogEntry): string {
  const p = e.payload
  switch (e.kind) {
    case 'osr.check':
      return `${p.who ? `${String(p.who)}’s check` : 'A check'}: ${d20Text(p)}${against(p)} — ${outcome(p.outcome)}.`
    case 'osr.save':
      return `${p.who ? `${String(p.who)}’s resistance` : 'Resistance'}: d20 = ${String(p.natural)}${against(p)} — ${outcome(p.outcome)}.`
    case 'osr.is-it-so':
      return `Is it so? d6 = ${String(p.face)} — ${outcome(p.outcome)}.`
    case 'osr.strike':
    case 'osr.shot': {
      const rolls = (p.rolls as { natural: number; total?: number; success: boolean; harm: number | null }[]) ?? []
      const verb = e.kind === 'osr.strike' ? 'struck at' : 'shot at'
      const each = rolls.map((r) => `${r.natural}${r.total === undefined ? ' —' : ` → ${r.total}`} ${r.success ? `hit, ${r.harm ?? 0} H` : 'miss'}`).join('; ')
      const weapon = p.weapon ? ` with ${String(p.weapon)}` : ''
      return `${String(p.who)} ${verb} ${p.target ? String(p.target) : 'a target'}${weapon}: ${each}.${harmedText(p.harmed as Harmed | null)}`
    }
    case 'osr.cast':
      return `${String(p.who)} cast ${String(p.spell)}: ${d20Text(p)} — ${outcome(p.outcome)}; paid ${String(p.costH)} H.${harmedText(p.paid as Harmed)}${
        ((p.numbers as { key: string; value: number; unit: string }[]) ?? []).map((n) => ` ${numberText(n)}`).join(',')
      }`
    case 'osr.harm':
      return `${String(p.name)} took ${String(p.harm)} H${p.cause ? ` (${String(p.cause)})` : ''}.${harmedText(p as unknown as Harmed)}`
    case 'osr.prepare':
      return `${String(p.name)} prepared ${((p.spells as string[]) ?? []).join(', ')}; the secret window closes at ${gameTime(Number(p.castBy))} (${String(p.minutes)} minutes).`
    case 'osr.combat.started':
      return `Combat: ${((p.party as string[]) ?? []).join(', ')} against ${((p.foes as string[]) ?? []).join(', ')}${p.met ? ` (met: ${String(p.met)})` : ''}.`
    case 'osr.combat.foe': {
      const initiative = p.initiative ? ` (initiative ${(p.initiative as { total: number }).total})` : ''
      if (p.maxH === undefined) return `${String(p.name)} joined the foes${initiative}.`
      return `${String(p.name)} joined the foes: ${String(p.maxH)} H, armour ${String(p.armour)}, ${String(p.weapon)} weapon, level ${String(p.level)}${initiative}.`
    }
    case 'osr.combat.foe.edited': {
      const after = p.after as { name: string; h: number; maxH: number; armour: number; weapon: string; level: number }
      return `${after.name}’s numbers: ${after.h}/${after.maxH} H, armour ${after.armour}, ${after.weapon} weapon, level ${after.level}.`
    }
    case 'osr.combat.foe.saved':
      return `${String(p.name)} was saved as an NPC of the campaign.`
    case 'osr.initiative': {
      const order = (p.order as { total: number; names: string[] }[]) ?? []
      return `Initiative, round ${String(p.round)}: ${order.map((s) => `${s.names.join(' & ')} ${s.total}`).join(', ')}.`
    }
    case 'osr.combat.joined':
      return `${String(p.name)} joined the ${p.side === 'party' ? 'party' : 'foes'}${p.initiative ? ` (initiative ${(p.initiative as { total: number }).total})` : ''}.`
    case 'osr.combat.left':
      return `${String(p.name)} left the fight.`
    case 'osr.combat.acted':
      return `${String(p.name)} acted${p.action ? `: ${String(p.action)}` : ''}.`
    case 'osr.reload':
      return `${String(p.name)} reloaded the ${String(p.weapon)}.`
    case 'osr.combat.ended': {
      const standing = (p.standing as { name: string; h?: number; maxH?: number }[] | undefined) ?? []
      return `The fight is over after ${String(p.rounds)} round${p.rounds === 1 ? '' : 's'}${standing.length ? `: ${standing.map((s) => (s.h === undefined ? s.name : `${s.name} ${s.h}/${s.maxH} H`)).join(', ')}` : ''}.`
    }
    case 'osr.undone':
      return `Undone at the table: ${String(p.summary)}.`
    default:
      return entryWords(e.kind, e.payload)
  }
}
