/**
 * The old-school combat tracker (OSR-14): who fights on which side, initiative each round (d20 + M,
 * highest first, equal totals together, surprise in the first round), whose turn it is, one action
 * a round each, and reloading (OSR-18). The clock's combat is the one combat (CLK-2): starting,
 * playing a round and ending go through the clock, whose step carries the tracker's (follow.ts).
 */
import type { OsrTableView } from '../../../shared/contract'
import type { Met } from '../../../shared/api/table-combat.schemas'
import { rollInitiative } from '../../engines/osr'
import { unitOfWork, type ServiceDeps, campaignDice } from '../core'
import { loadStoredClock } from '../clock'
import * as clock from '../clock'
import { markActed, tableAction } from './action'
import { fighterIn, requireOsrCampaign } from './fighters'
import type { FoeNumbers } from './foes'
import { presentParty, type OsrSetup } from './follow'
import { refused } from './plan'
import { rollRound, withRoll, NO_SURPRISE, type Surprise } from './rounds'
import type { CombatState, Side } from './state'
import { canAct, tableView } from './view'

export function requireCombat(state: { combat: CombatState | null }): CombatState {
  if (!state.combat) throw refused('There is no combat under way at the table: start one first.', 'campaignId')
  return state.combat
}

/** The clock's combat round now; 0 when the clock is not in combat. */
async function clockRound(deps: ServiceDeps, campaignId: number): Promise<{ inCombat: boolean; round: number }> {
  return unitOfWork(deps, async (tx) => {
    const c = await loadStoredClock(tx, campaignId)
    return { inCombat: c.combat !== null, round: c.combat?.round ?? 0 }
  })
}

export async function osrView(deps: ServiceDeps, campaignId: number): Promise<OsrTableView> {
  return unitOfWork(deps, (tx) => tableView(tx, campaignId))
}

export interface StartInput {
  campaignId: number
  party: number[]
  foes: number[]
  adHoc: (Omit<FoeNumbers, 'h'> & { maxH: number })[]
  met?: Met | undefined
  surprise: Surprise
  firstRound: boolean
}

/**
 * Starts a combat on the clock and at the table in one step (the party at the open session when
 * none is named; an encounter's row becomes foes), then, for the tracker's Start, round 1 with its
 * initiative and the GM's surprise modifiers (OSR-14) as the clock's next step.
 * @example await startOsrCombat(deps, { campaignId: 1, party: [4, 5], foes: [7], adHoc: [], surprise: { party: 0, foes: -3 }, firstRound: true })
 */
export async function startOsrCombat(deps: ServiceDeps, input: StartInput): Promise<OsrTableView> {
  await requireOsrCampaign(deps.db, input.campaignId)
  if (input.party.some((id) => input.foes.includes(id))) throw refused('A character cannot fight on both sides: take them out of one.', 'foes')
  if (new Set([...input.party, ...input.foes]).size !== input.party.length + input.foes.length) throw refused('A character is listed twice: list each combatant once.', 'party')
  // Everything refusable is checked before the clock moves.
  await unitOfWork(deps, async (tx) => {
    if ((await loadStoredClock(tx, input.campaignId)).combat) throw refused('A combat is already under way: its tracker is on the table; bring foes into it there, or end it first.', 'campaignId')
    for (const id of [...input.party, ...input.foes]) await fighterIn(tx, id, input.campaignId)
  })
  const setup: OsrSetup = {
    party: input.party,
    foes: input.foes,
    adHoc: input.adHoc.map((f) => ({ ...f, h: f.maxH })),
    met: input.met,
    surprise: input.surprise,
  }
  if (setup.party.length === 0) setup.party = await unitOfWork(deps, (tx) => presentParty(tx, input.campaignId))
  await clock.startCombat(deps, input.campaignId, setup)
  if (input.firstRound) await clock.nextRound(deps, input.campaignId)
  return osrView(deps, input.campaignId)
}

