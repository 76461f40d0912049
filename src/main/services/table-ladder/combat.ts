/**
 * A combat round (LAD-12): every hand-to-hand fight at once (LAD-13), then every shot at once
 * (LAD-14); anyone who attacked or was attacked hand-to-hand cannot fire. Strikes and hits become
 * injuries with their location (LAD-17), third Wounds and the Incapacitated follow LAD-18, and the
 * incapacitation timers go on the clock (LAD-19) — all in one transaction with the round's entry.
 */
import type { ConflictView } from '../../../shared/api/table-ladder.contract'
import { damageBetween, meleeExchange, planCombatRound, rollGunfire, startMelee, type Combatant as EngineCombatant, type DamageLevel, type WoundLocation } from '../../engines/ladder'
import type { TimerInput } from '../../engines/clock'
import type { LogEntry } from '../../../shared/contract'
import { unitOfWork, currentGameTime, type ServiceDeps, type Tx, type NewLogEntry, type CampaignDice } from '../core'
import { loadStoredClock } from '../clock'
import * as clock from '../clock'
import { byTheRules, refuse } from './refusal'
import { contenderOf } from './odds'
import { openConflict, saveConflict, undoPoint, type CombatState, type Conflict, type Last } from './conflict-store'
import { reread } from './conflicts'
import { ladderRoundSeconds, sufferInjury } from './consequences'
import { ap, roundLine, type RoundSaid } from './lines'

type Setup = Extract<import('./conflict-store').Setup, { kind: 'combat' }>
type Line = Last['lines'][number]

export interface RoundInput {
  id: number
  melee: { attacker: string; defender: string }[]
  gunfire: { shooter: string; target: string; rung: import('../../engines/ladder').Rung }[]
  gmOnly: boolean
}

interface Hit {
  victim: string
  by: string
  taken: DamageLevel
  location: WoundLocation | null
  attackFace: number
}

/** The key of a hand-to-hand fight: the same two combatants fight one fight, whoever attacks (LAD-13). */
const fightKey = (x: string, y: string): [string, string] => (x.localeCompare(y) <= 0 ? [x, y] : [y, x])

/** Every problem with the GM's plan that the names and statuses show, before any die is rolled. */
function planProblems(setup: Setup, state: CombatState, input: RoundInput): string[] {
  const known = new Map(setup.combatants.map((c) => [c.name, c]))
  const problems: string[] = []
  const outOfFight = (name: string) => {
    const s = state.status[name]
    return s?.killed ? 'killed' : s?.incapacitated ? 'Incapacitated' : null
  }
  const names = [...input.melee.flatMap((m) => [m.attacker, m.defender]), ...input.gunfire.flatMap((g) => [g.shooter, g.target])]
  for (const name of new Set(names)) if (!known.has(name)) problems.push(`“${name}” is not in this fight; add them with a new combat.`)
  for (const m of input.melee) {
    if (m.attacker === m.defender) problems.push(`${m.attacker} cannot fight themselves.`)
    const out = outOfFight(m.attacker)
    if (out) problems.push(`${m.attacker} is ${out} and out of the fight, so cannot attack (LAD-18).`)
  }
  for (const g of input.gunfire) {
    if (g.shooter === g.target) problems.push(`${g.shooter} cannot shoot themselves.`)
    const out = outOfFight(g.shooter)
    if (out) problems.push(`${g.shooter} is ${out} and out of the fight, so cannot fire (LAD-18).`)
    if (known.has(g.shooter) && !known.get(g.shooter)!.shoot) problems.push(`${g.shooter} has no shooting asset in this fight.`)
  }
  return problems
}

function engineCombatant(c: Setup['combatants'][number]): EngineCombatant {
  return { ...contenderOf(c), ...(c.naturalWeapons ? { naturalWeapons: true } : {}), ...(c.super ? { super: true } : {}) }
}

/** Where a round's entry goes: the clock's step that plays the round. */
export type RoundLogger = (entry: Omit<NewLogEntry, 'campaignId'>) => Promise<LogEntry>

