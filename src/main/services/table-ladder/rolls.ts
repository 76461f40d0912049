/**
 * Task rolls at the table (LAD-2 … LAD-5), the Plot Point spends that apply right then (LAD-22.1
 * and LAD-22.2), GM rulings (LAD-4), instant conflicts (LAD-6) and the untreated roll (LAD-19).
 * Each is one transaction: the campaign's dice, the log entry with every face, the ledger entry.
 */
import type { ParsedInput } from '../../../shared/contract'
import type { RollOutcome } from '../../../shared/api/table-ladder.contract'
import { gmRuling, rollInstantConflict, rollTask, rollUntreated, spendPlotPoints, underVulnerability, type Rung, type Wonky } from '../../engines/ladder'
import { unitOfWork, type ServiceDeps, campaignDice, appendLog, openSessionId, AppError } from '../core'
import { writeLedgerEntry, ledgerHolder, standingLedger } from '../ledger'
import { byTheRules, refuse, requireLadderCampaign } from './refusal'
import { plotPoints, resolveRoller } from './who'
import { contenderOf, taskOf } from './odds'
import { outcomeOf, pushOf, stepUpRefusal, type RollPayload } from './outcome'
import { boughtLine, instantLine, rollLine, rulingLine, steppedUpLine, untreatedLine, assetWords } from './lines'


type RollInput = ParsedInput<'ladder.roll'>

/**
 * Rolls a task (LAD-2 … LAD-5) with the campaign's dice and logs every face (DICE-3). A super
 * rolls on the extended ladder (LAD-29); with the Vulnerability in play, under a bad wonky ladder.
 * @example await rollOnLadder(deps, { campaignId: 1, characterId: 4, name: 'Tai', what: 'Hiding', asset: 'poor', difficulty: 'expert', wonky: null, extended: false, vulnerability: false, gmOnly: false })
 */
export async function rollOnLadder(deps: ServiceDeps, input: RollInput): Promise<RollOutcome> {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const who = await resolveRoller(tx.trx, input.campaignId, input)
    let task = taskOf({ ...input, extended: input.extended || who.super })
    if (input.vulnerability) task = underVulnerability(task)
    const dice = await campaignDice(tx, input.campaignId)
    const rolled = byTheRules('asset', () => rollTask(dice, task))
    const payload: RollPayload = {
      characterId: who.characterId,
      name: who.name,
      what: input.what,
      asset: task.asset,
      difficulty: task.difficulty ?? null,
      wonky: task.wonky ?? null,
      extended: task.extended ?? false,
      result: rolled.result,
      faces: rolled.faces,
      success: rolled.success ?? null,
      text: '',
    }
    payload.text = rollLine(payload)
    const logged = await appendLog(tx, { campaignId: input.campaignId, kind: 'ladder.roll', payload: { ...payload, vulnerability: input.vulnerability }, dice: dice.faces, gmOnly: input.gmOnly })
    return outcomeOf(tx.trx, input.campaignId, logged.id, payload, { gmOnly: input.gmOnly, steppedUpFrom: null })
  })
}

/**
 * LAD-22.2: before rolling, Plot Points buy a result instead (Superb for 1 with a good or expert
 * asset; Expert for 1 or Superb for 2 with none; Improbable for 1 for a super at Superb or above).
 * Refused, with the balance, when the character cannot pay; nothing is written then.
 * @example await buyResult(deps, { campaignId: 1, characterId: 4, name: 'Tai', what: 'Climbing', asset: 'good', difficulty: 'expert', wonky: null, extended: false, want: 'superb', gmOnly: false })
 */
