/**
 * Starting, listing, neutralising in and ending The Ladder's trackers: extended conflicts (LAD-7 …
 * LAD-9), team fights and henchmen (LAD-10, LAD-31), races (LAD-11), magic duels (LAD-28) and
 * combats (LAD-12). Each change is one transaction with its log entry.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Combatant, ConflictView, Participant, StartConflict } from '../../../shared/api/table-ladder.contract'
import { UNHURT, neutralise, requireAsset, startDuel, startExtendedConflict, startRace, startTeamConflict, type TeamConflictState } from '../../engines/ladder'
import { unitOfWork, type ServiceDeps, type Tx, type NewLogEntry, appendLog, openSessionId } from '../core'
import { loadStoredClock } from '../clock'
import * as clock from '../clock'
import { byTheRules, refuse, requireLadderCampaign } from './refusal'
import { injuryStatuses, resolveRoller } from './who'
import { contenderOf } from './odds'
import { openConflict, saveConflict, toConflict, undoPoint, type CombatState, type Conflict, type EngineState, type Setup, type TeamMemberSetup } from './conflict-store'
import { conflictView } from './conflict-view'
import { endedLine, startedLine, type Entrant, type StartedSaid } from './lines'

/**
 * The campaign's trackers, open ones first, newest first.
 * @example await listConflicts(db, { campaignId: 1, openOnly: true })
 */
export async function listConflicts(db: Kysely<Database>, q: { campaignId: number; openOnly: boolean }): Promise<ConflictView[]> {
  await requireLadderCampaign(db, q.campaignId)
  let query = db.selectFrom('ladder_conflict').selectAll().where('campaign_id', '=', q.campaignId)
  if (q.openOnly) query = query.where('status', '=', 'open')
  const rows = await query.orderBy('status', 'desc').orderBy('id', 'desc').limit(50).execute()
  return rows.map((r) => conflictView(toConflict(r)))
}

/** A participant with a character's own name; `super` when their sheet says so (LAD-29). */
async function resolved<T extends Participant>(tx: Tx, campaignId: number, p: T): Promise<T & { isSuper: boolean }> {
  const who = await resolveRoller(tx.trx, campaignId, p)
  return { ...p, name: who.name, isSuper: who.super }
}

function uniqueNames(names: string[]): void {
  const twice = names.find((n, i) => names.indexOf(n) !== i)
  if (twice !== undefined) throw refuse('name', `“${twice}” takes part twice; give each participant a name of their own (Thug 1, Thug 2 …).`)
}

function checkAssets(people: { asset: Combatant['asset']; shoot?: Combatant['shoot']; name: string }[], extended: boolean): void {
  for (const p of people) {
    byTheRules('asset', () => requireAsset(p.asset, extended))
    if (p.shoot) byTheRules('shoot', () => requireAsset(p.shoot, extended))
  }
}

const strip = <T extends { isSuper: boolean }>({ isSuper: _s, ...rest }: T): Omit<T, 'isSuper'> => rest

