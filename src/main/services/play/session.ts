/**
 * Starting and closing a session at the table: the session records when play began
 * and ended in game time; closing it tops up supers' Plot Point pools (LAD-30) and warns when the
 * GM still holds Threat (RK-7). Everything logged in between belongs to the open session.
 */
import { sessionEndTopUp } from '../../engines/ladder'
import type { Session } from '../../../shared/contract'
import { requireCampaign, unitOfWork, type ServiceDeps, AppError, notFound, currentGameTime, openSessionId, recordChanged } from '../core'
import { balanceOf, writeLedgerEntry, ledgerHolder, standingLedger } from '../ledger'
import { createSession, listSessions } from '../records'
import { energyAtSessionStart } from '../growth'

/**
 * Opens a session now, as the clock stands; refused while another is open. In a LODE campaign that
 * grants Energy at each session's start, those present are topped up to their supply in the same
 * transaction (LODE-9).
 * @example await startSession(deps, { campaignId: 1, title: 'Rats!', attendance: [4, 5] })
 */
export async function startSession(
  deps: ServiceDeps,
  input: { campaignId: number; title?: string | undefined; adventureId?: number | null | undefined; attendance: number[] },
): Promise<Session> {
  const open = await openSessionId(deps.db, input.campaignId)
  if (open !== null) {
    const s = (await listSessions(deps.db, input.campaignId)).find((x) => x.id === open)
    throw new AppError('conflict', `Session ${s?.number ?? ''} is still open: resume it, or close it before starting another.`, [
      { field: 'campaignId', problem: 'a session is open' },
    ])
  }
  const session = {
    campaignId: input.campaignId,
    title: input.title ?? '',
    adventureId: input.adventureId ?? null,
    attendance: input.attendance,
    status: 'open' as const,
    gameTimeStart: await currentGameTime(deps.db, input.campaignId),
    realDate: new Date(deps.now()).toISOString().slice(0, 10),
  }
  return createSession(deps, session, energyAtSessionStart)
}

export interface ClosedSession {
  session: Session
  /** LAD-30: supers whose pools were topped back up to 3. */
  topUps: { characterId: number; name: string; amount: number }[]
  /** RK-7: Threat the GM still held. */
  threatLeft: number
}

/**
 * Closes the session: its end in game time, supers' pools topped up (LAD-30). Threat left (RK-7)
 * refuses the close until the GM confirms it.
 * @example await closeSession(deps, { id: 12, confirmThreat: false })
 */
export async function closeSession(deps: ServiceDeps, input: { id: number; confirmThreat: boolean }): Promise<ClosedSession> {
  const result = await unitOfWork(deps, async (tx) => {
    const row = await tx.trx.selectFrom('session').selectAll().where('id', '=', input.id).executeTakeFirst()
    if (!row) throw notFound('session', input.id)
    if (row.status === 'closed') throw new AppError('refused', `Session ${row.number} is already closed.`, [{ field: 'id', problem: 'already closed' }])
    const { system } = await requireCampaign(tx, row.campaign_id)
    const gameTime = await currentGameTime(tx.trx, row.campaign_id)

    let threatLeft = 0
    if (system === 'ranks') {
      threatLeft = await balanceOf(tx.trx, await ledgerHolder(tx.trx, row.campaign_id, null), 'threat')
      if (threatLeft > 0 && !input.confirmThreat) {
        throw new AppError(
          'conflict',
          `The GM still holds ${threatLeft} Threat (RK-7): spend it on Dangers, or close the session anyway.`,
          [{ field: 'confirmThreat', problem: `${threatLeft} Threat left` }],
        )
      }
    }

    const topUps: ClosedSession['topUps'] = []
    if (system === 'ladder') {
      const supers = await tx.trx
        .selectFrom('character')
        .select(['id', 'name', 'sheet'])
        .where('campaign_id', '=', row.campaign_id)
        .where('kind', '=', 'pc')
        .where('status', '=', 'active')
        .execute()
      for (const c of supers) {
        if (!(JSON.parse(c.sheet) as { super?: boolean }).super) continue
        const holder = await ledgerHolder(tx.trx, row.campaign_id, c.id)
        const stamp = { character: c.name, session: row.number, gameTime }
        const topped = sessionEndTopUp(standingLedger(stamp, await balanceOf(tx.trx, holder, 'pp')), stamp) // LAD-30
        if (!topped.entry) continue
        await writeLedgerEntry(tx, holder, { currency: 'pp', amount: topped.entry.amount, reason: topped.entry.reason, sessionId: row.id, gameTime }, 'earn')
        topUps.push({ characterId: c.id, name: c.name, amount: topped.entry.amount })
      }
    }

    await tx.trx.updateTable('session').set({ status: 'closed', game_time_end: gameTime, updated_at: tx.realTime }).where('id', '=', row.id).execute()
    await recordChanged(
      tx,
      { campaignId: row.campaign_id, kind: 'session', id: row.id, change: 'updated' },
      {
        kind: 'session.closed',
        sessionId: row.id,
        gameTime,
        payload: { number: row.number, title: row.title, from: row.game_time_start, to: gameTime, topUps, threatLeft },
      },
    )
    return { campaignId: row.campaign_id, topUps, threatLeft }
  })
  const session = (await listSessions(deps.db, result.campaignId)).find((s) => s.id === input.id)!
  return { session, topUps: result.topUps, threatLeft: result.threatLeft }
}
