/**
 * LAD-21: "+1 PP and one new episode for each adventure survived". A finished adventure offers each
 * character who played in it (the attendance of its sessions) and lives their Plot Point and a new
 * episode to write; a super's point may go to the Background Pool instead (LAD-30). The log
 * remembers who was credited for which adventure: the `growth.ladder.survived` entries not undone.
 */
import type { Kysely } from 'kysely'
import type { Database } from '../../db/schema'
import type { LadderSurvivedOffer } from '../../../shared/api/growth-ladder.contract'
import { amountOf } from '../../../shared/currencies'
import { adventureSurvived } from '../../engines/ladder'
import { unitOfWork, jsonNumber, notFound, type ServiceDeps } from '../core'
import { ledgerHolder, writeLedgerEntry } from '../ledger'
import { changeSheet } from './sheet-change'
import { ladderCharacter, possessive, refuse, requireLadder } from './ladder-common'

interface Attendee {
  characterId: number
  name: string
  status: string
  super: boolean
}

/** Who played in an adventure's sessions (drafts aside), by name, and the sessions' numbers. */
async function playedIn(db: Kysely<Database>, adventureId: number): Promise<{ sessions: number[]; attendees: Attendee[] }> {
  const sessions = await db.selectFrom('session').select(['id', 'number']).where('adventure_id', '=', adventureId).orderBy('number').execute()
  const rows =
    sessions.length === 0
      ? []
      : await db
          .selectFrom('session_attendance')
          .innerJoin('character', 'character.id', 'session_attendance.character_id')
          .select(['character.id as id', 'character.name as name', 'character.status as status', 'character.sheet as sheet'])
          .where('session_attendance.session_id', 'in', sessions.map((s) => s.id))
          .where('character.draft', '=', 0)
          .distinct()
          .orderBy('character.name')
          .execute()
  const attendees = rows.map((r) => ({ characterId: r.id, name: r.name, status: r.status, super: (JSON.parse(r.sheet) as { super?: unknown }).super === true }))
  return { sessions: sessions.map((s) => s.number), attendees }
}

/** The characters credited for surviving an adventure, by the log. */
async function creditedFor(db: Kysely<Database>, campaignId: number, adventureId: number): Promise<Set<number>> {
  const rows = await db
    .selectFrom('log_entry')
    .select('payload')
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'growth.ladder.survived')
    .where('undone', '=', 0)
    .where(jsonNumber(db, 'payload', 'adventureId'), '=', adventureId)
    .execute()
  return new Set(rows.map((r) => Number((JSON.parse(r.payload) as { characterId: unknown }).characterId)))
}

/**
 * Each finished adventure with someone who survived it and is not credited yet.
 * @example await survivedOffers(db, 1) // [{ title: 'The Clockwork Heist', survivors: [{ name: 'Tai', credited: false, … }], fallen: [] }]
 */
export async function survivedOffers(db: Kysely<Database>, campaignId: number): Promise<LadderSurvivedOffer[]> {
  const finished = await db.selectFrom('adventure').select(['id', 'title']).where('campaign_id', '=', campaignId).where('status', '=', 'finished').orderBy('position').execute()
  const offers: LadderSurvivedOffer[] = []
  for (const a of finished) {
    const { sessions, attendees } = await playedIn(db, a.id)
    const credited = await creditedFor(db, campaignId, a.id)
    const survivors = attendees.filter((p) => p.status !== 'dead').map((p) => ({ characterId: p.characterId, name: p.name, super: p.super, credited: credited.has(p.characterId) }))
    if (!survivors.some((s) => !s.credited)) continue
    offers.push({ adventureId: a.id, title: a.title, sessions, survivors, fallen: attendees.filter((p) => p.status === 'dead').map((p) => p.name) })
  }
  return offers
}

export interface Survivor {
  characterId: number
  episode: string
  pool: 'pp' | 'background'
}

