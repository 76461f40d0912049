/**
 * The old-school combat tracker (OSR-14): who fights on which side, initiative rolled each round
 * (d20 + M, highest first, equal totals together, surprise in the first round), whose turn it is,
 * one action a round each, and reloading (OSR-18). The clock moves in 5-second rounds beside it
 * (CLK-2): starting, playing a round and ending go through the clock service first.
 */
import type { OsrTableView } from '../../../shared/contract'
import { rollInitiative } from '../../engines/osr'
import { unitOfWork, type ServiceDeps, campaignDice } from '../core'
import { loadStoredClock } from '../clock'
import { markActed, tableAction, type ActionContext } from './action'
import { fighterIn, requireOsrCampaign } from './fighters'
import { refused, underRules } from './plan'
import { loadTableState, type CombatState, type Side } from './state'
import { canAct, tableView } from './view'
import * as clock from '../clock'

type Surprise = { party: number; foes: number }
const NO_SURPRISE: Surprise = { party: 0, foes: 0 }

function requireCombat(state: { combat: CombatState | null }): CombatState {
  if (!state.combat) throw refused('There is no combat under way at the table: start one first.', 'campaignId')
  return state.combat
}

/**
 * Rolls one round's initiative for everyone able to act (OSR-14) and logs it with its faces.
 * @example await rollRound(ctx, combat, 1, { party: 0, foes: -2 }) // the foes were surprised
 */
async function rollRound(ctx: ActionContext, combat: CombatState, round: number, surprise: Surprise): Promise<CombatState> {
  const { tx, campaignId } = ctx
  const fighters = await Promise.all(combat.combatants.map(async (c) => ({ ...c, f: await fighterIn(tx, c.characterId, campaignId) })))
  const able = fighters.filter((c) => canAct(c.f))
  if (able.length === 0) throw refused('No one in the fight is able to act (every combatant is at 0 H or below): end the combat.', 'campaignId')
  const bySide = (side: Side) => (side === 'party' ? surprise.party : surprise.foes)
  const dice = await campaignDice(tx, campaignId)
  const rolled = underRules('surprise', () =>
    rollInitiative(dice, { round, combatants: able.map((c) => ({ id: String(c.characterId), M: c.f.M, ...(bySide(c.side) !== 0 ? { surprise: bySide(c.side) } : {}) })) }),
  )
  const initiative = rolled.rolls.map((r) => {
    const c = able.find((x) => String(x.characterId) === r.id)!
    return { characterId: c.characterId, natural: r.natural, total: r.total, surprise: round === 1 ? bySide(c.side) : 0 }
  })
  const order = rolled.order.map((s) => ({ total: s.total, characterIds: s.ids.map(Number) }))
  const name = (id: number) => fighters.find((c) => c.characterId === id)?.f.name ?? String(id)
  await ctx.step.log({
    kind: 'osr.initiative',
    payload: {
      round,
      rolls: initiative.map((i) => ({ ...i, name: name(i.characterId), M: fighters.find((c) => c.characterId === i.characterId)!.f.M })),
      order: order.map((s) => ({ total: s.total, names: s.characterIds.map(name) })),
    },
    dice: dice.faces,
  })
  return { ...combat, round, initiative, order, acted: [] }
}

/** The clock's combat round now; 0 when the clock is not in combat. */
async function clockRound(deps: ServiceDeps, campaignId: number): Promise<{ inCombat: boolean; round: number }> {
  return unitOfWork(deps, async (tx) => {
    const c = await loadStoredClock(tx, campaignId)
    return { inCombat: c.combat !== null, round: c.combat?.round ?? 0 }
  })
}

async function view(deps: ServiceDeps, campaignId: number): Promise<OsrTableView> {
  return unitOfWork(deps, (tx) => tableView(tx, campaignId))
}

/**
 * Starts a combat: the clock goes into 5-second rounds and plays the first (CLK-2), then round 1's
 * initiative is rolled with the GM's surprise modifiers for each side (OSR-14).
 * @example await startOsrCombat(deps, { campaignId: 1, party: [4, 5], foes: [7], surprise: { party: 0, foes: -3 } })
 */
