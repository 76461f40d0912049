/** Sessions: the evenings a group played, with who came. Each change is one transaction with its log entry. */
import type { Kysely, Selectable } from 'kysely'
import type { Database, SessionTable } from '../../db/schema'
import type { Attendee, Session } from '../../../shared/contract'
import { requireCampaign, unitOfWork, type ServiceDeps, type Tx, AppError, notFound, recordChanged } from '../core'

type SessionRow = Selectable<SessionTable>

/** The fields a GM edits, in the API's words. */
interface SessionFields {
  number: number
  title: string
  realDate: string | null
  adventureId: number | null
  gameTimeStart: number | null
  gameTimeEnd: number | null
  status: Session['status']
  gmNotes: string
}

const COLUMN: Record<keyof SessionFields, keyof SessionRow> = {
  number: 'number',
  title: 'title',
  realDate: 'real_date',
  adventureId: 'adventure_id',
  gameTimeStart: 'game_time_start',
  gameTimeEnd: 'game_time_end',
  status: 'status',
  gmNotes: 'gm_notes',
}

function fieldsOf(row: SessionRow): SessionFields {
  return {
    number: row.number,
    title: row.title,
    realDate: row.real_date,
    adventureId: row.adventure_id,
    gameTimeStart: row.game_time_start,
    gameTimeEnd: row.game_time_end,
    status: row.status,
    gmNotes: row.gm_notes,
  }
}

function toSession(row: SessionRow, attendance: Attendee[]): Session {
  return { id: row.id, campaignId: row.campaign_id, ...fieldsOf(row), attendance, createdAt: row.created_at, updatedAt: row.updated_at }
}

/** Who attended each of the given sessions, by name. */
async function attendanceOf(db: Kysely<Database>, sessionIds: number[]): Promise<Map<number, Attendee[]>> {
  const byId = new Map<number, Attendee[]>(sessionIds.map((id) => [id, []]))
  if (sessionIds.length === 0) return byId
  const rows = await db
    .selectFrom('session_attendance')
    .innerJoin('character', 'character.id', 'session_attendance.character_id')
    .select(['session_attendance.session_id as sessionId', 'character.id as characterId', 'character.name as name'])
    .where('session_attendance.session_id', 'in', sessionIds)
    .orderBy('character.name')
    .execute()
  for (const r of rows) byId.get(r.sessionId)?.push({ characterId: r.characterId, name: r.name })
  return byId
}

/** @example await listSessions(db, 1) // by number, each with who came */
export async function listSessions(db: Kysely<Database>, campaignId: number): Promise<Session[]> {
  const rows = await db.selectFrom('session').selectAll().where('campaign_id', '=', campaignId).orderBy('number').execute()
  const attendance = await attendanceOf(db, rows.map((r) => r.id))
  return rows.map((r) => toSession(r, attendance.get(r.id) ?? []))
}

async function requireSession(tx: Tx, id: number): Promise<SessionRow> {
  const row = await tx.trx.selectFrom('session').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) throw notFound('session', id)
  return row
}

async function nextSessionNumber(tx: Tx, campaignId: number): Promise<number> {
  const last = await tx.trx
    .selectFrom('session')
    .select((eb) => eb.fn.max('number').as('n'))
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst()
  return (last?.n ?? 0) + 1
}

/** Session numbers are unique per campaign: a clash is refused, with the next free number offered. */
async function refuseNumberClash(tx: Tx, campaignId: number, number: number, exceptId?: number): Promise<void> {
  let q = tx.trx.selectFrom('session').select('id').where('campaign_id', '=', campaignId).where('number', '=', number)
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId)
  if (!(await q.executeTakeFirst())) return
  const next = await nextSessionNumber(tx, campaignId)
  throw new AppError(
    'conflict',
    `Session ${number} already exists in this campaign; choose another number (the next free one is ${next}). Nothing was saved.`,
    [{ field: 'number', problem: `session ${number} already exists; ${next} is free` }],
  )
}

