/**
 * RK-9's once-per-chapter moves (Concession, Sacrifice, Refresh, Compel), a new chapter bringing
 * them back, and the campaign's experience rule (RK-6). Each is one transaction, logged.
 */
import type { ParsedInput } from '../../../shared/contract'
import type { RanksRollOutcome } from '../../../shared/api/table-ranks.contract'
import type { RanksRollRow } from '../../db/schema-ranks'
import { compel, concede, EXPERIENCE_RULES, refresh, sacrifice, type ExperienceRule, type HarmBox } from '../../engines/ranks'
import { unitOfWork, type ServiceDeps, type Tx, AppError, notFound, jsonArrayLength } from '../core'
import { requireRanksCampaign } from './campaign'
import { harmOf, healInjury } from './harm'
import { characterOf, logRanks, ranksSheetOf, writeSheetParts, type CharacterRow } from './people'
import { engineRoll, openRollRow, updateRoll } from './roll-store'
import { readTracker, writeTracker } from './state'

type MoveInput = ParsedInput<'ranks.move'>

function refused(field: string, problem: string): AppError {
  return new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. Nothing was changed.`, [{ field, problem }])
}

const EMPTY_OUTCOME: RanksRollOutcome = { danger: null, harm: null, xp: null, courage: null, refreshed: null, move: null }

/** The roll a Concession or Sacrifice acts on: this character's, in play or settled, not replaced. */
async function rollFor(tx: Tx, character: CharacterRow, rollId: number): Promise<RanksRollRow> {
  const row = await tx.trx.selectFrom('ranks_roll').selectAll().where('id', '=', rollId).executeTakeFirst()
  if (!row) throw notFound('rank roll', rollId)
  if (row.character_id !== character.id) throw refused('rollId', `that roll is ${row.who}'s, not ${character.name}'s`)
  const open = await openRollRow(tx.trx, row.campaign_id)
  if (row.status !== 'accepted' && open?.id !== row.id) throw refused('rollId', `that roll is ${row.status === 'open' ? 'undone' : row.status}; the move acts on a roll in play or accepted`)
  return row
}

/** The Harm box a settled roll marked on this character, and the injury that marks it, if still marked. */
async function harmFromRoll(tx: Tx, row: RanksRollRow, character: CharacterRow): Promise<{ box?: HarmBox; injuryId?: number }> {
  const outcome = row.outcome === null ? null : (JSON.parse(row.outcome) as RanksRollOutcome)
  const harm = outcome?.harm
  if (!harm || harm.characterId !== character.id || harm.box === null || harm.injuryId === null) return {}
  const { injuries } = await harmOf(tx.trx, character.id)
  return injuries[harm.box] === harm.injuryId ? { box: harm.box, injuryId: harm.injuryId } : {}
}

/** Concession and Sacrifice settle the roll they act on: a roll in play is settled with no Harm taken. */
async function settleByMove(tx: Tx, row: RanksRollRow, move: 'concession' | 'sacrifice'): Promise<void> {
  const outcome = row.outcome === null ? EMPTY_OUTCOME : (JSON.parse(row.outcome) as RanksRollOutcome)
  await updateRoll(tx, row.id, { status: move === 'concession' ? 'conceded' : 'accepted', outcome: JSON.stringify({ ...outcome, move }) })
}

async function rollMove(tx: Tx, character: CharacterRow, input: Extract<MoveInput, { move: 'concession' | 'sacrifice' }>) {
  const sheet = ranksSheetOf(character)
  const row = await rollFor(tx, character, input.rollId)
  const from = await harmFromRoll(tx, row, character)
  const base = { moves: { used: sheet.chapterMoves }, harm: (await harmOf(tx.trx, character.id)).track, roll: engineRoll(row), ...(from.box ? { harmFromRoll: from.box } : {}) }
  const done = input.move === 'concession' ? concede(base) : sacrifice({ ...base, lost: input.lost, leaveScene: input.leaveScene })
  if (!done.ok) throw refused(input.move === 'sacrifice' && input.lost.trim() === '' ? 'lost' : 'move', done.reason.replace(/\.$/, ''))
  if (done.recovered && from.injuryId) await healInjury(tx, from.injuryId)
  await settleByMove(tx, row, input.move)
  await writeSheetParts(tx, character, { chapterMoves: done.moves.used })
  const extra = input.move === 'sacrifice' ? { lost: input.lost, leavesScene: input.leaveScene } : { leavesScene: true }
  return { rollId: row.id, result: row.result, ability: row.ability, recovered: done.recovered, ...extra }
}

async function refreshMove(tx: Tx, character: CharacterRow, input: Extract<MoveInput, { move: 'refresh' }>) {
  if (input.partnerId === character.id) throw refused('partnerId', 'a Refresh is a reveal to another player character, not to oneself')
  const partner = await characterOf(tx.trx, character.campaign_id, input.partnerId, 'partnerId')
  const own = await harmOf(tx.trx, character.id)
  const theirs = await harmOf(tx.trx, partner.id)
  const done = refresh({
    moves: { used: ranksSheetOf(character).chapterMoves },
    harm: own.track,
    partner: partner.name,
    ...(input.reciprocate ? { partnerHarm: theirs.track } : {}),
  })
  if (!done.ok) throw refused('move', done.reason.replace(/\.$/, ''))
  if (done.recovered) await healInjury(tx, own.injuries[done.recovered]!)
  if (done.partnerRecovered) await healInjury(tx, theirs.injuries[done.partnerRecovered]!)
  await writeSheetParts(tx, character, { chapterMoves: done.moves.used })
  return { partnerId: partner.id, partner: partner.name, recovered: done.recovered, partnerRecovered: done.partnerRecovered }
}

async function compelMove(tx: Tx, character: CharacterRow, input: Extract<MoveInput, { move: 'compel' }>) {
  const sheet = ranksSheetOf(character)
  const done = compel({ moves: { used: sheet.chapterMoves }, aspects: sheet.aspects, compelled: input.compelled, ...(input.refresh ? { refresh: input.refresh } : {}) })
  if (!done.ok) throw refused(done.reason.includes('Compel plays off') ? 'compelled' : done.reason.includes('already used') ? 'move' : 'refresh', done.reason.replace(/\.$/, ''))
  await writeSheetParts(tx, character, { chapterMoves: done.moves.used, aspects: done.aspects })
  return { compelled: input.compelled, refreshed: done.refreshed }
}

/**
 * RK-9: a character's once-per-chapter move. Concession and Sacrifice act on one of their rolls
 * and recover the Harm it marked; Refresh recovers one Harm (and the partner's, when they
 * reciprocate); Compel refreshes one used aspect.
 * @example await chapterMove(deps, { move: 'refresh', characterId: 4, partnerId: 5, reciprocate: true })
 */
export function chapterMove(deps: ServiceDeps, input: MoveInput): Promise<number> {
  return unitOfWork(deps, async (tx) => {
    const character = await characterOf(tx.trx, null, input.characterId)
    await requireRanksCampaign(tx.trx, character.campaign_id)
    const done =
      input.move === 'refresh' ? await refreshMove(tx, character, input) : input.move === 'compel' ? await compelMove(tx, character, input) : await rollMove(tx, character, input)
    await logRanks(tx, character.campaign_id, 'ranks.move', { move: input.move, characterId: character.id, name: character.name, ...done })
    return character.id
  })
}

/**
 * RK-9: a new chapter; every character's moves are available again.
 * @example await startChapter(deps, { campaignId: 1 }) // chapter 2
 */
export function startChapter(deps: ServiceDeps, input: { campaignId: number }): Promise<void> {
  return unitOfWork(deps, async (tx) => {
    await requireRanksCampaign(tx.trx, input.campaignId)
    const tracker = await readTracker(tx.trx, input.campaignId)
    const used = await tx.trx
      .selectFrom('character')
      .selectAll()
      .where('campaign_id', '=', input.campaignId)
      .where(jsonArrayLength(tx.trx, 'sheet', 'chapterMoves'), '>', 0)
      .execute()
    for (const c of used) await writeSheetParts(tx, c, { chapterMoves: [] })
    await writeTracker(tx, input.campaignId, { ...tracker, chapter: tracker.chapter + 1 })
    await logRanks(tx, input.campaignId, 'ranks.chapter', { chapter: tracker.chapter + 1, reset: used.map((c) => c.name) })
  })
}

/**
 * RK-6: which rolls earn XP in this campaign.
 * @example await chooseExperienceRule(deps, { campaignId: 1, rule: 'unchanged-aspect' })
 */
export function chooseExperienceRule(deps: ServiceDeps, input: { campaignId: number; rule: ExperienceRule }): Promise<void> {
  return unitOfWork(deps, async (tx) => {
    await requireRanksCampaign(tx.trx, input.campaignId)
    if (!EXPERIENCE_RULES.includes(input.rule)) throw refused('rule', `the experience rules are ${EXPERIENCE_RULES.join(' and ')}`)
    const tracker = await readTracker(tx.trx, input.campaignId)
    if (tracker.experienceRule === input.rule) return
    await writeTracker(tx, input.campaignId, { ...tracker, experienceRule: input.rule })
    await logRanks(tx, input.campaignId, 'ranks.xpRule', { rule: input.rule })
  })
}