/**
 * Credits surviving a finished adventure, for one character or several at once (one action): +1
 * Plot Point through the ledger and the new episode written on the sheet, each refused in words
 * (not finished, not played in it, dead, credited already, no episode written, a Background Pool
 * for someone who is no super), nothing changed then.
 * @example await creditSurvived(deps, { campaignId: 1, adventureId: 2, survivors: [{ characterId: 4, episode: 'Stopped the archduke’s assassin', pool: 'pp' }] })
 */
export async function creditSurvived(deps: ServiceDeps, input: { campaignId: number; adventureId: number; survivors: Survivor[] }): Promise<{ logEntryIds: number[]; text: string }> {
  return unitOfWork(deps, async (tx) => {
    await requireLadder(tx.trx, input.campaignId)
    const adventure = await tx.trx.selectFrom('adventure').select(['id', 'title', 'status']).where('id', '=', input.adventureId).where('campaign_id', '=', input.campaignId).executeTakeFirst()
    if (!adventure) throw notFound('adventure', input.adventureId)
    const title = `“${adventure.title}”`
    if (adventure.status !== 'finished') throw refuse('adventureId', `${title} is not finished yet: surviving it earns a Plot Point and an episode once it ends (LAD-21).`)
    const { attendees } = await playedIn(tx.trx, adventure.id)
    const credited = await creditedFor(tx.trx, input.campaignId, adventure.id)
    const ids: number[] = []
    const texts: string[] = []
    for (const [i, s] of input.survivors.entries()) {
      const c = await ladderCharacter(tx.trx, input.campaignId, s.characterId)
      const field = `survivors.${i}`
      if (input.survivors.findIndex((x) => x.characterId === s.characterId) !== i) throw refuse(`${field}.characterId`, `${c.name} is named twice.`)
      if (!attendees.some((a) => a.characterId === c.id)) throw refuse(`${field}.characterId`, `${c.name} played in no session of ${title}.`)
      if (c.status === 'dead') throw refuse(`${field}.characterId`, `${c.name} did not survive ${title}.`)
      if (credited.has(c.id)) throw refuse(`${field}.characterId`, `${c.name} was credited for surviving ${title} already.`)
      if (s.pool === 'background' && !c.sheet.super) throw refuse(`${field}.pool`, `Only a super keeps a Background Pool (LAD-30); ${possessive(c.name)} Plot Point goes to their Plot Points.`)
      const stamp = { character: c.name, session: 0, gameTime: 0 }
      const engine = adventureSurvived([], stamp, s.episode, s.pool === 'background' ? 'background' : 'plot points')
      if (!engine.ok) throw refuse(`${field}.episode`, `${engine.reason.replace(/\.$/, '')} (LAD-21).`)
      const episode = s.episode.trim()
      const holder = await ledgerHolder(tx.trx, input.campaignId, c.id)
      await writeLedgerEntry(tx, holder, { currency: s.pool, amount: 1, reason: `Adventure survived: ${title} (LAD-21)`, sessionId: null }, 'earn')
      const where = s.pool === 'background' ? ` in the Background Pool` : ''
      const text = `${c.name} survived ${title}: +1 Plot Point${where} and a new episode, “${episode}” (LAD-21).`
      // A character who has grown in play keeps the development limits instead of the creation counts (LAD-23).
      const after = { ...c.sheet, developed: true, episodes: [...c.sheet.episodes, episode] }
      const entry = await changeSheet(tx, {
        campaignId: input.campaignId,
        characterId: c.id,
        name: c.name,
        before: c.stored,
        after,
        kind: 'growth.ladder.survived',
        text,
        payload: { rule: 'LAD-21', adventureId: adventure.id, title: adventure.title, episode, currency: s.pool, amount: 1, earned: amountOf(s.pool, 1) },
      })
      ids.push(entry.id)
      texts.push(text)
    }
    return { logEntryIds: ids, text: texts.join(' ') }
  })
}
