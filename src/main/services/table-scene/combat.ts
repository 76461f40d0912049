/**
 * The combat scene of LODE and of Resolution and Ranks. Neither system counts rounds of its own, so
 * the fight is a scene that follows the clock's combat (CLK-2): it starts when the clock's combat
 * starts — from the clock bar, the table or an encounter —, its round is the clock's round, and the
 * clock's End ends it. Its foes are the encounter's row (DICE-1: the number appearing rolled on the
 * round's own dice) and those the GM types in place, each with its one number: Base Dice for LODE
 * (LODE-12; an opposed roll's usual 2, LODE-7) or an ability rank for Ranks (RK-1).
 *
 * The scene is read from the clock and the log: its entries are written inside the clock's step
 * (undoing the step takes them back) or are the GM's own actions (undone by marking the entry).
 * LODE-11 counts Destiny kept from giving up Halfmagic per scene: the fight begins a new scene,
 * and the scene after it begins when it ends.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Met } from '../../../shared/api/table-combat.schemas'
import { MAX_MET, metNames, readMet, rollAppearing } from '../../../shared/api/table-combat.schemas'
import type { SceneCombat, SceneFoe } from '../../../shared/api/table-scene.contract'
import type { ClockState } from '../../engines/clock'
import { AppError, requireCampaign, stepEntries, toLogEntry, unitOfWork, type ServiceDeps, type Tx } from '../core'
import type { LogEntry } from '../../../shared/contract'
import * as clock from '../clock'
import type { CombatChange, CombatFollower, StepContext } from '../clock'
import { currentScene, saveScene, type StoredScene } from '../table-lode/scene'
import { endedText, startedText } from './text'

export type SceneSystem = 'lode' | 'ranks'
/** Systems whose fight begins from an encounter with its foes named here (a Challenge takes them into its set-up, CH-9). */
export type MetSystem = SceneSystem | 'challenge'
type Rank = NonNullable<SceneFoe['rank']>

/** A foe as its entry keeps it. */
export interface StoredFoe {
  name: string
  baseDice: number | null
  rank: Rank | null
  npcId: number | null
}

/** What the table passes to the clock with a combat it starts: the encounter's row, if one was met. */
export interface SceneSetup {
  met?: Met | undefined
}

/** The most foes one scene holds. */
export const MAX_FOES = 40

/** A foe's number when the GM has not said: LODE-7's usual Base Dice 2, or Fair, the middle of RK-1's ability ranks. */
export function defaultFoe(system: MetSystem, name: string, npcId: number | null = null): StoredFoe {
  if (system === 'challenge') return { name, baseDice: null, rank: null, npcId }
  return system === 'lode' ? { name, baseDice: 2, rank: null, npcId } : { name, baseDice: null, rank: 'fair', npcId }
}

export function refused(message: string, field: string, problem: string): AppError {
  return new AppError('refused', message, [{ field, problem }])
}

/** The system's campaign, or a refusal naming the system the campaign plays. */
export async function requireSceneCampaign(tx: Tx, campaignId: number, system: MetSystem | 'ladder'): Promise<void> {
  const campaign = await requireCampaign(tx, campaignId)
  if (campaign.system !== system) {
    const words = { lode: 'LODE', ranks: 'Resolution and Ranks', challenge: 'the Challenge System', ladder: 'the Ladder' }[system]
    throw refused(`This campaign does not play ${words}: its combat is run at its own table.`, 'campaignId', `not a ${system} campaign`)
  }
}

export async function entries(db: Kysely<Database>, campaignId: number, kinds: string[], afterId = 0): Promise<LogEntry[]> {
  const rows = await db
    .selectFrom('log_entry')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where('kind', 'in', kinds)
    .where('undone', '=', 0)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute()
  return rows.map(toLogEntry)
}

/**
 * The scene of the clock's combat under way, or null when the clock is not in combat.
 * @example await readSceneCombat(tx, 1, 'lode') // { round: 2, foes: [{ index: 0, name: 'Ghoul', baseDice: 2, … }], … }
 */
export async function readSceneCombat(tx: Tx, campaignId: number, system: MetSystem): Promise<SceneCombat | null> {
  const stored = await clock.loadStoredClock(tx, campaignId)
  return sceneOf(tx.trx, campaignId, system, stored)
}

async function sceneOf(db: Kysely<Database>, campaignId: number, system: MetSystem, state: ClockState): Promise<SceneCombat | null> {
  const combat = state.combat
  if (!combat) return null
  // The scene is this combat's when its start was written in the clock step that started the combat.
  const step = await db
    .selectFrom('clock_step')
    .select(['first_log_id', 'last_log_id'])
    .where('campaign_id', '=', campaignId)
    .where('action', '=', 'combat-started')
    .where('undone', '=', 0)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
  const started = step ? (await entries(db, campaignId, [`${system}.combat.started`], step.first_log_id - 1)).find((e) => e.id <= step.last_log_id) ?? null : null
  const foes: StoredFoe[] = started ? [...((started.payload.foes as StoredFoe[] | undefined) ?? [])] : []
  if (started) {
    for (const e of await entries(db, campaignId, [`${system}.combat.foe`, `${system}.combat.foe.saved`], started.id)) {
      if (e.kind === `${system}.combat.foe`) foes.push(e.payload.foe as StoredFoe)
      else {
        const i = Number(e.payload.index)
        if (foes[i]) foes[i] = { ...foes[i], npcId: Number(e.payload.npcId) }
      }
    }
  }
  return {
    startedAt: combat.startedAt,
    fightId: started?.id ?? step?.first_log_id ?? 0,
    round: combat.round,
    roundSeconds: combat.roundSeconds,
    foes: foes.map((f, index) => ({ index, name: f.name, baseDice: f.baseDice, rank: f.rank, npcId: f.npcId })),
    met: started ? ((started.payload.met as string | null | undefined) ?? null) : null,
  }
}