export async function buyResult(deps: ServiceDeps, input: ParsedInput<'ladder.buy'>): Promise<RollOutcome> {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const who = await resolveRoller(tx.trx, input.campaignId, input)
    const holder = await ledgerHolder(tx.trx, input.campaignId, input.characterId)
    const task = taskOf({ ...input, extended: input.extended || who.super })
    const balance = (await plotPoints(tx.trx, input.campaignId, [input.characterId])).get(input.characterId) ?? 0
    const stamp = { character: who.name, session: 0, gameTime: 0 }
    const spent = byTheRules('want', () => spendPlotPoints(standingLedger(stamp, balance), stamp, { use: 'buy result', rollId: 'next', task, want: input.want }))
    if (!spent.ok) throw refuse('want', spent.reason, 'Nothing was spent.')
    const cost = -spent.entry.amount
    const result = spent.roll!
    const payload: RollPayload = {
      characterId: who.characterId,
      name: who.name,
      what: input.what,
      asset: task.asset,
      difficulty: task.difficulty ?? null,
      wonky: null,
      extended: task.extended ?? false,
      result: result.result,
      faces: [],
      success: result.success ?? null,
      bought: true,
      text: '',
    }
    payload.text = boughtLine({ ...payload, cost })
    const logged = await appendLog(tx, { campaignId: input.campaignId, kind: 'ladder.roll.bought', payload: { ...payload, cost }, gmOnly: input.gmOnly })
    await writeLedgerEntry(
      tx,
      holder,
      { currency: 'pp', amount: -cost, reason: `${spent.entry.reason} — ${assetWords(input.what, task.asset)}, roll #${logged.id}`, sessionId: logged.sessionId },
      'spend',
    )
    return outcomeOf(tx.trx, input.campaignId, logged.id, payload, { gmOnly: input.gmOnly, steppedUpFrom: null })
  })
}

/**
 * LAD-22.1: after a roll, 1 Plot Point moves its result one rung up, once per roll. The ledger
 * entry names the roll; refused with the balance when the character has none.
 * @example await stepUpRoll(deps, { logEntryId: 42 })
 */
export async function stepUpRoll(deps: ServiceDeps, input: { logEntryId: number }): Promise<RollOutcome> {
  return unitOfWork(deps, async (tx) => {
    const row = await tx.trx.selectFrom('log_entry').selectAll().where('id', '=', input.logEntryId).executeTakeFirst()
    if (!row || (row.kind !== 'ladder.roll' && row.kind !== 'ladder.roll.bought')) {
      throw new AppError('not_found', `There is no Ladder roll with log entry ${input.logEntryId}.`, [{ field: 'logEntryId', problem: 'no roll has this id' }])
    }
    if (row.undone === 1) throw refuse('logEntryId', 'This roll was undone, so there is nothing to push up.', 'Nothing was spent.')
    const roll = JSON.parse(row.payload) as RollPayload
    if (roll.bought) throw refuse('logEntryId', 'A bought result was not rolled, so there is no roll to push up a rung.', 'Nothing was spent.')
    const pushed = await pushOf(tx.trx, row.campaign_id, row.id)
    const balance = roll.characterId === null ? null : ((await plotPoints(tx.trx, row.campaign_id, [roll.characterId])).get(roll.characterId) ?? 0)
    const problem = stepUpRefusal(roll, row.id, balance, pushed !== undefined)
    if (problem) throw refuse('logEntryId', problem, 'Nothing was spent.')
    const holder = await ledgerHolder(tx.trx, row.campaign_id, roll.characterId)
    const stamp = { character: roll.name, session: 0, gameTime: 0 }
    const spent = spendPlotPoints(standingLedger(stamp, balance ?? 0), stamp, {
      use: 'step up',
      rollId: String(row.id),
      task: taskOf(roll),
      roll: { result: roll.result, faces: roll.faces },
    })
    if (!spent.ok) throw refuse('logEntryId', spent.reason, 'Nothing was spent.')
    const to = spent.roll!.result
    const success = roll.difficulty === null ? null : (spent.roll!.success ?? null)
    const text = steppedUpLine({ name: roll.name, what: roll.what, from: roll.result, to, success })
    // The spend comes last: undoing the last action gives the Plot Point back first, then the push.
    await appendLog(tx, {
      campaignId: row.campaign_id,
      kind: 'ladder.roll.stepped-up',
      sessionId: row.session_id,
      payload: { rollId: row.id, characterId: roll.characterId, name: roll.name, what: roll.what, from: roll.result, to, success, text },
      gmOnly: row.gm_only === 1,
    })
    await writeLedgerEntry(tx, holder, { currency: 'pp', amount: -1, reason: `${spent.entry.reason} — ${assetWords(roll.what, roll.asset)}, roll #${row.id}`, sessionId: row.session_id }, 'spend')
    return outcomeOf(tx.trx, row.campaign_id, row.id, { ...roll, result: to, success, text }, { gmOnly: row.gm_only === 1, steppedUpFrom: roll.result })
  })
}

