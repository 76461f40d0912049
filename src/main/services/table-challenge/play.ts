/**
 * Running a challenge at the table: start it (CH-1, CH-11), play it round by round with each side's
 * conversions (CH-2 … CH-9), and change abilities (CH-5). Each is one transaction with its log
 * entry and every face rolled. Ending it is in finish.ts.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeView } from '../../../shared/api/table-challenge.contract'
import { changeAbilities, playRound, startChallenge, type ConversionChoice, type RoundReport, type Side } from '../../engines/challenge'
import type { Dice } from '../../engines/dice'
import { unitOfWork, type ServiceDeps, campaignDice, type CampaignDice, AppError, currentGameTime, openSessionId } from '../core'
import * as clock from '../clock'
import { prepareChallenge, requireChallengeCampaign, sentence, setupRefused, type SetupInput } from './setup'
import { loadChallenge, poolsOf, readChallenge, runningChallenge, saveChallenge, statusOf, type LoadedChallenge, type StoredChallenge } from './state'
import { ChallengeStep } from './steps'
import { joining } from './in-combat'
import { loggedOdds, preparedOdds, storedRoundOdds } from './odds'
import { challengeView, outcomeWords } from './view'

/** Dice where none may be thrown (CH-11): at the start with dice placed in the rounds, or in a round with dice at "pools". */
const NO_DICE: Dice = {
  roll() {
    throw new Error('A challenge threw a die where its dice are not placed (CH-11).')
  },
}

/** The most rounds "play it out" plays before calling it a stalemate. */
const MAX_ROUNDS = 100

/** The challenge as the table shows it, read after the unit of work has committed. */
export async function viewOf(deps: ServiceDeps, id: number): Promise<ChallengeView> {
  return challengeView(deps.db, await loadChallenge(deps.db, id))
}

function refusedPlay(problems: readonly string[], field: string): AppError {
  return new AppError('refused', `${problems.map(sentence).join(' ')} Nothing was played.`, problems.map((problem) => ({ field, problem })))
}

/** The gmOnly flag from now on: the action's, or the challenge's. */
export function withGmOnly(stored: StoredChallenge, gmOnly: boolean | undefined): StoredChallenge {
  return gmOnly === undefined ? stored : { ...stored, gmOnly }
}

/**
 * The challenge on the table: the latest one not put away, or null.
 * @example await currentChallenge(deps, 1)
 */
export async function currentChallenge(deps: ServiceDeps, campaignId: number): Promise<ChallengeView | null> {
  return currentChallengeIn(deps.db, campaignId)
}

/** The same, read on a given connection or transaction. */
export async function currentChallengeIn(db: Kysely<Database>, campaignId: number): Promise<ChallengeView | null> {
  await requireChallengeCampaign(db, campaignId)
  const row = await db.selectFrom('challenge').selectAll().where('campaign_id', '=', campaignId).where('status', '!=', 'closed').orderBy('id', 'desc').limit(1).executeTakeFirst()
  return row ? challengeView(db, readChallenge(row)) : null
}

/**
 * Starts a challenge (CH-1): the pools are formed, with dice where the GM put them (CH-11), and
 * logged with every face. One challenge at a time is on the table. A challenge is not a combat
 * (a meal, a chase, an argument): it never starts the clock's combat; started while the clock is in
 * combat, it is part of that combat and its rounds are the combat's rounds (CLK-2).
 * @example await startTableChallenge(deps, { campaignId: 1, title: '', dice: 'none', complementary: 'stepped', gmOnly: false, sides: [akane, meal] })
 */