/**
 * Rolls initiative for the clock's round when the table has fallen behind it (a fight the tracker
 * did not follow); surprise only counts in round 1 (OSR-14).
 * @example await rollOsrInitiative(deps, { campaignId: 1, surprise: { party: 0, foes: 0 } })
 */
export async function rollOsrInitiative(deps: ServiceDeps, input: { campaignId: number; surprise: Surprise }): Promise<OsrTableView> {
  await tableAction(deps, input.campaignId, 'initiative', async (ctx) => {
    const combat = requireCombat(ctx.state)
    const c = await loadStoredClock(ctx.tx, input.campaignId)
    if (!c.combat) throw refused('The clock is not in combat any more: end the fight at the table, or start a new one.', 'campaignId')
    const round = Math.max(1, c.combat.round)
    if (round <= combat.round) throw refused(`Initiative for round ${combat.round} is already rolled: play the next round (R) first.`, 'campaignId')
    if (round > 1 && (input.surprise.party !== 0 || input.surprise.foes !== 0)) throw refused("Surprise modifies only the first round's initiative (OSR-14): set it to 0.", 'surprise')
    const rolled = await rollRound(ctx.tx, input.campaignId, (e) => ctx.step.log(e), await campaignDice(ctx.tx, input.campaignId), combat, round, round === 1 ? input.surprise : NO_SURPRISE)
    return { state: { ...ctx.state, combat: rolled }, summary: `Initiative for round ${round}`, result: null }
  })
  return osrView(deps, input.campaignId)
}

/**
 * Plays the next round on the clock: 5 seconds (timers and lights go on) and, in the same step,
 * the round's initiative.
 * @example await playOsrRound(deps, { campaignId: 1 })
 */
export async function playOsrRound(deps: ServiceDeps, input: { campaignId: number }): Promise<OsrTableView> {
  await requireOsrCampaign(deps.db, input.campaignId)
  if (!(await clockRound(deps, input.campaignId)).inCombat) throw refused('There is no combat under way: start one first.', 'campaignId')
  await clock.nextRound(deps, input.campaignId)
  return osrView(deps, input.campaignId)
}

/**
 * Brings a character or a typed foe into the fight on one side; once the round has begun they roll
 * their initiative and take their place in the order.
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
      next = withRoll(next, { characterId: f.id, natural: r.natural, total: r.total, surprise: 0 })
    }
    await ctx.step.log({ kind: 'osr.combat.joined', payload: { name: f.name, characterId: f.id, side: input.side, round: combat.round, initiative: roll }, dice: faces })
    return { state: { ...ctx.state, combat: next }, summary: `${f.name} joined the ${input.side === 'party' ? 'party' : 'foes'}`, result: null }
  })
  return osrView(deps, input.campaignId)
}

/**
 * Takes a character or foe out of the fight (fled, captured, not there after all).
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
  return osrView(deps, input.campaignId)
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
  return osrView(deps, input.campaignId)
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
  return osrView(deps, input.campaignId)
}

/**
 * Ends the combat on the clock and at the table in one step: the clock stays where the rounds took
 * it (CLK-2). A fight left at the table after the clock's combat was ended elsewhere ends alone.
 * @example await endOsrCombat(deps, { campaignId: 1 })
 */
export async function endOsrCombat(deps: ServiceDeps, input: { campaignId: number }): Promise<OsrTableView> {
  await requireOsrCampaign(deps.db, input.campaignId)
  if ((await clockRound(deps, input.campaignId)).inCombat) {
    await clock.endCombat(deps, input.campaignId)
    return osrView(deps, input.campaignId)
  }
  await tableAction(deps, input.campaignId, 'combat-ended', async (ctx) => {
    const combat = requireCombat(ctx.state)
    await ctx.step.log({ kind: 'osr.combat.ended', payload: { rounds: combat.round, seconds: 0, standing: [] } })
    return { state: { ...ctx.state, combat: null }, summary: 'Combat ended', result: null }
  })
  return osrView(deps, input.campaignId)
}