/**
 * LAD-4: some tasks need no roll; the GM records an automatic success or failure and says why.
 * @example await recordRuling(deps, { campaignId: 1, characterId: null, name: 'Orb', what: 'Piloting', success: true, reason: 'the autopilot lands it', gmOnly: false })
 */
export async function recordRuling(deps: ServiceDeps, input: ParsedInput<'ladder.ruling'>): Promise<{ logEntryId: number; text: string }> {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const who = await resolveRoller(tx.trx, input.campaignId, input)
    const ruling = byTheRules('reason', () => gmRuling(input.success, input.reason))
    const text = rulingLine({ name: who.name, what: input.what, success: ruling.success, reason: ruling.reason })
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'ladder.roll.ruling',
      payload: { characterId: who.characterId, name: who.name, what: input.what, success: ruling.success, reason: ruling.reason, text },
      gmOnly: input.gmOnly,
    })
    return { logEntryId: logged.id, text }
  })
}

/**
 * LAD-19: an hour without medical attention — an appropriate asset against Good; failure and the
 * character begins dying (the GM sets when, as a timer on the clock).
 * @example await rollUntreatedHour(deps, { campaignId: 1, characterId: 4, name: 'Tai', what: 'Stamina', asset: 'good', wonky: null, extended: false, gmOnly: false })
 */
export async function rollUntreatedHour(deps: ServiceDeps, input: ParsedInput<'ladder.untreated'>) {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const who = await resolveRoller(tx.trx, input.campaignId, input)
    const dice = await campaignDice(tx, input.campaignId)
    const r = byTheRules('asset', () => rollUntreated(dice, taskOf({ ...input, extended: input.extended || who.super })))
    const text = untreatedLine({ name: who.name, what: input.what, asset: input.asset, result: r.roll.result, faces: r.roll.faces, beginsDying: r.beginsDying })
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'ladder.roll.untreated',
      payload: { characterId: who.characterId, name: who.name, what: input.what, asset: input.asset, result: r.roll.result, faces: r.roll.faces, beginsDying: r.beginsDying, text },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    return { logEntryId: logged.id, result: r.roll.result, faces: r.roll.faces, beginsDying: r.beginsDying, text }
  })
}

/**
 * LAD-6: an instant conflict — both roll once, the higher rung wins, equal rungs go to the higher
 * first face, and equal faces too roll again; every attempt's faces are logged.
 * @example await instantConflict(deps, { campaignId: 1, a: { characterId: 4, name: 'Tai', assetName: 'Running', asset: 'good', wonky: null }, b: { characterId: null, name: 'Guard', assetName: '', asset: 'good', wonky: null }, extended: false, gmOnly: false })
 */
export async function instantConflict(deps: ServiceDeps, input: ParsedInput<'ladder.instant'>) {
  return unitOfWork(deps, async (tx) => {
    await requireLadderCampaign(tx.trx, input.campaignId)
    const a = await resolveRoller(tx.trx, input.campaignId, input.a)
    const b = await resolveRoller(tx.trx, input.campaignId, input.b)
    const extended = input.extended || a.super || b.super
    const dice = await campaignDice(tx, input.campaignId)
    const r = byTheRules('asset', () => rollInstantConflict(dice, { a: contenderOf(input.a), b: contenderOf(input.b), extended }))
    const attempts = r.attempts.map((t) => ({
      a: { name: a.name, faces: t.rolls.a.faces, result: t.rolls.a.result, note: input.a.assetName },
      b: { name: b.name, faces: t.rolls.b.faces, result: t.rolls.b.result, note: input.b.assetName },
      decidedBy: t.decidedBy,
    }))
    const text = instantLine({ a, b, attempts, winner: r.winner })
    const logged = await appendLog(tx, {
      campaignId: input.campaignId,
      kind: 'ladder.roll.instant',
      payload: { a: { characterId: a.characterId, name: a.name }, b: { characterId: b.characterId, name: b.name }, attempts, winner: r.winner, text },
      dice: dice.faces,
      gmOnly: input.gmOnly,
    })
    return { logEntryId: logged.id, winner: r.winner, text, attempts }
  })
}
