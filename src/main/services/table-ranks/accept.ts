/**
 * Accepting the roll in play as final: against a Danger, RK-8 decides whether it is removed and
 * whether the roller takes Harm; a Courage roll decides the fate beyond Doomed; RK-6 awards XP to
 * a player character; a Legendary result may refresh an aspect (RK-3). One transaction, logged.
 */
import type { RanksRoll, RanksRollOutcome } from '../../../shared/api/table-ranks.contract'
import type { RanksRollRow } from '../../db/schema-ranks'
import { beyondDoomedOutcome, borderlineChooser, dealWithDanger, experienceFor, legendaryRefresh, type RankResult } from '../../engines/ranks'
import { unitOfWork, type ServiceDeps, type Tx, AppError, openSessionId } from '../core'
import { writeLedgerEntry, ledgerHolder } from '../ledger'
import { engineNames } from './campaign'
import { markHarm } from './harm'
import { journalOf } from './journal'
import { characterOf, logRanks, ranksSheetOf, writeSheetParts, type CharacterRow } from './people'
import { borderlineRule, engineRoll, requireOpenRoll, toRanksRoll, updateRoll } from './roll-store'
import { engineThreat, readTracker, threatLeft, writeTracker, type TrackerState } from './state'

const capital = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1)

function refused(field: string, problem: string): AppError {
  return new AppError('refused', `${capital(problem)}. Nothing was changed.`, [{ field, problem }])
}

/** RK-8: removes the Danger or leaves it, and marks the roller's Harm when the result calls for it. */
async function settleDanger(tx: Tx, row: RanksRollRow, roller: CharacterRow, tracker: TrackerState): Promise<{ tracker: TrackerState; outcome: Pick<RanksRollOutcome, 'danger' | 'harm'> }> {
  const names = await engineNames(tx.trx, [...tracker.dangers.map((d) => d.characterId), roller.id])
  const state = engineThreat(tracker, await threatLeft(tx.trx, row.campaign_id), names)
  const dealt = dealWithDanger(state, { dangerId: row.danger_id!, by: names.get(roller.id)!, result: engineRoll(row).result })
  if (!dealt.ok) throw refused('rollId', dealt.reason.replace(/\.$/, ''))
  const left = new Set(dealt.state.dangers.map((d) => d.id))
  let next: TrackerState = { ...tracker, dangers: tracker.dangers.filter((d) => left.has(d.id)) }
  const danger = { id: row.danger_id!, description: row.danger ?? '', removed: dealt.removed }
  if (dealt.harmTo === null) return { tracker: next, outcome: { danger, harm: null } }
  const marked = await markHarm(tx, roller.id, `Danger: ${row.danger ?? ''}`.trim())
  if (marked.beyondDoomed && !next.courageDue.includes(roller.id)) next = { ...next, courageDue: [...next.courageDue, roller.id] }
  return { tracker: next, outcome: { danger, harm: { characterId: roller.id, name: roller.name, ...marked } } }
}

/** RK-6: XP for a player character, through the ledger, with the reasons as the entry's reason. */
async function awardExperience(tx: Tx, row: RanksRollRow, roller: CharacterRow | null, roll: RankResult, tracker: TrackerState): Promise<RanksRollOutcome['xp']> {
  if (roller === null || roller.kind !== 'pc') return null
  const earned = experienceFor(roll, tracker.experienceRule)
  if (earned.xp === 0) return null
  const holder = await ledgerHolder(tx.trx, row.campaign_id, roller.id)
  const reason = `${row.ability ? `${row.ability} roll` : 'A roll'}: ${earned.reasons.join('; ')} (RK-6)`
  const entry = await writeLedgerEntry(tx, holder, { currency: 'xp', amount: earned.xp, reason, sessionId: await openSessionId(tx.trx, row.campaign_id) }, 'earn')
  journalOf(tx).ledger.push(entry.id)
  return { amount: earned.xp, reasons: earned.reasons }
}

/**
 * Accepts the roll in play as the final result. Refused while the borderline rule asks for the
 * roll to be made again (RK-5).
 * @example await acceptRoll(deps, { rollId: 7 }) // outcome: { danger: { removed: true }, harm: { box: 'weary' }, xp: null, … }
 */
export function acceptRoll(deps: ServiceDeps, input: { rollId: number; refreshAspect?: string | undefined }): Promise<RanksRoll> {
  return unitOfWork(deps, async (tx) => {
    const row = await requireOpenRoll(tx, input.rollId, 'accept')
    const roll = engineRoll(row)
    const rule = await borderlineRule(tx.trx, row.campaign_id)
    const chooser = row.purpose === 'courage' ? null : borderlineChooser(roll.result)
    if (rule && chooser) {
      const who = chooser === 'player' ? 'the player' : 'the GM'
      throw refused('rollId', `${capital(roll.result)} is borderline in this campaign (RK-5): ${who} picks a different ability and ${row.who} rolls again`)
    }
    const roller = row.character_id === null ? null : await characterOf(tx.trx, row.campaign_id, row.character_id)
    let tracker = await readTracker(tx.trx, row.campaign_id)
    const outcome: RanksRollOutcome = { danger: null, harm: null, xp: null, courage: null, refreshed: null, move: null }

    if (input.refreshAspect !== undefined) {
      if (!roller) throw refused('refreshAspect', `${row.who} has no sheet, so no aspect to refresh`)
      const refreshed = legendaryRefresh(roll, ranksSheetOf(roller).aspects, input.refreshAspect)
      if (!refreshed.ok) throw refused('refreshAspect', refreshed.reason.replace(/\.$/, ''))
      await writeSheetParts(tx, roller, { aspects: refreshed.aspects })
      outcome.refreshed = input.refreshAspect
    }
    if (row.purpose === 'danger' && roller) {
      const settled = await settleDanger(tx, row, roller, tracker)
      tracker = settled.tracker
      Object.assign(outcome, settled.outcome)
    }
    if (row.purpose === 'courage' && roller) {
      outcome.courage = beyondDoomedOutcome(roll)
      tracker = { ...tracker, courageDue: tracker.courageDue.filter((id) => id !== roller.id) }
    }
    outcome.xp = await awardExperience(tx, row, roller, roll, tracker)
    await writeTracker(tx, row.campaign_id, tracker)
    const accepted = await updateRoll(tx, row.id, { status: 'accepted', outcome: JSON.stringify(outcome) })
    await logRanks(
      tx,
      row.campaign_id,
      'ranks.accepted',
      { rollId: row.id, characterId: row.character_id, name: row.who, ability: row.ability, result: row.result, purpose: row.purpose, ...outcome },
      { gmOnly: row.gm_only === 1 },
    )
    return toRanksRoll(accepted, { borderlineRule: rule })
  })
}