/** The setup with names resolved, the engine's first state and what the log says of it. */
async function begin(tx: Tx, input: StartConflict): Promise<{ setup: Setup; state: EngineState; name: string; said: StartedSaid }> {
  const c = input.campaignId
  const who = (p: Participant): Entrant => ({ name: p.name, assetName: p.assetName, asset: p.asset })
  switch (input.kind) {
    case 'extended': {
      const a = await resolved(tx, c, input.a)
      const b = await resolved(tx, c, input.b)
      uniqueNames([a.name, b.name])
      const extended = input.extended || a.isSuper || b.isSuper
      checkAssets([a, b], extended)
      const state = byTheRules('headStart', () => startExtendedConflict({ headStart: input.headStart, extended }))
      return {
        setup: { kind: 'extended', a: strip(a), b: strip(b) },
        state,
        name: input.name || `${a.name} vs ${b.name}`,
        said: { kind: 'extended', a: who(a), b: who(b), headStart: { ...input.headStart } },
      }
    }
    case 'team': {
      const side = async (members: typeof input.a) => Promise.all(members.map(async (m) => resolved(tx, c, m)))
      const a = await side(input.a)
      const b = await side(input.b)
      uniqueNames([...a, ...b].map((m) => m.name))
      const extended = input.extended || [...a, ...b].some((m) => m.isSuper || m.super)
      const engine = (m: TeamMemberSetup & { isSuper: boolean }) => ({ ...contenderOf(m), name: m.name, ...(m.super || m.isSuper ? { super: true } : {}), ...(m.henchman ? { henchman: true } : {}) })
      const state = byTheRules('a', () => startTeamConflict({ a: a.map(engine), b: b.map(engine), headStart: input.headStart, extended }))
      const labels = { a: input.labels.a || 'Side A', b: input.labels.b || 'Side B' }
      const setupOf = (m: TeamMemberSetup & { isSuper: boolean }): TeamMemberSetup => ({ ...strip(m), super: m.super || m.isSuper })
      return {
        setup: { kind: 'team', labels, a: a.map(setupOf), b: b.map(setupOf) },
        state,
        name: input.name || `${labels.a} vs ${labels.b}`,
        said: { kind: 'team', labels, a: a.map(who), b: b.map(who), headStart: { ...input.headStart } },
      }
    }
    case 'race': {
      const contestants = await Promise.all(input.contestants.map(async (p) => resolved(tx, c, p)))
      const extended = input.extended || contestants.some((p) => p.isSuper)
      const state = byTheRules('contestants', () => startRace({ contestants: contestants.map((p) => ({ ...contenderOf(p), name: p.name })), difficulty: input.difficulty, extended }))
      return {
        setup: { kind: 'race', contestants: contestants.map(strip) },
        state,
        name: input.name || `Race: ${contestants.map((p) => p.name).join(', ')}`,
        said: { kind: 'race', difficulty: input.difficulty, contestants: contestants.map(who), target: state.target },
      }
    }
    case 'duel': {
      const a = await resolved(tx, c, input.a)
      const b = await resolved(tx, c, input.b)
      uniqueNames([a.name, b.name])
      // LAD-25: magic always uses the extended ladder.
      checkAssets([a, b], true)
      const state = { ...byTheRules('headStart', () => startDuel({ headStart: input.headStart })), rung: input.rung }
      return {
        setup: { kind: 'duel', a: strip(a), b: strip(b) },
        state,
        name: input.name || `Duel: ${a.name} vs ${b.name}`,
        said: { kind: 'duel', a: who(a), b: who(b), rung: input.rung },
      }
    }
    case 'combat': {
      const combatants = await Promise.all(input.combatants.map(async (p) => resolved(tx, c, p)))
      uniqueNames(combatants.map((p) => p.name))
      const extended = combatants.some((p) => p.isSuper || p.super)
      checkAssets(combatants, extended)
      const ids = combatants.flatMap((p) => (p.characterId === null ? [] : [p.characterId]))
      const statuses = await injuryStatuses(tx.trx, ids)
      const state: CombatState = {
        extended,
        round: 0,
        status: Object.fromEntries(combatants.map((p) => [p.name, p.characterId === null ? { ...UNHURT } : (statuses.get(p.characterId) ?? { ...UNHURT })])),
        fights: {},
        lostAttack: [],
      }
      return {
        setup: { kind: 'combat', combatants: combatants.map((p) => ({ ...strip(p), super: p.super || p.isSuper })) },
        state,
        name: input.name || `Fight: ${combatants.map((p) => p.name).join(', ')}`,
        said: { kind: 'combat', combatants: combatants.map((p) => ({ name: p.name, asset: p.asset, shoot: p.shoot })) },
      }
    }
  }
}

/**
 * Writes a new tracker inside the caller's unit of work; its entry goes where `log` puts it (the
 * clock's step, for a combat that starts the clock's). A combat begins at the clock's round.
 * @example await insertConflict(tx, input, (e) => appendLog(tx, { ...e, campaignId: 1 }), 0)
 */
