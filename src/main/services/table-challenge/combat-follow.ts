/**
 * A challenge that is part of the clock's combat follows it (CLK-2): each round the clock plays —
 * R on the clock bar, or the tracker's "Play round" with each side's conversions — plays the
 * challenge's round too, on the round's own roll of the dice; the clock's End breaks it off where
 * the pools stand. A challenge running from before the combat (a meal, a chase) is left alone until
 * a round of it is played at the tracker. Written inside the clock's step, with the challenge as it
 * was in each entry, so undoing the step puts it back.
 */
import type { ConversionChoice } from '../../engines/challenge'
import type { Met } from '../../../shared/api/table-combat.schemas'
import { stepEntries, type Tx } from '../core'
import * as clock from '../clock'
import { logCombatStarted } from '../table-scene'
import type { CombatChange, CombatFollower, StepContext } from '../clock'
import { outcomeWords } from './view'
import { playOneRound, withGmOnly } from './play'
import { joining, partOfCombat } from './in-combat'
import { poolsOf, readChallenge, runningChallenge, saveChallenge, statusOf, type LoadedChallenge } from './state'

/** What the tracker passes with a round (the challenge and each side's conversions, CH-7) or with a break-off. */
export interface ChallengeRoundSetup {
  challengeId: number
  choices?: (ConversionChoice & { side: number })[]
  gmOnly?: boolean | undefined
}

/** The challenge on the table that is still running, if any (one at a time is on the table). */
async function running(tx: Tx, campaignId: number): Promise<LoadedChallenge | null> {
  const row = await tx.trx.selectFrom('challenge').selectAll().where('campaign_id', '=', campaignId).where('status', '=', 'running').orderBy('id', 'desc').executeTakeFirst()
  return row ? readChallenge(row) : null
}

/** The challenge a round or an end concerns: the one the tracker names, or the running one that is part of the combat. */
async function following(ctx: StepContext, change: CombatChange, setup: ChallengeRoundSetup | undefined): Promise<LoadedChallenge | null> {
  if (change.kind === 'round' && setup) return runningChallenge(ctx.tx, setup.challengeId)
  const c = await running(ctx.tx, ctx.campaignId)
  return c && partOfCombat(c.stored, ctx.state.combat) ? c : null
}

async function follow(ctx: StepContext, change: CombatChange): Promise<void> {
  // A fight begun from an encounter names what was met (DICE-1), for the challenge's set-up to offer as its opposition.
  if (change.kind === 'started') return void ((change.setup as { met?: Met } | undefined)?.met && (await logCombatStarted(ctx, 'challenge', (change.setup as { met: Met }).met, null)))
  const setup = change.setup as ChallengeRoundSetup | undefined
  const c = await following(ctx, change, setup)
  if (!c) return
  const undo = { status: c.status, state: c.stored }
  // The challenge as it was rides in each entry, for the clock's undo (undo below).
  const step = { log: (e: Parameters<StepContext['recorder']['log']>[0]) => ctx.recorder.log({ ...e, payload: { ...e.payload, undo } }) }
  const stored = withGmOnly(c.stored, setup?.gmOnly)
  if (change.kind === 'round') {
    const choices = Object.fromEntries((setup?.choices ?? []).map(({ side, ...choice }) => [side, choice]))
    const next = await playOneRound(step, c, joining(stored, ctx.state.combat), choices, () => clock.roundDice(ctx))
    await saveChallenge(ctx.tx, c.row.id, statusOf(next), next)
    return
  }
  // CH-5: broken off where the pools stand, when the clock's combat ends.
  await step.log({
    kind: 'challenge.closed',
    gmOnly: stored.gmOnly,
    payload: { challengeId: c.row.id, title: c.row.title, brokenOff: true, pools: poolsOf(stored), names: stored.sides.map((s) => s.name), outcome: outcomeWords(stored.engine.winner, stored.sides) },
  })
  await saveChallenge(ctx.tx, c.row.id, 'closed', stored)
}

/** Puts back the challenges a clock step being undone played or broke off, newest first. */
async function undo(tx: Tx, campaignId: number, logs: { first: number; last: number }): Promise<void> {
  const entries = await stepEntries(tx, campaignId, logs, ['challenge.round', 'challenge.closed'])
  for (const entry of entries) {
    const p = entry.payload as { challengeId?: number; undo?: { status: 'running' | 'decided' | 'closed'; state: LoadedChallenge['stored'] } }
    if (p.challengeId !== undefined && p.undo) await saveChallenge(tx, p.challengeId, p.undo.status, p.undo.state)
  }
}

export const challengeCombatFollower: CombatFollower = { follow, undo }