/** The foes an encounter's row brings: its NPC, or its text with the number appearing rolled (DICE-1). */
async function metFoes(ctx: StepContext, system: MetSystem, met: Met): Promise<{ foes: StoredFoe[]; faces: unknown[] }> {
  if (met.npcId !== null) {
    const npc = await ctx.tx.trx.selectFrom('character').select('name').where('id', '=', met.npcId).where('campaign_id', '=', ctx.campaignId).executeTakeFirst()
    if (!npc) throw refused(`There is no NPC ${met.npcId} in this campaign to meet.`, 'met.npcId', 'not in this campaign')
    return { foes: [defaultFoe(system, met.npcName ?? npc.name, met.npcId)], faces: [] }
  }
  const { appearing, name } = readMet(met.text)
  if (appearing.kind === 'count') return { foes: metNames(name, Math.min(MAX_MET, appearing.count)).map((n) => defaultFoe(system, n)), faces: [] }
  const dice = await clock.roundDice(ctx)
  const { count } = rollAppearing(dice, appearing)
  return { foes: metNames(name, count).map((n) => defaultFoe(system, n)), faces: [...dice.faces] }
}

/** LODE-11: a fight is a scene of its own; the scene before is kept in the entry, for the undo. */
async function nextLodeScene(ctx: StepContext): Promise<StoredScene> {
  const before = await currentScene(ctx.tx.trx, ctx.campaignId)
  await saveScene(ctx.tx, ctx.campaignId, { number: before.number + 1, sessionId: before.sessionId, keptBy: [] })
  return before
}

/**
 * Logs the start of the fight with what the encounter's row brought, inside the clock's step.
 * @example await logCombatStarted(ctx, 'challenge', { text: '2d4 ghouls', npcId: null, npcName: null }, null)
 */
export async function logCombatStarted(ctx: StepContext, system: MetSystem, row: Met | undefined, sceneBefore: StoredScene | null): Promise<void> {
  const met = row ? await metFoes(ctx, system, row) : { foes: [], faces: [] }
  // A Challenge's foes have no number of their own here: its set-up rates them (CH-1).
  const text = startedText(met.foes, sceneBefore)
  await ctx.recorder.log({
    kind: `${system}.combat.started`,
    payload: { foes: met.foes, met: row ? row.text || row.npcName : null, sceneBefore, text },
    dice: met.faces as never,
  })
}

function follower(system: SceneSystem): CombatFollower {
  async function follow(ctx: StepContext, change: CombatChange): Promise<void> {
    if (change.kind === 'round') return // The scene's round is the clock's (CLK-2): nothing else moves.
    if (change.kind === 'started') {
      const setup = (change.setup ?? {}) as SceneSetup
      await logCombatStarted(ctx, system, setup.met, system === 'lode' ? await nextLodeScene(ctx) : null)
      return
    }
    const scene = await sceneOf(ctx.tx.trx, ctx.campaignId, system, ctx.state)
    const sceneBefore = system === 'lode' ? await nextLodeScene(ctx) : null
    const foes = scene?.foes.map((f) => f.name) ?? []
    const text = endedText(change.round, foes, sceneBefore)
    await ctx.recorder.log({ kind: `${system}.combat.ended`, payload: { rounds: change.round, foes, sceneBefore, text } })
  }

  /** Puts the LODE scene back where each start or end in the undone step found it, newest first. */
  async function undo(tx: Tx, campaignId: number, logs: { first: number; last: number }): Promise<void> {
    const entries = await stepEntries(tx, campaignId, logs, [`${system}.combat.started`, `${system}.combat.ended`])
    for (const entry of entries) {
      const before = entry.payload.sceneBefore as StoredScene | null | undefined
      if (before) await saveScene(tx, campaignId, before)
    }
  }
  return { follow, undo }
}

export const lodeSceneFollower = follower('lode')
export const ranksSceneFollower = follower('ranks')

/**
 * Starts the clock's combat with the system's scene, from an encounter's row when one was met.
 * @example await beginSceneCombat(deps, 'lode', { campaignId: 1, met: { text: '2d4 ghouls', npcId: null, npcName: null } })
 */
export async function beginSceneCombat(deps: ServiceDeps, system: MetSystem, input: { campaignId: number; met?: Met | undefined }): Promise<SceneCombat> {
  await unitOfWork(deps, (tx) => requireSceneCampaign(tx, input.campaignId, system))
  await clock.startCombat(deps, input.campaignId, { met: input.met } satisfies SceneSetup)
  return unitOfWork(deps, async (tx) => (await readSceneCombat(tx, input.campaignId, system))!)
}