/**
 * Runs one combat round of a combat tracker as the clock plays round `round` (CLK-2), inside the
 * clock's step, on `takeDice` (the step's roll: the round takes no second one); returns the timers
 * it sets (LAD-17, LAD-19) for the clock to carry. Refused with every problem of the plan, writing
 * nothing, when the rules do not allow it (LAD-12, LAD-17, LAD-18).
 * @example await runCombatRound(tx, conflict, { id: 5, melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [], gmOnly: false }, 2, log, () => roundDice(ctx))
 */
export async function runCombatRound(tx: Tx, conflict: Conflict, input: RoundInput, round: number, log: RoundLogger, takeDice: () => Promise<CampaignDice>): Promise<TimerInput[]> {
  if (conflict.setup.kind !== 'combat') throw refuse('id', 'Only a combat runs in rounds; a conflict plays exchanges.')
  const setup = conflict.setup
  const before = conflict.state as CombatState
  if (input.melee.length === 0 && input.gunfire.length === 0) throw refuse('melee', 'Plan at least one hand-to-hand attack or one shot for the round.')
  const problems = planProblems(setup, before, input)
  const roundSeconds = await ladderRoundSeconds(tx, conflict.campaignId)
  // LAD-17: knocked out until the time they come round; the round starts now.
  const now = await currentGameTime(tx.trx, conflict.campaignId)
  const knockedOut = Object.entries(before.knockedOut ?? {}).filter(([, until]) => until > now).map(([name]) => name)
  const order = planCombatRound(
    { melee: input.melee, gunfire: input.gunfire.map((g) => ({ shooter: g.shooter, target: g.target })), lostAttack: before.lostAttack, knockedOut },
    roundSeconds,
  )
  if (!order.ok) problems.push(...order.problems)
  if (problems.length > 0) throw refuse('melee', problems.join(' '))
  const dice = await takeDice()
  const who = new Map(setup.combatants.map((c) => [c.name, c]))
  const fights = { ...before.fights }
  const lines: Line[] = []
  const hits: Hit[] = []
  const melee: RoundSaid['melee'] = []
  const gunfire: RoundSaid['gunfire'] = []

  // LAD-12: hand-to-hand first, all at once; the same two combatants fight one fight.
  const pairs = new Map(input.melee.map((m) => [fightKey(m.attacker, m.defender).join('\u0000'), fightKey(m.attacker, m.defender)]))
  for (const [key, [a, b]] of pairs) {
    const fight = fights[key] ?? { ...startMelee({ extended: before.extended }), a, b }
    const ca = who.get(a)!
    const cb = who.get(b)!
    const { state, report } = byTheRules('melee', () => meleeExchange(dice, fight, { a: engineCombatant(ca), b: engineCombatant(cb) }))
    fights[key] = { ...state, a, b }
    const strike = report.strike
    const noteOf = (side: 'a' | 'b') => (strike?.by === side ? `strikes: ${strike.effect}` : report.scored[side === 'a' ? 0 : 1] ? `+${ap(report.scored[side === 'a' ? 0 : 1])}` : '')
    lines.push({ name: a, faces: report.rolls.a.faces, result: report.rolls.a.result, note: noteOf('a') })
    lines.push({ name: b, faces: report.rolls.b.faces, result: report.rolls.b.result, note: noteOf('b') })
    melee.push({
      a: { name: a, faces: report.rolls.a.faces, result: report.rolls.a.result },
      b: { name: b, faces: report.rolls.b.faces, result: report.rolls.b.result },
      ap: { ...report.after },
      strike: strike ? (strike.by === 'a' ? a : b) : null,
    })
    if (strike) hits.push({ victim: strike.by === 'a' ? b : a, by: strike.by === 'a' ? a : b, taken: strike.effect, location: strike.location?.location ?? null, attackFace: strike.locationFace })
  }

  // LAD-14: then gunfire, all at once, against the target rung the GM set.
  for (const g of input.gunfire) {
    const shooter = who.get(g.shooter)!
    const target = who.get(g.target)!
    const shot = byTheRules('gunfire', () => rollGunfire(dice, { asset: shooter.shoot!, target: g.rung, extended: before.extended, ...(shooter.wonky ? { wonky: shooter.wonky } : {}) }))
    lines.push({ name: g.shooter, faces: shot.roll.faces, result: shot.roll.result, note: `at ${g.target}: ${shot.outcome}` })
    gunfire.push({ shot: { name: g.shooter, faces: shot.roll.faces, result: shot.roll.result }, target: g.target, rung: g.rung, outcome: shot.outcome })
    if (shot.outcome !== 'miss') {
      // LAD-31: between supers, damage is subdual.
      const taken = damageBetween(shot.outcome, { supers: shooter.super && target.super })
      hits.push({ victim: g.target, by: g.shooter, taken, location: shot.location?.location ?? null, attackFace: shot.roll.faces[0]! })
    }
  }

  // LAD-15 … LAD-19: each strike or hit lands as an injury, in the order made.
  const status = { ...before.status }
  const consequences: Last['consequences'] = []
  const timers: TimerInput[] = []
  for (const h of hits) {
    const victim = who.get(h.victim)!
    const r = await sufferInjury(tx, dice, { characterId: victim.characterId, name: h.victim, status: status[h.victim]! }, { ...h, roundSeconds, campaignId: conflict.campaignId })
    status[h.victim] = r.status
    consequences.push(r.consequence)
    timers.push(...r.timers)
  }
  // LAD-17: a Wound to the head knocks out until its timer; those come round are no longer kept.
  const out: Record<string, number> = Object.fromEntries(knockedOut.map((name) => [name, before.knockedOut![name]!]))
  for (const c of consequences) {
    const wakes = c.outcome === 'wounded' && c.location === 'head' ? c.timers[0]?.at : undefined
    if (wakes !== undefined) out[c.name] = wakes
  }
  // LAD-17: a Wound costs the next attack (last round's losses are spent by this round); for one
  // knocked out it is among the attacks the knock-out takes: who comes round fights at once.
  for (const [i, c] of consequences.entries()) if (c.losesNextAttack && c.name in out) consequences[i] = { ...c, losesNextAttack: false }
  const lostAttack = [...new Set(consequences.filter((c) => c.losesNextAttack).map((c) => c.name))]
  const state: CombatState = { ...before, round, fights, status, lostAttack, knockedOut: out }
  const said: RoundSaid = { title: conflict.name, round, melee, gunfire, hurt: consequences.map((c) => ({ name: c.name, outcome: c.outcome, location: c.location })) }
  const text = roundLine(said)
  await saveConflict(tx, conflict, { state, last: { title: `Round ${round}`, text, lines, consequences } })
  await log({
    kind: 'ladder.combat.round',
    payload: { conflictId: conflict.id, name: conflict.name, round, lines, consequences: consequences.map(({ injury, ...c }) => ({ ...c, injuryId: injury?.id ?? null })), said, text, undo: undoPoint(conflict) },
    dice: dice.faces,
    gmOnly: input.gmOnly,
  })
  // The timers go on the clock with the round, in the clock's own step (CLK-6).
  return timers
}

/**
 * Runs the next combat round: the clock plays the round and the tracker's plan in one step (CLK-2);
 * the clock's combat starts first if it has not.
 * @example await combatRound(deps, { id: 5, melee: [{ attacker: 'Tai', defender: 'Guard' }], gunfire: [{ shooter: 'Orb', target: 'Sniper', rung: 'good' }], gmOnly: false })
 */
export async function combatRound(deps: ServiceDeps, input: RoundInput): Promise<ConflictView> {
  const conflict = await unitOfWork(deps, (tx) => openConflict(tx, input.id))
  if (conflict.setup.kind !== 'combat') throw refuse('id', 'Only a combat runs in rounds; a conflict plays exchanges.')
  const inCombat = await unitOfWork(deps, async (tx) => (await loadStoredClock(tx, conflict.campaignId)).combat !== null)
  if (!inCombat) await clock.startCombat(deps, conflict.campaignId)
  await clock.nextRound(deps, conflict.campaignId, { round: input })
  return unitOfWork(deps, (tx) => reread(tx, input.id))
}