async function refuseForeignAdventure(tx: Tx, campaignId: number, adventureId: number | null | undefined): Promise<void> {
  if (adventureId === null || adventureId === undefined) return
  const found = await tx.trx
    .selectFrom('adventure')
    .select('id')
    .where('id', '=', adventureId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst()
  if (!found) {
    throw new AppError('invalid_input', `There is no adventure with id ${adventureId} in this campaign; choose one from the list. Nothing was saved.`, [
      { field: 'adventureId', problem: 'no adventure of this campaign has this id' },
    ])
  }
}

function refuseBackwardsTime(f: Pick<SessionFields, 'gameTimeStart' | 'gameTimeEnd'>): void {
  if (f.gameTimeStart !== null && f.gameTimeEnd !== null && f.gameTimeEnd < f.gameTimeStart) {
    throw new AppError('invalid_input', 'The session ends, in game time, before it starts; put the end after the start. Nothing was saved.', [
      { field: 'gameTimeEnd', problem: 'is before the start' },
    ])
  }
}

/** The named PCs of this campaign; anything else in the list is refused. */
async function attendeesFor(tx: Tx, campaignId: number, ids: readonly number[]): Promise<Attendee[]> {
  const wanted = [...new Set(ids)]
  if (wanted.length === 0) return []
  const found = await tx.trx
    .selectFrom('character')
    .select(['id', 'name', 'kind'])
    .where('campaign_id', '=', campaignId)
    .where('id', 'in', wanted)
    .execute()
  const byId = new Map(found.map((c) => [c.id, c]))
  for (const id of wanted) {
    const c = byId.get(id)
    const problem = !c ? `character ${id} is not in this campaign` : c.kind !== 'pc' ? `${c.name} is an NPC; only player characters attend` : null
    if (problem) {
      throw new AppError('invalid_input', `Attendance lists player characters only: ${problem}. Nothing was saved.`, [{ field: 'attendance', problem }])
    }
  }
  return wanted.map((id) => ({ characterId: id, name: byId.get(id)!.name }))
}

/**
 * Records a session; without a number it takes the next free one (one more than the highest).
 * `andThen` writes what comes with it, in the same transaction (LODE-9: Energy at a session's start).
 * @example await createSession(deps, { campaignId: 1, title: 'Rats!', realDate: '2025-03-14', attendance: [4, 5] })
 */
export async function createSession(
  deps: ServiceDeps,
  input: Partial<SessionFields> & { campaignId: number; attendance?: number[] | undefined },
  andThen?: (tx: Tx, session: Session) => Promise<void>,
): Promise<Session> {
  return unitOfWork(deps, async (tx) => {
    await requireCampaign(tx, input.campaignId)
    const number = input.number ?? (await nextSessionNumber(tx, input.campaignId))
    await refuseNumberClash(tx, input.campaignId, number)
    await refuseForeignAdventure(tx, input.campaignId, input.adventureId)
    const fields: SessionFields = {
      number,
      title: input.title ?? '',
      realDate: input.realDate ?? null,
      adventureId: input.adventureId ?? null,
      gameTimeStart: input.gameTimeStart ?? null,
      gameTimeEnd: input.gameTimeEnd ?? null,
      status: input.status ?? 'open',
      gmNotes: input.gmNotes ?? '',
    }
    refuseBackwardsTime(fields)
    const attendees = await attendeesFor(tx, input.campaignId, input.attendance ?? [])
    const row = await tx.trx
      .insertInto('session')
      .values({
        campaign_id: input.campaignId,
        number: fields.number,
        title: fields.title,
        real_date: fields.realDate,
        adventure_id: fields.adventureId,
        game_time_start: fields.gameTimeStart,
        game_time_end: fields.gameTimeEnd,
        status: fields.status,
        gm_notes: fields.gmNotes,
        created_at: tx.realTime,
        updated_at: tx.realTime,
      })
      .returningAll()
      .executeTakeFirstOrThrow()
    if (attendees.length > 0) {
      await tx.trx
        .insertInto('session_attendance')
        .values(attendees.map((a) => ({ session_id: row.id, character_id: a.characterId })))
        .execute()
    }
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'session', id: row.id, change: 'created' },
      { kind: 'session.created', payload: { id: row.id, number: row.number, title: row.title, attendance: attendees.map((a) => a.name) } },
    )
    const session = toSession(row, attendees.toSorted((a, b) => a.name.localeCompare(b.name)))
    await andThen?.(tx, session)
    return session
  })
}