export async function startOsrCombat(deps: ServiceDeps, input: { campaignId: number; party: number[]; foes: number[]; surprise: Surprise }): Promise<OsrTableView> {
  await requireOsrCampaign(deps.db, input.campaignId)
  const both = input.party.filter((id) => input.foes.includes(id))
  if (both.length > 0) throw refused('A character cannot fight on both sides: take them out of one.', 'foes')
  if (new Set([...input.party, ...input.foes]).size !== input.party.length + input.foes.length) throw refused('A character is listed twice: list each combatant once.', 'party')
  // Everything refusable is checked before the clock moves.
  await unitOfWork(deps, async (tx) => {
    if ((await loadTableState(tx.trx, input.campaignId)).combat) throw refused('A combat is already under way at the table: end it before starting another.', 'campaignId')
    for (const id of [...input.party, ...input.foes]) await fighterIn(tx, id, input.campaignId)
  })
  const before = await clockRound(deps, input.campaignId)
  if (!before.inCombat) await clock.startCombat(deps, input.campaignId)
  if (before.round === 0) await clock.nextRound(deps, input.campaignId)
  const round = Math.max(1, before.round)
  await tableAction(deps, input.campaignId, 'combat-started', async (ctx) => {
    const combat: CombatState = {
      startedAt: (await loadStoredClock(ctx.tx, input.campaignId)).combat?.startedAt ?? 0,
      combatants: [...input.party.map((characterId) => ({ characterId, side: 'party' as const })), ...input.foes.map((characterId) => ({ characterId, side: 'foes' as const }))],
      round: 0,
      initiative: [],
      order: [],
      acted: [],
      unloaded: [],
    }
    const names = await Promise.all(combat.combatants.map(async (c) => ({ side: c.side, name: (await fighterIn(ctx.tx, c.characterId, input.campaignId)).name })))
    await ctx.step.log({
      kind: 'osr.combat.started',
      payload: { party: names.filter((n) => n.side === 'party').map((n) => n.name), foes: names.filter((n) => n.side === 'foes').map((n) => n.name), surprise: input.surprise },
    })
    const rolled = await rollRound(ctx, combat, round, round === 1 ? input.surprise : NO_SURPRISE)
    return { state: { ...ctx.state, combat: rolled }, summary: 'Combat started', result: null }
  })
  return view(deps, input.campaignId)
}

/**
 * Rolls initiative for the clock's round when it has moved on (the GM played a round on the clock
 * bar); surprise only counts in round 1 (OSR-14).
 * @example await rollOsrInitiative(deps, { campaignId: 1, surprise: { party: 0, foes: 0 } })
 */
export async function rollOsrInitiative(deps: ServiceDeps, input: { campaignId: number; surprise: Surprise }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'initiative', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const c = await loadStoredClock(ctx.tx, input.campaignId)
    if (!c.combat) throw refused('The clock is not in combat any more: end the fight at the table, or start a new one.', 'campaignId')
    const round = Math.max(1, c.combat.round)
    if (round <= combat.round) throw refused(`Initiative for round ${combat.round} is already rolled: play the next round (R) first.`, 'campaignId')
    const rolled = await rollRound(ctx, combat, round, input.surprise)
    return { state: { ...ctx.state, combat: rolled }, summary: `Initiative for round ${round}`, result: null }
  })
  return view(deps, input.campaignId)
}

/**
 * Plays the next round: 5 seconds on the clock (timers and lights go on), then initiative for it.
 * @example await playOsrRound(deps, { campaignId: 1 })
 */
export async function playOsrRound(deps: ServiceDeps, input: { campaignId: number }): Promise<OsrTableView> {
  await requireOsrCampaign(deps.db, input.campaignId)
  requireCombat(await loadTableState(deps.db, input.campaignId))
  if (!(await clockRound(deps, input.campaignId)).inCombat) await clock.startCombat(deps, input.campaignId)
  await clock.nextRound(deps, input.campaignId)
  return rollOsrInitiative(deps, { campaignId: input.campaignId, surprise: NO_SURPRISE })
}

/**
 * Brings a character into the fight on one side; once initiative is rolled for the round they
 * roll theirs and take their place in the order.
 * @example await joinOsrCombat(deps, { campaignId: 1, characterId: 9, side: 'foes' })
 */
export async function joinOsrCombat(deps: ServiceDeps, input: { campaignId: number; characterId: number; side: Side }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'joined', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const f = await fighterIn(ctx.tx, input.characterId, input.campaignId)
    if (combat.combatants.some((c) => c.characterId === f.id)) throw refused(`${f.name} is already in the fight.`, 'characterId')
    let next: CombatState = { ...combat, combatants: [...combat.combatants, { characterId: f.id, side: input.side }] }
    let roll: { natural: number; total: number } | null = null
    let faces: Awaited<ReturnType<typeof campaignDice>>['faces'] = []
    if (combat.round > 0 && canAct(f)) {
      const dice = await campaignDice(ctx.tx, input.campaignId)
      faces = dice.faces
      const r = rollInitiative(dice, { round: combat.round, combatants: [{ id: String(f.id), M: f.M }] }).rolls[0]!
      roll = { natural: r.natural, total: r.total }
      const initiative = [...combat.initiative, { characterId: f.id, natural: r.natural, total: r.total, surprise: 0 }]
      const totals = [...new Set(initiative.map((i) => i.total))].sort((a, b) => b - a)
      next = { ...next, initiative, order: totals.map((total) => ({ total, characterIds: initiative.filter((i) => i.total === total).map((i) => i.characterId) })) }
    }
    await ctx.step.log({ kind: 'osr.combat.joined', payload: { name: f.name, characterId: f.id, side: input.side, round: combat.round, initiative: roll }, dice: faces })
    return { state: { ...ctx.state, combat: next }, summary: `${f.name} joined the ${input.side === 'party' ? 'party' : 'foes'}`, result: null }
  })
  return view(deps, input.campaignId)
}

