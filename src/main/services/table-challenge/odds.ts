/**
 * The chance each side wins, from the engine only (DICE-2): `winOdds` where dice are on (CH-11),
 * the certain end by playing the rounds out where they are not. Never sampled.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { ChallengeOdds } from '../../../shared/api/table-challenge.contract'
import {
  playChallenge,
  playOut,
  playRound,
  revertConversions,
  winOdds,
  type ChallengeState,
  type ChallengeWinner,
  type Challenger,
  type ConversionChoice,
  type RandomPlace,
} from '../../engines/challenge'
import type { Dice } from '../../engines/dice'
import { prepareChallenge, requireChallengeCampaign, type Problem, type SetupInput } from './setup'
import { loadChallenge, type ChallengeStatus, type StoredChallenge } from './state'

const ASSUMING = 'if nobody converts pool points (CH-7) or changes ability (CH-5)'

function opponentsName(names: readonly string[]): string {
  const others = names.slice(1)
  return others.length === 1 ? (others[0] ?? '') : others.length === 2 ? others.join(' and ') : `${others.length} opponents`
}

function none(names: readonly string[], note: string, problems: Problem[] = []): ChallengeOdds {
  return { kind: 'none', aName: names[0] ?? '', bName: opponentsName(names), a: 0, b: 0, draw: 0, stalemate: 0, rounds: null, note, problems }
}

/** The certain end, as odds of 1 and 0. */
function certain(names: readonly string[], winner: ChallengeWinner | 'stalemate', rounds: number, note: string): ChallengeOdds {
  return {
    kind: 'certain',
    aName: names[0] ?? '',
    bName: opponentsName(names),
    a: winner === 'single' ? 1 : 0,
    b: winner === 'opponents' ? 1 : 0,
    draw: winner === 'draw' ? 1 : 0,
    stalemate: winner === 'stalemate' ? 1 : 0,
    rounds,
    note,
    problems: [],
  }
}

/**
 * The engine's exact odds for the last set-ups asked: the GM's preview and the roll that follows it
 * ask the same question, and a large one (30 against 30) takes tens of milliseconds.
 */
const recent = new Map<string, ReturnType<typeof winOdds>>()
const RECENT = 32
function cachedWinOdds(a: Parameters<typeof winOdds>[0], b: Parameters<typeof winOdds>[1], place: RandomPlace | null): ReturnType<typeof winOdds> {
  const key = JSON.stringify([a, b, place])
  const hit = recent.get(key)
  if (hit) {
    recent.delete(key)
    recent.set(key, hit)
    return hit
  }
  const odds = winOdds(a, b, place)
  recent.set(key, odds)
  if (recent.size > RECENT) recent.delete(recent.keys().next().value as string)
  return odds
}

/** winOdds, or the engine's reason when the state table would be too large. */
function exact(names: readonly string[], a: Parameters<typeof winOdds>[0], b: Parameters<typeof winOdds>[1], place: RandomPlace | null, note: string): ChallengeOdds {
  try {
    const odds = cachedWinOdds(a, b, place)
    return { kind: 'dice', aName: names[0] ?? '', bName: opponentsName(names), ...odds, rounds: null, note, problems: [] }
  } catch (err) {
    return none(names, `No exact odds: ${(err as Error).message}`)
  }
}

/**
 * The odds of a challenge as the GM sets it up: exact with dice (CH-11) for one against one with
 * no horde and no first-round bonus; without dice, the certain end.
 * @example await setupOdds(db, { campaignId: 1, dice: 'comparison', complementary: 'stepped', sides }) // { kind: 'dice', a: 0.42, … }
 */
export async function setupOdds(db: Kysely<Database>, input: SetupInput): Promise<ChallengeOdds> {
  await requireChallengeCampaign(db, input.campaignId)
  const prepared = await prepareChallenge(db, input)
  const names = input.sides.map((s, i) => s.name || `side ${i + 1}`)
  if (!prepared.ok) return none(names, 'The set-up has problems; fix them to see the odds.', prepared.problems)
  return preparedOdds(prepared)
}

/** The odds of a set-up already prepared (CH-11), as `setupOdds` shows them: the start logs them. */
export function preparedOdds(prepared: Extract<Awaited<ReturnType<typeof prepareChallenge>>, { ok: true }>): ChallengeOdds {
  const sideNames = prepared.sides.map((s) => s.name)
  if (prepared.place === null) {
    const played = playChallenge(prepared.setups)
    if (!played.ok) return none(sideNames, played.problems.join(' '))
    return certain(sideNames, played.winner, played.reports.length, `No dice: the end is certain ${ASSUMING}.`)
  }
  const [a, b, ...more] = prepared.setups
  if (!a || !b || more.length > 0) return none(sideNames, 'The engine’s exact odds are for one against one; with several opponents (CH-8) there are none to show.')
  if (a.horde || b.horde) return none(sideNames, 'The engine’s exact odds keep each side’s bonus fixed; a horde’s shrinks as its goons fall (CH-9), so there are none to show.')
  if (a.firstRoundBonus || b.firstRoundBonus) return none(sideNames, 'A first-round bonus (CH-5) changes one round only; the engine’s exact odds keep bonus fixed, so there are none to show.')
  return exact(sideNames, a, b, prepared.place, `Exact ${ASSUMING}.`)
}

