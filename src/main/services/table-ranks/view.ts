/**
 * What the Ranks table shows: the GM's Threat and the Dangers in play (RK-7), the party's Harm,
 * aspects, chapter moves and XP (RK-4, RK-6, RK-8, RK-9), and the roll in play.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { RanksPerson, RanksTable } from '../../../shared/api/table-ranks.contract'
import { openSessionId } from '../core'
import { requireRanksCampaign } from './campaign'
import { threatCharacters } from './dangers'
import { characterOf, personOf } from './people'
import { borderlineRule, lastSettledRollRow, openRollRow, toRanksRoll } from './roll-store'
import { readTracker, threatLeft } from './state'

/**
 * The table: active player characters, and anyone else facing a Danger or due a Courage roll.
 * @example await ranksTable(db, 1) // { threat: 9, dangers: [...], characters: [...], openRoll: null, … }
 */
export async function ranksTable(db: Kysely<Database>, campaignId: number): Promise<RanksTable> {
  await requireRanksCampaign(db, campaignId)
  const tracker = await readTracker(db, campaignId)
  const involved = [...tracker.dangers.map((d) => d.characterId), ...tracker.courageDue]
  const rows = await db
    .selectFrom('character')
    .selectAll()
    .where('campaign_id', '=', campaignId)
    .where((eb) => eb.or([eb.and([eb('kind', '=', 'pc'), eb('status', '=', 'active')]), ...(involved.length ? [eb('id', 'in', involved)] : [])]))
    .orderBy('kind', 'desc')
    .orderBy('name')
    .execute()
  const names = new Map(rows.map((r) => [r.id, r.name]))
  const sessionId = await openSessionId(db, campaignId)
  const rule = await borderlineRule(db, campaignId)
  const open = await openRollRow(db, campaignId)
  const last = await lastSettledRollRow(db, campaignId)
  return {
    campaignId,
    threat: await threatLeft(db, campaignId),
    sessionId,
    threatGiven: sessionId !== null && tracker.threatSessions.includes(sessionId),
    threatCharacters: await threatCharacters(db, campaignId, sessionId),
    chapter: tracker.chapter,
    experienceRule: tracker.experienceRule,
    borderline: rule,
    dangers: tracker.dangers.map((d) => ({ id: d.id, characterId: d.characterId, facing: names.get(d.characterId) ?? d.facing, description: d.description, threat: d.threat })),
    characters: await Promise.all(rows.map((r) => personOf(db, r, tracker))),
    openRoll: open ? toRanksRoll(open, { borderlineRule: rule }) : null,
    lastRoll: last ? toRanksRoll(last, { borderlineRule: rule }) : null,
  }
}

/**
 * One character as the table sees them (an NPC picked to roll, or after a change).
 * @example await ranksPerson(db, 4)
 */
export async function ranksPerson(db: Kysely<Database>, characterId: number): Promise<RanksPerson> {
  const row = await characterOf(db, null, characterId)
  await requireRanksCampaign(db, row.campaign_id)
  return personOf(db, row, await readTracker(db, row.campaign_id))
}
