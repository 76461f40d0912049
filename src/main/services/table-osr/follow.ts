/**
 * The old-school tracker follows the clock's combat (CLK-2): when the clock starts a combat — from
 * the clock bar, the tracker or an encounter — the fight is set up; each round the clock plays rolls
 * that round's initiative (OSR-14); when the clock ends it, the fight ends with the standing logged.
 * Each is the table's own step, written inside the clock's step: undoing that step takes both back.
 */
import type { Met } from '../../../shared/api/table-combat.schemas'
import { roundDice, type CombatChange, type CombatFollower, type StepContext } from '../clock'
import { openSessionId, type Tx } from '../core'
import { fighterIn, loadFighter } from './fighters'
import { meetFoes, typeFoes, type FoeNumbers } from './foes'
import { refused } from './plan'
import { rollRound, NO_SURPRISE, type Logger, type Surprise } from './rounds'
import { loadTableState, saveTableState, type CombatState, type OsrTableState } from './state'
import { TableStep, undoOsrStepRow } from './steps'

/** Who fights, as the tracker's Start or an encounter passes it to the clock. */
export interface OsrSetup {
  party: number[]
  foes: number[]
  adHoc: FoeNumbers[]
  met?: Met | undefined
  surprise: Surprise
}

/** The player characters at the open session, or every active one when none is open or marked present. */
export async function presentParty(tx: Tx, campaignId: number): Promise<number[]> {
  const session = await openSessionId(tx.trx, campaignId)
  const present = session === null ? [] : await tx.trx
    .selectFrom('session_attendance as a')
    .innerJoin('character as c', 'c.id', 'a.character_id')
    .select('c.id')
    .where('a.session_id', '=', session)
    .where('c.kind', '=', 'pc')
    .where('c.status', '=', 'active')
    .orderBy('c.name')
    .execute()
  if (present.length > 0) return present.map((r) => r.id)
  const all = await tx.trx.selectFrom('character').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'pc').where('status', '=', 'active').orderBy('name').execute()
  return all.map((r) => r.id)
}

async function begin(ctx: StepContext, log: Logger, state: OsrTableState, change: CombatChange): Promise<OsrTableState> {
  const setup = (change.setup as OsrSetup | undefined) ?? { party: await presentParty(ctx.tx, ctx.campaignId), foes: [], adHoc: [], surprise: NO_SURPRISE }
  // The encounter's number appearing is rolled on the step's one roll of the dice.
  const dice = setup.met ? await roundDice(ctx) : null
  const met = setup.met && dice ? meetFoes(dice, setup.met) : null
  const foeIds = [...setup.foes, ...(met?.npcId != null && !setup.foes.includes(met.npcId) ? [met.npcId] : [])]
  if (foeIds.some((id) => setup.party.includes(id))) throw refused('A character cannot fight on both sides: take them out of one.', 'foes')
  const typed = typeFoes(state, ctx.campaignId, [...setup.adHoc, ...(met?.foes ?? [])])
  const combat: CombatState = {
    startedAt: change.clock.combat?.startedAt ?? change.clock.time,
    combatants: [...setup.party.map((characterId) => ({ characterId, side: 'party' as const })), ...[...foeIds, ...typed.foes.map((f) => f.id)].map((characterId) => ({ characterId, side: 'foes' as const }))],
    foes: typed.foes,
    surprise: setup.surprise,
    round: 0,
    initiative: [],
    order: [],
    acted: [],
    unloaded: [],
  }
  const next: OsrTableState = { ...typed.state, combat }
  await saveTableState(ctx.tx, ctx.campaignId, next)
  const name = async (id: number) => (await fighterIn(ctx.tx, id, ctx.campaignId)).name
  await log({
    kind: 'osr.combat.started',
    payload: {
      party: await Promise.all(setup.party.map(name)),
      foes: await Promise.all(combat.combatants.filter((c) => c.side === 'foes').map((c) => name(c.characterId))),
      surprise: setup.surprise,
      ...(met ? { met: met.words } : {}),
    },
    dice: dice?.faces ?? null,
  })
  return next
}

/** Who is left standing, and how: the fight's last word for the recap. */
async function standing(tx: Tx, campaignId: number, combat: CombatState) {
  const out: { name: string; side: string; h: number; maxH: number }[] = []
  for (const c of combat.combatants) {
    try {
      const f = await loadFighter(tx.trx, c.characterId, campaignId)
      out.push({ name: f.name, side: c.side, h: f.h, maxH: f.maxH })
    } catch {
      // Deleted since: no longer in the fight.
    }
  }
  return out
}

async function follow(ctx: StepContext, change: CombatChange): Promise<void> {
  const state = await loadTableState(ctx.tx.trx, ctx.campaignId)
  if (change.kind === 'ended' && !state.combat) return
  const step = await TableStep.begin(ctx.tx, ctx.campaignId)
  // The table's entries go into the clock's step, so undoing the step takes them back with it.
  const log: Logger = (entry) => ctx.recorder.log(entry)
  if (change.kind === 'started') {
    await begin(ctx, log, state, change)
    await step.finish('clock:combat-started', 'Combat started')
    return
  }
  if (change.kind === 'round') {
    // A fight the table did not follow (begun before it did) starts with the party now.
    const current = state.combat ? state : await begin(ctx, log, state, { ...change, setup: undefined })
    // OSR-14's initiative is rolled on the clock round's own roll of the dice: one roll per round.
    const rolled = await rollRound(ctx.tx, ctx.campaignId, log, await roundDice(ctx), current.combat!, change.round, current.combat!.surprise)
    await saveTableState(ctx.tx, ctx.campaignId, { ...current, combat: rolled })
    await step.finish('clock:round', `Round ${change.round}`)
    return
  }
  const combat = state.combat!
  await log({ kind: 'osr.combat.ended', payload: { rounds: change.round, seconds: change.clock.time - combat.startedAt, standing: await standing(ctx.tx, ctx.campaignId, combat) } })
  await saveTableState(ctx.tx, ctx.campaignId, { ...state, combat: null })
  await step.finish('clock:combat-ended', `Combat ended after ${change.round} round${change.round === 1 ? '' : 's'}`)
}

/** Takes back the table's steps written inside a clock step being undone (newest first). */
async function undo(tx: Tx, campaignId: number, logs: { first: number; last: number }): Promise<void> {
  const steps = await tx.trx
    .selectFrom('osr_step')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('undone', '=', 0)
    .where('first_log_id', '>=', logs.first)
    .where('last_log_id', '<=', logs.last)
    .orderBy('id', 'desc')
    .execute()
  for (const s of steps) await undoOsrStepRow(tx, s)
}

export const osrCombatFollower: CombatFollower = { follow, undo }
