/**
 * Changing an injury: treating it (which starts LAD-20's clock for an Incapacitate), healing it,
 * editing what was written, and LAD-22.3's Plot Point that steps an Incapacitate down to a Wound.
 */
import { currentGameTime, unitOfWork, type ServiceDeps, type Tx, AppError } from '../core'
import type { Injury, InjuryDetails, LedgerEntry, ParsedInput } from '../../../shared/contract'
import { spendPlotPoints } from '../../engines/ladder'
import { capitalised } from '../../../shared/injuries'
import { balanceOf, writeLedgerEntry, ledgerHolder, standingLedger } from '../ledger'
import { detailsOf, factsOf, healsBetweenAdventures, injuryById, injuryChanged, invalid, openInjuries, planInjury, requireInjuryRow, toInjury, type InjuryRow } from './store'

type UpdateInput = ParsedInput<'injury.update'>

/** The injury with its location or limb changed, where that kind has one. */
function editedWhat(what: InjuryDetails, input: UpdateInput): InjuryDetails {
  let next = what
  if (input.location !== undefined) {
    if (next.kind !== 'ladder.damage') throw invalid('location', 'only a Ladder injury has a location (LAD-17)')
    if (input.location !== null && next.level !== 'wounded' && next.level !== 'incapacitated') {
      throw invalid('location', `a location is where a Wound lands (LAD-17); ${capitalised(next.level)} has none`)
    }
    next = { ...next, location: input.location }
  }
  if (input.part !== undefined) {
    if (next.kind !== 'osr.limb') throw invalid('part', 'only a broken or severed limb names the limb or organ')
    next = { ...next, part: input.part }
  }
  return next
}

/** Game times that must not come before the injury was taken. */
function checkTimes(takenAt: number, times: { treatedAt: number | null; healedAt: number | null }, input: UpdateInput): void {
  for (const field of ['treatedAt', 'healedAt'] as const) {
    const at = times[field]
    if (at !== null && at < takenAt) {
      const blame = input[field] !== undefined ? field : 'takenAt'
      const what = field === 'treatedAt' ? 'treatment' : 'healing'
      throw invalid(blame, `the ${what} cannot come before the injury was taken; check the times`)
    }
  }
}

/** RK-8: a box holds one Harm, so a healed Harm reopens only into a free box. */
async function checkReopen(tx: Tx, row: InjuryRow, what: InjuryDetails): Promise<void> {
  if (what.kind !== 'ranks.harm') return
  const open = await openInjuries(tx, row.character_id, 'ranks.harm')
  if (open.some((d) => d.kind === 'ranks.harm' && d.box === what.box)) {
    throw new AppError('refused', `${row.character_name}'s ${capitalised(what.box)} box is already marked by another Harm (RK-8). Nothing was changed.`, [
      { field: 'healed', problem: `the ${what.box} box is already marked` },
    ])
  }
}

const SHOWN = ['label', 'description', 'takenAt', 'treated', 'treatedAt', 'healed', 'healedAt'] as const

/**
 * Treats, heals or edits an injury; its heal time is planned again from the new facts (LAD-20:
 * treatment starts an Incapacitate's recovery). Names only what changes; logs nothing when
 * nothing does.
 * @example await updateInjury(deps, { id: 3, treated: true })
 */
