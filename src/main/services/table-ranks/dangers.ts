/**
 * RK-7: the GM's Threat for the session, through the campaign's ledger, and the Dangers it buys,
 * each in front of one character who faces none yet.
 */
import type { RanksDanger } from '../../../shared/api/table-ranks.contract'
import { createDanger, startThreat } from '../../engines/ranks'
import { unitOfWork, type ServiceDeps, type Tx, AppError, openSessionId } from '../core'
import { writeLedgerEntry, ledgerHolder } from '../ledger'
import { engineNames, requireRanksCampaign } from './campaign'
import { journalOf } from './journal'
import { characterOf, logRanks } from './people'
import { engineThreat, readTracker, threatLeft, writeTracker } from './state'

function refused(field: string, problem: string, outcome: string): AppError {
  return new AppError('refused', `${problem.charAt(0).toUpperCase()}${problem.slice(1)}. ${outcome}`, [{ field, problem }])
}

/**
 * The player characters Threat is counted for: those at the open session, or else every active
 * player character of the campaign.
 * @example await threatCharacters(tx.trx, 1, 12) // 3
 */
export async function threatCharacters(db: Tx['trx'] | ServiceDeps['db'], campaignId: number, sessionId: number | null): Promise<number> {
  if (sessionId !== null) {
    const present = await db
      .selectFrom('session_attendance')
      .innerJoin('character', 'character.id', 'session_attendance.character_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('session_attendance.session_id', '=', sessionId)
      .where('character.kind', '=', 'pc')
      .executeTakeFirst()
    if (Number(present?.n ?? 0) > 0) return Number(present!.n)
  }
  const active = await db
    .selectFrom('character')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('campaign_id', '=', campaignId)
    .where('kind', '=', 'pc')
    .where('status', '=', 'active')
    .executeTakeFirst()
  return Number(active?.n ?? 0)
}

/**
 * RK-7: gives the GM this session's Threat, 3 to 15 per player character, as a ledger entry.
 * Refused without an open session, or when this session's Threat was already given.
 * @example await giveSessionThreat(deps, { campaignId: 1, perCharacter: 3 }) // 3 PCs: +9 Threat
 */
export function giveSessionThreat(deps: ServiceDeps, input: { campaignId: number; perCharacter: number }): Promise<void> {
  return unitOfWork(deps, async (tx) => {
    await requireRanksCampaign(tx.trx, input.campaignId)
    const sessionId = await openSessionId(tx.trx, input.campaignId)
    if (sessionId === null) throw refused('campaignId', 'Threat is given per session (RK-7): start the session first', 'No Threat was given.')
    const tracker = await readTracker(tx.trx, input.campaignId)
    if (tracker.threatSessions.includes(sessionId)) {
      throw refused('perCharacter', 'this session’s Threat was already given (RK-7); spend it on Dangers', 'No Threat was given.')
    }
    const characters = await threatCharacters(tx.trx, input.campaignId, sessionId)
    const started = startThreat({ characters, perCharacter: input.perCharacter })
    if (!started.ok) throw refused(characters < 1 ? 'campaignId' : 'perCharacter', started.reason.replace(/\.$/, ''), 'No Threat was given.')
    const holder = await ledgerHolder(tx.trx, input.campaignId, null)
    const reason = `This session’s Threat: ${input.perCharacter} for each of ${characters} player character${characters === 1 ? '' : 's'} (RK-7)`
    journalOf(tx).ledger.push((await writeLedgerEntry(tx, holder, { currency: 'threat', amount: started.state.threat, reason, sessionId }, 'earn')).id)
    await writeTracker(tx, input.campaignId, { ...tracker, threatSessions: [...tracker.threatSessions, sessionId] })
    await logRanks(tx, input.campaignId, 'ranks.threat', { perCharacter: input.perCharacter, characters, threat: started.state.threat })
  })
}

/**
 * RK-7: spends Threat on a Danger in front of a character who faces none yet.
 * @example await placeDanger(deps, { campaignId: 1, characterId: 4, description: 'the cultist’s minions', threat: 1 })
 */
export function placeDanger(deps: ServiceDeps, input: { campaignId: number; characterId: number; description: string; threat: number }): Promise<RanksDanger> {
  return unitOfWork(deps, async (tx) => {
    await requireRanksCampaign(tx.trx, input.campaignId)
    const character = await characterOf(tx.trx, input.campaignId, input.characterId)
    const tracker = await readTracker(tx.trx, input.campaignId)
    const names = await engineNames(tx.trx, [...tracker.dangers.map((d) => d.characterId), character.id])
    const threat = await threatLeft(tx.trx, input.campaignId)
    const made = createDanger(engineThreat(tracker, threat, names), { facing: names.get(character.id)!, description: input.description, threat: input.threat })
    if (!made.ok) throw refused(made.reason.includes('Threat') ? 'threat' : 'characterId', made.reason.replace(/\.$/, ''), 'No Danger was made.')
    const holder = await ledgerHolder(tx.trx, input.campaignId, null)
    const reason = `Danger for ${character.name}: ${input.description} (RK-7)`
    const spent = await writeLedgerEntry(tx, holder, { currency: 'threat', amount: -made.danger.threat, reason, sessionId: await openSessionId(tx.trx, input.campaignId) }, 'spend')
    journalOf(tx).ledger.push(spent.id)
    const danger = { ...made.danger, facing: character.name, characterId: character.id }
    await writeTracker(tx, input.campaignId, { ...tracker, dangers: [...tracker.dangers, danger], nextDangerId: made.state.nextDangerId })
    await logRanks(tx, input.campaignId, 'ranks.danger', { dangerId: danger.id, characterId: character.id, name: character.name, description: danger.description, threat: danger.threat, left: threat - danger.threat })
    return { id: danger.id, characterId: character.id, facing: character.name, description: danger.description, threat: danger.threat }
  })
}