/** Dice for a dry run that rolls none: after the start, a challenge with dice at "pools" (or none) rolls no more (CH-11). */
const NO_DICE: Dice = {
  roll() {
    throw new Error('A dry run rolled a die.')
  },
}
/** Dice for checking a round's choices only: the choices are refused before any die is thrown, and the result is not used. */
const ANY_DICE: Dice = { roll: () => 1 }

/** A side's numbers for every round after this one if nobody converts: conversions back, no carried bonus (CH-5, CH-7). */
function steadyNumbers(ch: Challenger) {
  return revertConversions({ ...ch, roundBonus: 0, carriedBonus: 0 }).challenger.numbers
}

function choicesRecord(choices: readonly (ConversionChoice & { side: number })[]): Record<number, ConversionChoice> {
  return Object.fromEntries(choices.map(({ side, ...choice }) => [side, choice]))
}

function madeChoice(c: ConversionChoice): boolean {
  return (c.turnBack ?? 0) + (c.toBonus ?? 0) + (c.toReserves ?? 0) + (c.toResistance ?? 0) > 0
}

/**
 * The next round's odds in a running challenge, with the sides' conversions, and every problem
 * with those conversions (CH-7). Without dice left to roll the end is certain; with dice it is
 * exact one against one when this round is like every other (no conversion, no carried bonus).
 * @example await roundOdds(db, 3, [{ side: 0, toBonus: 2 }])
 */
export async function roundOdds(
  db: Kysely<Database>,
  id: number,
  choices: readonly (ConversionChoice & { side: number })[],
): Promise<ChallengeOdds> {
  const { stored, status } = await loadChallenge(db, id)
  return storedRoundOdds(stored, status, choices)
}

/** The next round's odds from a challenge's stored state, as `roundOdds` shows them: each round logs them. */
export function storedRoundOdds(stored: StoredChallenge, status: ChallengeStatus, choices: readonly (ConversionChoice & { side: number })[]): ChallengeOdds {
  const state: ChallengeState = stored.engine
  const names = stored.sides.map((s) => s.name)
  if (status !== 'running') return none(names, 'The challenge is decided.')
  const wrongSide = choices.filter((c) => c.side >= state.sides.length)
  if (wrongSide.length > 0) return none(names, 'A choice names a side that is not in this challenge.', wrongSide.map((c) => ({ field: 'choices', problem: `there is no side ${c.side}` })))
  const record = choicesRecord(choices)
  // Pools are formed once (CH-11): after the start, a challenge with dice at "pools" rolls no more.
  const rollsMore = state.randomPlace !== null && state.randomPlace !== 'pools'
  const dry = playRound(state, { choices: record, dice: rollsMore ? ANY_DICE : NO_DICE })
  if (!dry.ok) return none(names, 'These conversions break a limit.', dry.problems.map((problem) => ({ field: 'choices', problem })))
  if (!rollsMore) {
    const rest = playOut(dry.state, { dice: NO_DICE })
    if (!rest.ok) return none(names, rest.problems.join(' '))
    const rounds = 1 + rest.reports.length
    const winner = rest.stalemate ? 'stalemate' : (rest.state.winner ?? 'stalemate')
    return certain(names, winner, rounds, `No more dice: the end is certain ${choices.some(madeChoice) ? 'with these conversions this round, and none after' : ASSUMING}.`)
  }
  const [a, b, ...more] = state.sides
  if (!a || !b || more.length > 0) return none(names, 'The engine’s exact odds are for one against one; with several opponents (CH-8) there are none to show.')
  if (a.horde || b.horde) return none(names, 'The engine’s exact odds keep each side’s bonus fixed; a horde’s shrinks as its goons fall (CH-9), so there are none to show.')
  if (a.carriedBonus > 0 || b.carriedBonus > 0) return none(names, 'A carried bonus (CH-5) changes this round only; the engine’s exact odds keep bonus fixed, so there are none to show this round.')
  if (choices.some(madeChoice)) return none(names, 'A conversion (CH-7) changes this round only; the engine’s exact odds keep bonus, reserves and resistance fixed, so there are none with it. Clear the conversions to see them.')
  const [sa, sb] = [steadyNumbers(a), steadyNumbers(b)]
  if (state.randomPlace === 'modifiers' && (sa.reserves > 0 || sb.reserves > 0)) {
    return none(names, 'Reserves were rolled once at the start (CH-11); the engine’s exact odds would roll them again, so there are none to show while reserves remain.')
  }
  return exact(names, { rating: a.rating, ...sa }, { rating: b.rating, ...sb }, state.randomPlace, `Exact from here ${ASSUMING}.`)
}

/** What a roll's log entry keeps of the odds shown before it: the chances, or null when none were shown. */
export interface LoggedOdds {
  kind: 'dice' | 'certain'
  a: number
  b: number
  draw: number
  stalemate: number
}
export function loggedOdds(o: ChallengeOdds): LoggedOdds | null {
  return o.kind === 'none' ? null : { kind: o.kind, a: o.a, b: o.b, draw: o.draw, stalemate: o.stalemate }
}