export async function updateInjury(deps: ServiceDeps, input: UpdateInput): Promise<Injury> {
  return unitOfWork(deps, async (tx) => {
    const row = await requireInjuryRow(tx, input.id)
    const before = toInjury(row)
    const stored = detailsOf(row)
    const what = editedWhat(stored.what, input)
    const description = input.description ?? row.description
    if (what.kind === 'other' && description === '') throw invalid('description', 'say what the injury is')
    const takenAt = input.takenAt ?? row.taken_at
    // Naming a time of treatment or healing means it happened.
    const treated = input.treated ?? (input.treatedAt !== undefined || row.treated === 1)
    const healed = input.healed ?? (input.healedAt !== undefined || row.healed === 1)
    // Treated or healed without a time: now, as the clock stands (never before it was taken).
    const now = Math.max(takenAt, await currentGameTime(tx.trx, row.campaign_id))
    const treatedAt = treated ? (input.treatedAt ?? stored.facts.treatedAt ?? now) : null
    const healedAt = healed ? (input.healedAt ?? row.healed_at ?? now) : null
    checkTimes(takenAt, { treatedAt, healedAt }, input)
    if (row.healed === 1 && !healed) await checkReopen(tx, row, what)
    const healBetween = what.kind === 'ladder.damage' && (await healsBetweenAdventures(tx, row.campaign_id))
    const plan = planInjury(what, { takenAt, treatedAt, healBetweenAdventures: healBetween })
    const next = {
      description,
      details: plan.details,
      taken_at: takenAt,
      heals_at: plan.healsAt,
      treated: treated ? 1 : 0,
      healed: healed ? 1 : 0,
      healed_at: healedAt,
    }
    if ((Object.keys(next) as (keyof typeof next)[]).every((k) => next[k] === row[k])) return before
    await tx.trx.updateTable('injury').set({ ...next, updated_at: tx.realTime }).where('id', '=', row.id).execute()
    const after = await injuryById(tx.trx, row.id)
    const changed = SHOWN.filter((k) => before[k] !== after[k])
    await injuryChanged(tx, after, 'updated', {
      kind: 'injury.updated',
      payload: { from: Object.fromEntries(changed.map((k) => [k, before[k]])), to: Object.fromEntries(changed.map((k) => [k, after[k]])) },
    })
    return after
  })
}

/**
 * LAD-22.3: spends 1 Plot Point to step an Incapacitate down to a Wound, which then heals a week
 * after it was taken (LAD-20). Not for an Incapacitate caused by a third Wound; refused with the
 * balance when the character has no Plot Point. The ledger entry names the injury it changed.
 * @example await stepDownInjury(deps, { id: 3 }) // in the open session, stamped when the Incapacitate was taken
 */
export async function stepDownInjury(
  deps: ServiceDeps,
  input: { id: number; sessionId?: number | null | undefined; gameTime?: number | undefined },
): Promise<{ injury: Injury; entry: LedgerEntry }> {
  return unitOfWork(deps, async (tx) => {
    const row = await requireInjuryRow(tx, input.id)
    const before = toInjury(row)
    const { what, facts } = detailsOf(row)
    if (what.kind !== 'ladder.damage' || what.level !== 'incapacitated' || row.healed === 1) {
      const problem = 'only an unhealed Incapacitate can be stepped down to a Wound (LAD-22.3)'
      throw new AppError('refused', `${capitalised(problem)}. Nothing was spent.`, [{ field: 'id', problem }])
    }
    const holder = await ledgerHolder(tx.trx, row.campaign_id, row.character_id)
    const at = input.gameTime ?? row.taken_at
    const stamp = { character: holder.name, session: 0, gameTime: at }
    const ledger = standingLedger(stamp, await balanceOf(tx.trx, holder, 'pp'))
    const spent = spendPlotPoints(ledger, stamp, { use: 'step down', injuryId: String(row.id), cause: what.thirdWound ? 'third wound' : 'injury' })
    if (!spent.ok) throw new AppError('refused', `${spent.reason} Nothing was spent.`, [{ field: 'id', problem: spent.reason }])
    const entry = await writeLedgerEntry(
      tx,
      holder,
      { currency: 'pp', amount: spent.entry.amount, reason: `${spent.entry.reason} (${before.label})`, sessionId: input.sessionId, gameTime: at },
      'spend',
    )
    const healBetween = await healsBetweenAdventures(tx, row.campaign_id)
    const plan = planInjury({ ...what, level: spent.injury ?? 'wounded' }, { ...factsOf(row.taken_at, facts), healBetweenAdventures: healBetween })
    await tx.trx.updateTable('injury').set({ details: plan.details, heals_at: plan.healsAt, updated_at: tx.realTime }).where('id', '=', row.id).execute()
    const injury = await injuryById(tx.trx, row.id)
    await injuryChanged(tx, injury, 'updated', { kind: 'injury.steppedDown', gameTime: at, sessionId: entry.sessionId, payload: { from: before.label, entryId: entry.id } })
    return { injury, entry }
  })
}
