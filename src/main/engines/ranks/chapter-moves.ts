/**
 * RK-9: Concession, Sacrifice, Refresh and Compel, each usable once per chapter by each character.
 * The state is one character's moves used this chapter; a new chapter starts empty.
 */
import { refreshAspect, type Aspect } from './aspects'
import { recoverHarm, type HarmBox, type HarmTrack } from './harm'
import { isFailure } from './ranks'
import type { Refusable } from './refusal'
import type { RankResult } from './roll'
import { capitalised } from './words'

export const CHAPTER_MOVES = ['concession', 'sacrifice', 'refresh', 'compel'] as const
export type ChapterMove = (typeof CHAPTER_MOVES)[number]

/** One character's moves used this chapter. */
export interface ChapterMoves {
  used: ChapterMove[]
}

/**
 * A new chapter: every move is available again.
 * @example newChapter() // { used: [] }
 */
export function newChapter(): ChapterMoves {
  return { used: [] }
}

function take(moves: ChapterMoves, move: ChapterMove): Refusable<{ moves: ChapterMoves }> {
  if (moves.used.includes(move)) {
    return { ok: false, reason: `${capitalised(move)} was already used this chapter; it comes back next chapter.` }
  }
  return { ok: true, moves: { used: [...moves.used, move] } }
}

/** Recovers the Harm a roll marked, when it marked one; a roll that marked none leaves the track alone. */
function recoverFromRoll(harm: HarmTrack, harmFromRoll: HarmBox | undefined): Refusable<{ harm: HarmTrack; recovered: HarmBox | null }> {
  if (harmFromRoll === undefined) return { ok: true, harm, recovered: null }
  const r = recoverHarm(harm, harmFromRoll)
  return r.ok ? { ok: true, harm: r.track, recovered: r.recovered } : r
}

export interface ConcessionInput {
  moves: ChapterMoves
  harm: HarmTrack
  roll: RankResult
  /** The box this roll's Harm marked, if it marked one: that Harm level is recovered. */
  harmFromRoll?: HarmBox
}

/**
 * Concession: the roll becomes a failure, the character recovers that Harm level, leaves the scene,
 * and may create a friendly NPC. The roll need not have failed.
 * @example concede({ moves: newChapter(), harm, roll, harmFromRoll: 'hurt' }) // Hurt cleared, leaves the scene
 */
export function concede(input: ConcessionInput): Refusable<{
  moves: ChapterMoves
  harm: HarmTrack
  recovered: HarmBox | null
  outcome: 'failure'
  leavesScene: true
  friendlyNpc: true
}> {
  const used = take(input.moves, 'concession')
  if (!used.ok) return used
  const healed = recoverFromRoll(input.harm, input.harmFromRoll)
  if (!healed.ok) return healed
  return { ok: true, moves: used.moves, harm: healed.harm, recovered: healed.recovered, outcome: 'failure', leavesScene: true, friendlyNpc: true }
}

/**
 * Sacrifice: after failing a roll, recover that Harm level by losing someone or something of value;
 * the attempt is a stalemate, and the player chooses whether the character leaves the scene.
 * @example sacrifice({ moves, harm, roll: poorRoll, harmFromRoll: 'weary', lost: 'the old mule', leaveScene: false })
 */
export function sacrifice(input: ConcessionInput & { lost: string; leaveScene: boolean }): Refusable<{
  moves: ChapterMoves
  harm: HarmTrack
  recovered: HarmBox | null
  attempt: 'stalemate'
  lost: string
  leavesScene: boolean
}> {
  if (!isFailure(input.roll.result)) {
    return { ok: false, reason: `Sacrifice comes after failing a roll; this roll is ${input.roll.result}, not a failure.` }
  }
  if (input.lost.trim() === '') return { ok: false, reason: 'Say who or what is lost in the Sacrifice.' }
  const used = take(input.moves, 'sacrifice')
  if (!used.ok) return used
  const healed = recoverFromRoll(input.harm, input.harmFromRoll)
  if (!healed.ok) return healed
  return {
    ok: true,
    moves: used.moves,
    harm: healed.harm,
    recovered: healed.recovered,
    attempt: 'stalemate',
    lost: input.lost,
    leavesScene: input.leaveScene,
  }
}

/**
 * Refresh: a vulnerable reveal to another PC; the character recovers one Harm level, and that PC
 * may reciprocate and recover one too (judgement call: reciprocating does not use the other PC's
 * own Refresh). With no Harm marked, nothing is recovered but the move is still used.
 * @example refresh({ moves, harm, partner: 'Georgia' }) // recovers the highest marked box
 */
export function refresh(input: {
  moves: ChapterMoves
  harm: HarmTrack
  partner: string
  /** The partner's track, when the partner reciprocates. */
  partnerHarm?: HarmTrack
}): Refusable<{ moves: ChapterMoves; harm: HarmTrack; recovered: HarmBox | null; partnerHarm?: HarmTrack; partnerRecovered: HarmBox | null }> {
  if (input.partner.trim() === '') return { ok: false, reason: 'A Refresh is a reveal to another player character: say to whom.' }
  const used = take(input.moves, 'refresh')
  if (!used.ok) return used
  const own = recoverHarm(input.harm)
  const base = { ok: true as const, moves: used.moves, harm: own.ok ? own.track : input.harm, recovered: own.ok ? own.recovered : null }
  if (!input.partnerHarm) return { ...base, partnerRecovered: null }
  const theirs = recoverHarm(input.partnerHarm)
  return { ...base, partnerHarm: theirs.ok ? theirs.track : input.partnerHarm, partnerRecovered: theirs.ok ? theirs.recovered : null }
}

/**
 * Compel: the GM complicates the character's life through one of its aspects, and the character
 * refreshes one aspect (any used one they name; none when all are fresh).
 * @example compel({ moves, aspects, compelled: 'Hot-headed', refresh: 'Fencing master' })
 */
export function compel(input: {
  moves: ChapterMoves
  aspects: readonly Aspect[]
  compelled: string
  refresh?: string
}): Refusable<{ moves: ChapterMoves; aspects: Aspect[]; refreshed: string | null }> {
  if (!input.aspects.some((a) => a.name === input.compelled)) {
    return { ok: false, reason: `A Compel plays off one of the character's aspects, and '${input.compelled}' is not one of them.` }
  }
  const used = take(input.moves, 'compel')
  if (!used.ok) return used
  if (input.refresh === undefined) return { ok: true, moves: used.moves, aspects: [...input.aspects], refreshed: null }
  const refreshed = refreshAspect(input.aspects, input.refresh)
  if (!refreshed.ok) return refreshed
  return { ok: true, moves: used.moves, aspects: refreshed.aspects, refreshed: input.refresh }
}