/**
 * Takes a character out of the fight (fled, captured, not there after all).
 * @example await leaveOsrCombat(deps, { campaignId: 1, characterId: 9 })
 */
export async function leaveOsrCombat(deps: ServiceDeps, input: { campaignId: number; characterId: number }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'left', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const f = await fighterIn(ctx.tx, input.characterId, input.campaignId)
    if (!combat.combatants.some((c) => c.characterId === f.id)) throw refused(`${f.name} is not in the fight.`, 'characterId')
    const gone = (id: number) => id !== f.id
    const next: CombatState = {
      ...combat,
      combatants: combat.combatants.filter((c) => gone(c.characterId)),
      initiative: combat.initiative.filter((i) => gone(i.characterId)),
      order: combat.order.map((s) => ({ ...s, characterIds: s.characterIds.filter(gone) })).filter((s) => s.characterIds.length > 0),
      acted: combat.acted.filter(gone),
      unloaded: combat.unloaded.filter((u) => gone(u.characterId)),
    }
    await ctx.step.log({ kind: 'osr.combat.left', payload: { name: f.name, characterId: f.id } })
    return { state: { ...ctx.state, combat: next }, summary: `${f.name} left the fight`, result: null }
  })
  return view(deps, input.campaignId)
}

/**
 * Marks that a combatant took their one action this round (OSR-14) without a roll here.
 * @example await actInOsrCombat(deps, { campaignId: 1, characterId: 4, action: 'ran for the door' })
 */
export async function actInOsrCombat(deps: ServiceDeps, input: { campaignId: number; characterId: number; action: string }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'acted', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const f = await fighterIn(ctx.tx, input.characterId, input.campaignId)
    if (!combat.combatants.some((c) => c.characterId === f.id)) throw refused(`${f.name} is not in the fight.`, 'characterId')
    if (combat.acted.includes(f.id)) throw refused(`${f.name} has already acted this round: one action a round (OSR-14).`, 'characterId')
    await ctx.step.log({ kind: 'osr.combat.acted', payload: { name: f.name, characterId: f.id, round: combat.round, action: input.action } })
    return { state: markActed(ctx.state, f.id), summary: `${f.name} acted${input.action ? `: ${input.action}` : ''}`, result: null }
  })
  return view(deps, input.campaignId)
}

/**
 * Reloads a crossbow or firearm without automatic feed: it takes the action (OSR-18).
 * @example await reloadOsrWeapon(deps, { campaignId: 1, characterId: 4, weaponId: 15 })
 */
export async function reloadOsrWeapon(deps: ServiceDeps, input: { campaignId: number; characterId: number; weaponId: number }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'reload', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const f = await fighterIn(ctx.tx, input.characterId, input.campaignId)
    const weapon = f.weapons.find((w) => w.id === input.weaponId)
    if (!weapon) throw refused(`${f.name} carries no weapon with id ${input.weaponId}.`, 'weaponId')
    if (!combat.unloaded.some((u) => u.characterId === f.id && u.weaponId === weapon.id)) throw refused(`${f.name}’s ${weapon.name} is loaded already.`, 'weaponId')
    if (combat.acted.includes(f.id)) throw refused(`${f.name} has already acted this round; reloading takes an action (OSR-18). Reload next round.`, 'characterId')
    await ctx.step.log({ kind: 'osr.reload', payload: { name: f.name, characterId: f.id, weapon: weapon.name, round: combat.round } })
    const next = { ...combat, unloaded: combat.unloaded.filter((u) => !(u.characterId === f.id && u.weaponId === weapon.id)) }
    return { state: markActed({ ...ctx.state, combat: next }, f.id), summary: `${f.name} reloaded the ${weapon.name}`, result: null }
  })
  return view(deps, input.campaignId)
}

/**
 * Ends the fight at the table, then the clock's combat: the clock stays where the rounds took it (CLK-2).
 * @example await endOsrCombat(deps, { campaignId: 1 })
 */
export async function endOsrCombat(deps: ServiceDeps, input: { campaignId: number }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'combat-ended', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const c = await loadStoredClock(ctx.tx, input.campaignId)
    // Who is left standing, and how: the fight's last word for the recap.
    const standing = (await tableView(ctx.tx, input.campaignId)).combat?.combatants.map((x) => ({ name: x.name, side: x.side, h: x.h, maxH: x.maxH })) ?? []
    await ctx.step.log({ kind: 'osr.combat.ended', payload: { rounds: combat.round, seconds: c.time - combat.startedAt, standing } })
    return { state: { ...ctx.state, combat: null }, summary: `Combat ended after ${combat.round} round${combat.round === 1 ? '' : 's'}`, result: null }
  })
  if ((await clockRound(deps, input.campaignId)).inCombat) await clock.endCombat(deps, input.campaignId)
  return view(deps, input.campaignId)
}