export async function insertConflict(tx: Tx, input: StartConflict, log: (entry: Omit<NewLogEntry, 'campaignId'>) => Promise<unknown>, round = 0): Promise<number> {
  await requireLadderCampaign(tx.trx, input.campaignId)
  const begun = await begin(tx, input)
  const state = begun.setup.kind === 'combat' ? { ...(begun.state as CombatState), round } : begun.state
  const row = await tx.trx
    .insertInto('ladder_conflict')
    .values({
      campaign_id: input.campaignId,
      session_id: await openSessionId(tx.trx, input.campaignId),
      kind: input.kind,
      name: begun.name,
      setup: JSON.stringify(begun.setup),
      state: JSON.stringify(state),
      last: null,
      created_at: tx.realTime,
      updated_at: tx.realTime,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  await log({ kind: 'ladder.conflict.started', payload: { conflictId: row.id, kind: input.kind, name: begun.name, said: begun.said, text: startedLine(begun.said) } })
  return row.id
}

/** The campaign's open combat, if any: the one that follows the clock's combat. */
export async function openCombatId(db: Kysely<Database>, campaignId: number): Promise<number | null> {
  const row = await db.selectFrom('ladder_conflict').select('id').where('campaign_id', '=', campaignId).where('kind', '=', 'combat').where('status', '=', 'open').orderBy('id', 'desc').executeTakeFirst()
  return row?.id ?? null
}

/**
 * Starts a tracker with its participants (characters by id, or names typed at the table) and any
 * head start (LAD-9). A combat is the clock's combat (CLK-2): it starts the clock's in the same
 * step, or joins the one under way at its round. Refused, writing nothing, when the rules do not
 * allow the setup.
 * @example await startConflict(deps, { campaignId: 1, kind: 'extended', name: '', a: tai, b: guard, headStart: { a: 0, b: 1 }, extended: false })
 */
export async function startConflict(deps: ServiceDeps, input: StartConflict): Promise<ConflictView> {
  if (input.kind === 'combat') {
    const under = await unitOfWork(deps, async (tx) => {
      await requireLadderCampaign(tx.trx, input.campaignId)
      if (await openCombatId(tx.trx, input.campaignId)) throw refuse('campaignId', 'A fight is already under way, and the clock runs one combat at a time (CLK-2): end it before setting up another.')
      return (await loadStoredClock(tx, input.campaignId)).combat
    })
    if (!under) {
      await clock.startCombat(deps, input.campaignId, { start: input })
      return unitOfWork(deps, async (tx) => reread(tx, (await openCombatId(tx.trx, input.campaignId))!))
    }
    return unitOfWork(deps, async (tx) => reread(tx, await insertConflict(tx, input, (e) => appendLog(tx, { ...e, campaignId: input.campaignId }), under.round)))
  }
  return unitOfWork(deps, async (tx) => reread(tx, await insertConflict(tx, input, (e) => appendLog(tx, { ...e, campaignId: input.campaignId }))))
}

async function reread(tx: Tx, id: number): Promise<ConflictView> {
  return conflictView(toConflict(await tx.trx.selectFrom('ladder_conflict').selectAll().where('id', '=', id).executeTakeFirstOrThrow()))
}

/**
 * LAD-10: the team that reached 6 AP takes out the opposing member the GM picks; then every AP on
 * both sides is erased. The fight ends when a team has no one left.
 * @example await neutraliseMember(deps, { id: 3, name: 'Thug 2' })
 */
export async function neutraliseMember(deps: ServiceDeps, input: { id: number; name: string }): Promise<ConflictView> {
  return unitOfWork(deps, async (tx) => {
    const conflict = await openConflict(tx, input.id)
    if (conflict.setup.kind !== 'team') throw refuse('id', 'Only a team fight neutralises its members (LAD-10).')
    const setup = conflict.setup
    const state = byTheRules('name', () => neutralise(conflict.state as TeamConflictState, input.name))
    const side = setup.a.some((m) => m.name === input.name) ? setup.labels.a : setup.labels.b
    const winner = state.winner ? ` ${setup.labels[state.winner]} wins: ${setup.labels[state.winner === 'a' ? 'b' : 'a']} has no one left.` : ''
    const text = `${input.name} (${side}) is neutralised; every AP is erased (LAD-10).${winner}`
    await saveConflict(tx, conflict, { state, last: { title: `${input.name} neutralised`, text, lines: [], consequences: [] } })
    await appendLog(tx, { campaignId: conflict.campaignId, kind: 'ladder.conflict.neutralised', payload: { conflictId: conflict.id, name: input.name, text, undo: undoPoint(conflict) } })
    return reread(tx, conflict.id)
  })
}

/**
 * Ends a tracker inside the caller's unit of work: a new scene or combat clears its AP (LAD-9). It
 * stays readable, closed.
 */
export async function closeConflict(tx: Tx, conflict: Conflict, log: (entry: Omit<NewLogEntry, 'campaignId'>) => Promise<unknown>): Promise<void> {
  const view = conflictView(conflict)
  const said = { title: conflict.name, exchanges: view.exchanges, combat: conflict.setup.kind === 'combat', winner: view.winner }
  await saveConflict(tx, conflict, { status: 'over' })
  await log({ kind: 'ladder.conflict.ended', payload: { conflictId: conflict.id, name: conflict.name, said, text: endedLine(said), undo: undoPoint(conflict) } })
}

/**
 * Ends a tracker. A combat ends with the clock's combat, in the clock's step (CLK-2).
 * @example await endConflict(deps, { id: 3 })
 */
export async function endConflict(deps: ServiceDeps, input: { id: number }): Promise<ConflictView> {
  const conflict = await unitOfWork(deps, (tx) => openConflict(tx, input.id))
  const inCombat = await unitOfWork(deps, async (tx) => (await loadStoredClock(tx, conflict.campaignId)).combat !== null)
  if (conflict.setup.kind === 'combat' && inCombat) await clock.endCombat(deps, conflict.campaignId)
  else await unitOfWork(deps, (tx) => closeConflict(tx, conflict, (e) => appendLog(tx, { ...e, campaignId: conflict.campaignId })))
  return unitOfWork(deps, (tx) => reread(tx, input.id))
}

export { reread }