export async function startTableChallenge(deps: ServiceDeps, input: SetupInput & { title: string; gmOnly: boolean }): Promise<ChallengeView> {
  const id = await unitOfWork(deps, async (tx) => {
    await requireChallengeCampaign(tx.trx, input.campaignId)
    const open = await tx.trx.selectFrom('challenge').select(['title', 'status']).where('campaign_id', '=', input.campaignId).where('status', '!=', 'closed').executeTakeFirst()
    if (open) {
      const what = open.status === 'running' ? 'finish it or break it off' : 'put it away'
      throw new AppError('conflict', `“${open.title}” is still on the table: ${what} before starting another. Nothing was changed.`, [{ field: 'campaignId', problem: 'a challenge is on the table' }])
    }
    const prepared = await prepareChallenge(tx.trx, input)
    if (!prepared.ok) throw setupRefused(prepared.problems)
    // CH-11: only pools and reserves are rolled at the start; other places roll in the rounds.
    const rollsNow = prepared.place === 'pools' || prepared.place === 'modifiers'
    const dice = rollsNow ? await campaignDice(tx, input.campaignId) : null
    const started = startChallenge(prepared.setups, prepared.place ? { randomness: { place: prepared.place, dice: dice ?? NO_DICE } } : {})
    if (!started.ok) throw setupRefused(started.problems.map((problem) => ({ field: 'sides', problem })))
    const title = input.title || `${prepared.sides[0]?.name} vs ${prepared.sides.slice(1).map((s) => s.name).join(' and ')}`
    const fresh: StoredChallenge = {
      engine: started.state,
      sides: prepared.sides,
      complementary: input.complementary,
      gmOnly: input.gmOnly,
      startDice: started.dice,
      lastRound: null,
      history: [],
      consequencesWritten: false,
    }
    const stored = joining(fresh, (await clock.loadStoredClock(tx, input.campaignId)).combat)
    const gameTime = await currentGameTime(tx.trx, input.campaignId)
    const row = await tx.trx
      .insertInto('challenge')
      .values({
        campaign_id: input.campaignId,
        session_id: await openSessionId(tx.trx, input.campaignId),
        title,
        status: statusOf(stored),
        state: JSON.stringify(stored),
        started_at: gameTime,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const step = new ChallengeStep(tx, input.campaignId, null)
    await step.log({
      kind: 'challenge.started',
      gmOnly: input.gmOnly,
      dice: dice?.faces ?? null,
      payload: {
        challengeId: row.id,
        title,
        dice: input.dice,
        sides: started.state.sides.map((s, i) => ({ ...prepared.sides[i], rating: s.rating, numbers: s.numbers, horde: s.horde?.members ?? null })),
        startDice: started.dice,
        outcome: outcomeWords(started.state.winner, prepared.sides),
        // The odds the set-up showed before the start (CH-11): the players' screen tells them.
        odds: loggedOdds(preparedOdds(prepared)),
      },
    })
    await step.finish(row.id, 'start', `Start of “${title}”`)
    return row.id
  })
  return viewOf(deps, id)
}

/**
 * Plays one round inside a unit of work and logs it with its faces (DICE-3), taking the dice from
 * `takeDice` only when the round throws any (CH-11).
 */
export async function playOneRound(
  step: Pick<ChallengeStep, 'log'>,
  c: LoadedChallenge,
  stored: StoredChallenge,
  choices: Record<number, ConversionChoice>,
  takeDice: () => Promise<CampaignDice>,
  oddsShown = true,
): Promise<StoredChallenge> {
  // The odds the GM's preview showed for this round (CH-11), kept with it; none for a round played out unseen.
  const odds = oddsShown ? loggedOdds(storedRoundOdds(stored, 'running', Object.entries(choices).map(([side, c]) => ({ ...c, side: Number(side) })))) : null
  // CH-11: dice at "pools" were all thrown at the start; the other places throw in every round.
  const place = stored.engine.randomPlace
  const dice: CampaignDice | null = place === null || place === 'pools' ? null : await takeDice()
  const played = playRound(stored.engine, { choices, ...(dice ? { dice } : place === 'pools' ? { dice: NO_DICE } : {}) })
  if (!played.ok) throw refusedPlay(played.problems, 'choices')
  const report: RoundReport = played.report
  const next: StoredChallenge = {
    ...stored,
    engine: played.state,
    lastRound: report,
    history: [...stored.history, { round: report.round, pools: played.state.sides.map((s) => s.numbers.pool) }],
  }
  await step.log({
    kind: 'challenge.round',
    gmOnly: next.gmOnly,
    dice: dice?.faces ?? null,
    payload: {
      challengeId: c.row.id,
      title: c.row.title,
      round: report.round,
      pools: poolsOf(next),
      names: next.sides.map((s) => s.name),
      characterIds: next.sides.map((s) => s.characterId),
      outcome: outcomeWords(played.state.winner, next.sides),
      report,
      odds,
    },
  })
  return next
}

/**
 * Plays one round (CH-2 … CH-9): carried bonus (CH-5), conversions back and each side's new ones
 * (CH-7), the simultaneous exchange with dice where they go (CH-11). Refused, changing nothing,
 * when a conversion breaks a limit. While the clock is in combat the round is the combat's next
 * round, played in the clock's step, and the challenge is part of that combat from then on (CLK-2).
 * @example await playTableRound(deps, { id: 3, choices: [{ side: 0, toBonus: 2 }] })
 */
export async function playTableRound(deps: ServiceDeps, input: { id: number; gmOnly?: boolean | undefined; choices: (ConversionChoice & { side: number })[] }): Promise<ChallengeView> {
  const inCombat = await unitOfWork(deps, async (tx) => {
    const c = await runningChallenge(tx, input.id)
    const wrong = input.choices.filter((ch) => ch.side >= c.stored.engine.sides.length)
    if (wrong.length > 0) throw refusedPlay(wrong.map((w) => `there is no side ${w.side} in this challenge`), 'choices')
    if ((await clock.loadStoredClock(tx, c.row.campaign_id)).combat) return c.row.campaign_id
    const choices = Object.fromEntries(input.choices.map(({ side, ...choice }) => [side, choice]))
    const step = new ChallengeStep(tx, c.row.campaign_id, { status: c.status, state: c.stored })
    const next = await playOneRound(step, c, withGmOnly(c.stored, input.gmOnly), choices, () => campaignDice(tx, c.row.campaign_id))
    await saveChallenge(tx, c.row.id, statusOf(next), next)
    await step.finish(c.row.id, 'round', `Round ${next.engine.roundsPlayed} of “${c.row.title}”`)
    return null
  })
  // CLK-2: in combat the clock plays the round, and the challenge's with it (combat-follow.ts).
  if (inCombat !== null) await clock.nextRound(deps, inCombat, { challengeId: input.id, choices: input.choices, gmOnly: input.gmOnly })
  return viewOf(deps, input.id)
}

/**
 * Plays rounds with no conversions until the challenge is decided (CH-3), each round logged with
 * its own faces; taken back as one step. Refused, playing nothing, when 100 rounds decide nothing
 * (resistance stopping every loss: a stalemate). Refused while the clock is in combat: each round
 * played then is one of the combat's rounds, played one at a time (CLK-2).
 * @example await playTableOut(deps, { id: 3 })
 */
export async function playTableOut(deps: ServiceDeps, input: { id: number; gmOnly?: boolean | undefined }): Promise<ChallengeView> {
  await unitOfWork(deps, async (tx) => {
    const c = await runningChallenge(tx, input.id)
    const combat = (await clock.loadStoredClock(tx, c.row.campaign_id)).combat
    if (combat) {
      throw new AppError(
        'refused',
        `The clock is in combat (round ${combat.round}), and each round of “${c.row.title}” played now is one of its rounds: play them one at a time (Play round, or R on the clock bar), or end the combat first. Nothing was played.`,
        [{ field: 'id', problem: 'the clock is in combat' }],
      )
    }
    const step = new ChallengeStep(tx, c.row.campaign_id, { status: c.status, state: c.stored })
    let stored = withGmOnly(c.stored, input.gmOnly)
    const first = stored.engine.roundsPlayed
    while (stored.engine.winner === null) {
      if (stored.engine.roundsPlayed - first >= MAX_ROUNDS) {
        throw new AppError('refused', `After ${MAX_ROUNDS} rounds nobody is out: resistance stops every loss (a stalemate). Break it off or change abilities. Nothing was played.`, [{ field: 'id', problem: 'a stalemate' }])
      }
      stored = await playOneRound(step, c, stored, {}, () => campaignDice(tx, c.row.campaign_id), stored.engine.roundsPlayed === first)
    }
    await saveChallenge(tx, c.row.id, statusOf(stored), stored)
    const played = stored.engine.roundsPlayed - first
    await step.finish(c.row.id, 'play out', `${played} round${played === 1 ? '' : 's'} of “${c.row.title}” played out`)
  })
  return viewOf(deps, input.id)
}

export interface NewAbility extends Side {
  side: number
  ability: string
}

/**
 * Changes abilities mid-challenge (CH-5): the side with more pool points gets half the difference
 * as a bonus for the first round; pools and reserves rise by how much the new maxima exceed the old,
 * never past them. One against one only.
 * @example await changeTableAbilities(deps, { id: 3, sides: [{ side: 0, ability: 'Run Like A Bunny', rating: 3 }] })
 */
export async function changeTableAbilities(deps: ServiceDeps, input: { id: number; gmOnly?: boolean | undefined; sides: NewAbility[] }): Promise<ChallengeView> {
  await unitOfWork(deps, async (tx) => {
    const c = await runningChallenge(tx, input.id)
    const twice = input.sides.filter((s, i) => input.sides.findIndex((t) => t.side === s.side) !== i)
    if (twice.length > 0) throw new AppError('refused', 'Each side changes to one ability at a time. Nothing was changed.', [{ field: 'sides', problem: 'a side is named twice' }])
    const pick = (i: number): Side | undefined => {
      const s = input.sides.find((x) => x.side === i)
      return s ? { rating: s.rating, bonus: s.bonus ?? 0, reserves: s.reserves ?? 0, resistance: s.resistance ?? 0 } : undefined
    }
    const a = pick(0)
    const b = pick(1)
    const changed = changeAbilities(c.stored.engine, { ...(a ? { a } : {}), ...(b ? { b } : {}) })
    if (!changed.ok) throw new AppError('refused', `${changed.problems.map(sentence).join(' ')} Nothing was changed.`, changed.problems.map((problem) => ({ field: 'sides', problem })))
    const sides = c.stored.sides.map((meta, i) => {
      const s = input.sides.find((x) => x.side === i)
      if (!s) return meta
      const ability = s.ability
      return {
        ...meta,
        ability,
        abilitiesUsed: ability && !meta.abilitiesUsed.includes(ability) ? [...meta.abilitiesUsed, ability] : meta.abilitiesUsed,
        base: { rating: s.rating, bonus: s.bonus ?? 0, reserves: s.reserves ?? 0, resistance: s.resistance ?? 0 },
        helps: [],
      }
    })
    const characterSide = sides.findIndex((s, i) => input.sides.some((x) => x.side === i) && s.characterId !== null && s.ability === '')
    if (characterSide >= 0) throw new AppError('refused', `Name the ability ${sides[characterSide]?.name} changes to: consequences reduce it (CH-10). Nothing was changed.`, [{ field: 'sides', problem: 'name the ability' }])
    const next: StoredChallenge = { ...withGmOnly(c.stored, input.gmOnly), engine: changed.state, sides }
    const step = new ChallengeStep(tx, c.row.campaign_id, { status: c.status, state: c.stored })
    await step.log({
      kind: 'challenge.changed',
      gmOnly: next.gmOnly,
      payload: {
        challengeId: c.row.id,
        title: c.row.title,
        changes: changed.changes.map((ch, i) => ({ ...ch, ability: sides[i]?.ability ?? '' })),
      },
    })
    await saveChallenge(tx, c.row.id, 'running', next)
    await step.finish(c.row.id, 'change', `Change of abilities in “${c.row.title}”`)
  })
  return viewOf(deps, input.id)
}