/**
 * Changes only the fields named; `attendance`, when given, is the whole list of who came.
 * @example await updateSession(deps, { id: 3, status: 'closed', gameTimeEnd: 216000, attendance: [4] })
 */
export async function updateSession(
  deps: ServiceDeps,
  input: Partial<SessionFields> & { id: number; attendance?: number[] | undefined },
): Promise<Session> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireSession(tx, input.id)
    const old = fieldsOf(before)
    const changes: Partial<SessionFields> = {}
    for (const key of Object.keys(COLUMN) as (keyof SessionFields)[]) {
      const value = input[key]
      if (value !== undefined && value !== old[key]) Object.assign(changes, { [key]: value })
    }
    if (changes.number !== undefined) await refuseNumberClash(tx, before.campaign_id, changes.number, before.id)
    await refuseForeignAdventure(tx, before.campaign_id, changes.adventureId)
    refuseBackwardsTime({ ...old, ...changes })

    const was = (await attendanceOf(tx.trx, [before.id])).get(before.id) ?? []
    let came: string[] = []
    let left: string[] = []
    if (input.attendance !== undefined) {
      const now = await attendeesFor(tx, before.campaign_id, input.attendance)
      const wasIds = new Set(was.map((a) => a.characterId))
      const nowIds = new Set(now.map((a) => a.characterId))
      const added = now.filter((a) => !wasIds.has(a.characterId))
      const removed = was.filter((a) => !nowIds.has(a.characterId))
      if (removed.length > 0) {
        await tx.trx
          .deleteFrom('session_attendance')
          .where('session_id', '=', before.id)
          .where('character_id', 'in', removed.map((a) => a.characterId))
          .execute()
      }
      if (added.length > 0) {
        await tx.trx.insertInto('session_attendance').values(added.map((a) => ({ session_id: before.id, character_id: a.characterId }))).execute()
      }
      came = added.map((a) => a.name)
      left = removed.map((a) => a.name)
    }
    if (Object.keys(changes).length === 0 && came.length === 0 && left.length === 0) return toSession(before, was)

    const set = Object.fromEntries(Object.entries(changes).map(([k, v]) => [COLUMN[k as keyof SessionFields], v]))
    const row = await tx.trx
      .updateTable('session')
      .set({ ...set, updated_at: tx.realTime })
      .where('id', '=', before.id)
      .returningAll()
      .executeTakeFirstOrThrow()
    const from = Object.fromEntries(Object.keys(changes).map((k) => [k, old[k as keyof SessionFields]]))
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'session', id: row.id, change: 'updated' },
      { kind: 'session.updated', payload: { id: row.id, number: row.number, title: row.title, from, to: changes, came, left } },
    )
    const attendance = (await attendanceOf(tx.trx, [row.id])).get(row.id) ?? []
    return toSession(row, attendance)
  })
}

/**
 * Deletes a session record and its attendance; log entries made during it stay in the log.
 * @example await deleteSession(deps, { id: 3 })
 */
export async function deleteSession(deps: ServiceDeps, input: { id: number }): Promise<{ id: number }> {
  return unitOfWork(deps, async (tx) => {
    const before = await requireSession(tx, input.id)
    await tx.trx.deleteFrom('session').where('id', '=', input.id).execute()
    await recordChanged(
      tx,
      { campaignId: before.campaign_id, kind: 'session', id: before.id, change: 'deleted' },
      { kind: 'session.deleted', payload: { id: before.id, number: before.number, title: before.title } },
    )
    return { id: input.id }
  })
}
