/**
 * LODE-10 at the table: a deliberate attempt at Halfmagic, rolled at Base Dice 2 with the
 * character's advantages. The engine keeps the rule (one Destiny point up front, which also pays
 * the first re-roll; each further re-roll one more; success only on Halfmagic); this keeps its
 * state, pays its points through the ledger and logs every throw.
 */
import { DELIBERATE_BASE_DICE, rerollDeliberate, startDeliberateHalfmagic, stopDeliberate, type DeliberateHalfmagic } from '../../engines/lode'
import type { LodeRoll, ParsedInput } from '../../../shared/contract'
import { unitOfWork, type ServiceDeps, campaignDice, AppError, appendLog } from '../core'
import { sidePayload } from './payload'
import { lodeWeb, payPoints, refusedBy, requireCharacter, requireEnergy, rollerOf } from './rollers'
import { insertRoll, linkLog, loadRoll, replaceRoll, rollView, type LoadedRoll, type StoredRoll } from './store'

/** The engine's state of an attempt, from the stored roll, with the character's points as they stand now. */
function engineState(roll: LoadedRoll, points: { destiny: number; energy: number }): DeliberateHalfmagic {
  const side = roll.state.sides[0]!
  const { status, prepaidRerolls } = roll.state.deliberate!
  return { attempt: { ...side.attempt, points }, prepaidRerolls, status }
}

function stored(roll: LoadedRoll | null, base: Omit<StoredRoll['sides'][number], 'attempt'>, state: DeliberateHalfmagic): StoredRoll {
  return {
    sides: [{ ...(roll?.state.sides[0] ?? base), attempt: state.attempt }],
    opposed: null,
    deliberate: { status: state.status, prepaidRerolls: state.prepaidRerolls },
  }
}

async function loadAttempt(rollId: number, db: Parameters<typeof loadRoll>[0]): Promise<LoadedRoll> {
  const roll = await loadRoll(db, rollId)
  if (roll.kind !== 'deliberate') {
    throw new AppError('refused', 'This roll is not a deliberate Halfmagic attempt: re-roll it with Destiny instead.', [{ field: 'rollId', problem: 'not a deliberate attempt' }])
  }
  return roll
}

/**
 * Pays the Destiny point and makes the first roll at Base Dice 2.
 * @example await startDeliberate(deps, { campaignId: 1, characterId: 4, what: 'Leap the chasm', advantages: 7, disadvantages: 0, blessing: 0, curse: 0, energy: 0, gmOnly: false })
 */
export async function startDeliberate(deps: ServiceDeps, input: ParsedInput<'lode.deliberate'>): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const web = await lodeWeb(tx.trx, input.campaignId)
    const roller = await rollerOf(tx, input.campaignId, input.characterId, '')
    const holder = requireCharacter(roller, 'Destiny points', 'characterId')
    requireEnergy(roller, input.energy, 'energy')
    const { advantages, disadvantages, blessing, curse, energy } = input
    const dice = await campaignDice(tx, input.campaignId)
    const started = startDeliberateHalfmagic(dice, { advantages, disadvantages, blessing, curse, energy, web }, roller.points)
    if (!started.ok) throw refusedBy(`${roller.name}: ${started.reason}`, 'characterId')
    const ledgerEntryIds = await payPoints(tx, holder, started.state.attempt.entries, input.what, { destiny: 'a deliberate Halfmagic attempt' })
    const state = stored(null, { characterId: roller.characterId, name: roller.name, what: input.what, givenUp: null }, started.state)
    const rollId = await insertRoll(tx, { campaignId: input.campaignId, kind: 'deliberate', state, gmOnly: input.gmOnly })
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'lode.deliberate',
      payload: { rollId, baseDice: DELIBERATE_BASE_DICE, ...sidePayload(state.sides[0]!), status: started.state.status, ledgerEntryIds },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    await linkLog(tx, rollId, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, rollId))
  })
}

/**
 * Re-rolls an attempt that missed: paid by the up-front point once, then 1 Destiny each.
 * @example await rerollDeliberateAttempt(deps, { rollId: 12 })
 */
export async function rerollDeliberateAttempt(deps: ServiceDeps, input: { rollId: number }): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const roll = await loadAttempt(input.rollId, tx.trx)
    const side = roll.state.sides[0]!
    const roller = await rollerOf(tx, roll.campaignId, side.characterId, side.name)
    const holder = requireCharacter(roller, 'Destiny points', 'rollId')
    const dice = await campaignDice(tx, roll.campaignId)
    const before = engineState(roll, roller.points)
    const next = rerollDeliberate(dice, before)
    if (!next.ok) throw refusedBy(`${roller.name}: ${next.reason}`, 'rollId')
    const paid = next.state.attempt.entries.slice(before.attempt.entries.length)
    const ledgerEntryIds = await payPoints(tx, holder, paid, side.what, { destiny: 'a deliberate Halfmagic re-roll' })
    const state = stored(roll, side, next.state)
    await replaceRoll(tx, roll, state)
    const logged = await appendLog(tx, {
      campaignId: roll.campaignId,
      kind: 'lode.deliberate.reroll',
      payload: { rollId: roll.id, ...sidePayload(state.sides[0]!), status: next.state.status, prepaid: paid.length === 0, ledgerEntryIds },
      dice: dice.faces,
      gmOnly: roll.gmOnly,
    })
    await linkLog(tx, roll.id, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, roll.id))
  })
}

/**
 * The player stops re-rolling: without Halfmagic the attempt fails and gains nothing.
 * @example await stopDeliberateAttempt(deps, { rollId: 12 })
 */
export async function stopDeliberateAttempt(deps: ServiceDeps, input: { rollId: number }): Promise<LodeRoll> {
  return unitOfWork(deps, async (tx) => {
    const roll = await loadAttempt(input.rollId, tx.trx)
    const side = roll.state.sides[0]!
    const next = stopDeliberate(engineState(roll, side.attempt.points))
    if (!next.ok) throw refusedBy(next.reason, 'rollId', 'Nothing was changed.')
    const state = stored(roll, side, next.state)
    await replaceRoll(tx, roll, state)
    const logged = await appendLog(tx, {
      campaignId: roll.campaignId,
      kind: 'lode.deliberate.stop',
      payload: { rollId: roll.id, characterId: side.characterId, name: side.name, what: side.what, successes: side.attempt.result.successes, rerolls: side.attempt.earlier.length },
      gmOnly: roll.gmOnly,
    })
    await linkLog(tx, roll.id, logged.id)
    return rollView(tx.trx, await loadRoll(tx.trx, roll.id))
  })
}
