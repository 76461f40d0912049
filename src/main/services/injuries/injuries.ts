/**
 * Injuries: recorded in the campaign's own rules, listed and deleted, each change one transaction
 * with its log entry. Treating, healing and editing are in injury-updates.ts; how each kind heals
 * is in injury-recovery.ts. The clock heals those with a time as it passes it (CLK-8).
 */
import { currentGameTime, sessionOfChange, unitOfWork, type ServiceDeps, type Tx, AppError, notFound } from '../core'
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { Injury, InjuryDetails, ParsedInput } from '../../../shared/contract'
import { applyInjury } from '../../engines/ladder'
import { takeHarm, unharmed } from '../../engines/ranks'
import { capitalised } from '../../../shared/injuries'
import { setLadderInjuryTimers } from './ladder-timers'
import { healsBetweenAdventures, injuryChanged, injuryOwner, insertInjury, ladderStatusFrom, invalid, openInjuries, requireInjuryRow, selectInjuries, toInjury } from './store'

/**
 * A character's injuries, or the whole campaign's: the history, healed ones kept and marked healed.
 * Unhealed first, newest first; then the healed, the most recently healed first.
 * @example await listInjuries(db, { campaignId: 1, characterId: 4, unhealedOnly: false })
 */
export async function listInjuries(
  db: Kysely<Database>,
  q: { campaignId: number; characterId?: number | undefined; unhealedOnly: boolean },
): Promise<Injury[]> {
  const campaign = await db.selectFrom('campaign').select('id').where('id', '=', q.campaignId).executeTakeFirst()
  if (!campaign) throw notFound('campaign', q.campaignId)
  let query = selectInjuries(db).where('injury.campaign_id', '=', q.campaignId)
  if (q.characterId !== undefined) {
    // Another campaign's character is refused, not answered with an empty list.
    const character = await db.selectFrom('character').select('campaign_id').where('id', '=', q.characterId).executeTakeFirst()
    if (character?.campaign_id !== q.campaignId) throw new AppError('not_found', `There is no character ${q.characterId} in this campaign; it may have been deleted.`, [{ field: 'characterId', problem: 'no character of this campaign has this id' }])
    query = query.where('injury.character_id', '=', q.characterId)
  }
  if (q.unhealedOnly) query = query.where('injury.healed', '=', 0)
  const rows = await query.orderBy('injury.healed').orderBy('injury.healed_at', 'desc').orderBy('injury.taken_at', 'desc').orderBy('injury.id', 'desc').execute()
  return rows.map(toInjury)
}

type RecordInput = ParsedInput<'injury.record'>

/** What is recorded, by the rules: a Ladder injury after LAD-18, the Harm box RK-8 marks, a checked CH-10 consequence. */
async function whatToRecord(tx: Tx, input: RecordInput, name: string): Promise<InjuryDetails> {
  switch (input.kind) {
    case 'ladder.damage': {
      if (input.location !== null && input.level !== 'wounded' && input.level !== 'incapacitated') {
        throw invalid('location', `a location is where a Wound lands (LAD-17); ${capitalised(input.level)} has none`)
      }
      const { status, report } = applyInjury(ladderStatusFrom(await openInjuries(tx, input.characterId, 'ladder.damage')), input.level)
      if (report.outcome === 'no effect') {
        throw new AppError('refused', `${name} is already killed; there is no further injury to record. Nothing was written.`, [
          { field: 'level', problem: `${name} is already killed` },
        ])
      }
      const thirdWound = report.outcome === 'incapacitated' && input.level === 'wounded' && status.incapacitated === 'third wound'
      return { kind: input.kind, level: report.outcome, location: input.location, thirdWound }
    }
    case 'ranks.harm': {
      const track = unharmed()
      for (const d of await openInjuries(tx, input.characterId, 'ranks.harm')) if (d.kind === 'ranks.harm') track[d.box] = true
      const taken = takeHarm(track)
      if (taken.marked === null) {
        const problem = `${name} has every Harm box marked: Harm beyond Doomed takes them out of the scene to roll Courage (RK-8)`
        throw new AppError('refused', `${problem}. Nothing was written.`, [{ field: 'kind', problem }])
      }
      return { kind: input.kind, box: taken.marked }
    }
    case 'challenge.reduction': {
      if (input.scope === 'ability' && input.ability === '') throw invalid('ability', 'say which ability the consequence reduces')
      if (input.scope !== 'incapacitated' && input.points < 1) throw invalid('points', 'a reduction is 1 point or more (CH-10)')
      const points = input.scope === 'incapacitated' ? 0 : input.points
      return { kind: input.kind, scope: input.scope, ability: input.ability, points }
    }
    case 'osr.limb':
      return { kind: input.kind, harm: input.harm, part: input.part }
    case 'osr.max-h':
      return { kind: input.kind, amount: input.amount }
    case 'other':
      return { kind: input.kind }
  }
}

/**
 * Records an injury in the campaign's rules, with when it heals where the rules give a time. A
 * third Wound is recorded as the Incapacitate it becomes, and a Wound on an Incapacitated
 * character as death (LAD-18); a Ranks Harm marks the lowest free box (RK-8).
 * @example await recordInjury(deps, { characterId: 4, kind: 'ladder.damage', level: 'wounded', location: 'arm', description: '', takenAt: 0 })
 */
export async function recordInjury(deps: ServiceDeps, input: RecordInput): Promise<Injury> {
  return unitOfWork(deps, async (tx) => {
    const owner = await injuryOwner(tx, input.characterId, input.kind)
    const what = await whatToRecord(tx, input, owner.name)
    const healBetween = what.kind === 'ladder.damage' && (await healsBetweenAdventures(tx, owner.campaign_id))
    // Taken now, as the clock stands, unless the GM says when (CLK-8).
    const takenAt = input.takenAt ?? (await currentGameTime(tx.trx, owner.campaign_id))
    // In the session being played, unless the GM names another or none.
    const sessionId = await sessionOfChange(tx.trx, owner.campaign_id, input.sessionId)
    const injury = await insertInjury(tx, owner, { characterId: input.characterId, what, description: input.description, takenAt, healBetweenAdventures: healBetween, sessionId })
    // LAD-17, LAD-19: coming round, medical attention within the hour, a blow to the head go on the clock by themselves.
    if (what.kind === 'ladder.damage') await setLadderInjuryTimers(tx, owner.campaign_id, { characterId: input.characterId, name: owner.name, outcome: what.level, location: what.location, attackFace: null, at: takenAt })
    return injury
  })
}

/**
 * Deletes an injury recorded by mistake (the screen asks first).
 * @example await deleteInjury(deps, { id: 3 })
 */
export async function deleteInjury(deps: ServiceDeps, input: { id: number }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = toInjury(await requireInjuryRow(tx, input.id))
    await tx.trx.deleteFrom('injury').where('id', '=', input.id).execute()
    await injuryChanged(tx, before, 'deleted', { kind: 'injury.deleted' })
    return { id: input.id }
  })
}
