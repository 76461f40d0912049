/**
 * Preparing spells at the table (OSR-22): all known spells at once in 5 seconds; the GM rolls the
 * window to cast them, 1d3 × 10 minutes, secretly — a GM-only log entry and a timer hidden from
 * the player view.
 */
import { prepareSpells as prepareEngine } from '../../engines/osr'
import { castWindowTimer } from '../../engines/clock'
import type { OsrTableView } from '../../../shared/contract'
import { type ServiceDeps, unitOfWork, campaignDice, currentGameTime } from '../core'
import { markActed, tableAction } from './action'
import { fighterIn } from './fighters'
import { refused } from './plan'
import { tableView } from './view'
import * as clock from '../clock'

/**
 * Prepares every spell the character knows and rolls the secret window (OSR-22); a combatant's
 * preparation takes their action. The window goes on the clock as a hidden timer.
 * @example await prepareOsrSpells(deps, { campaignId: 1, characterId: 5, rested: true, unrestrained: true }) // { minutes: 20, castBy: 38400, … }
 */
export async function prepareOsrSpells(
  deps: ServiceDeps,
  input: { campaignId: number; characterId: number; rested: boolean; unrestrained: boolean },
): Promise<{ minutes: number; castBy: number; gmPenaltyDue: boolean; view: OsrTableView }> {
  const prepared = await tableAction(deps, input.campaignId, 'prepare', async (ctx) => {
    const f = await fighterIn(ctx.tx, input.characterId, input.campaignId)
    if (f.spells.length === 0) throw refused(`${f.name} knows no spells or invocations to prepare: they are learnt first (OSR-21).`, 'characterId')
    if (f.h <= 0) throw refused(`${f.name} is incapacitated (H ${f.h}) and cannot prepare spells until H rises above 0 (OSR-19).`, 'characterId')
    const dice = await campaignDice(ctx.tx, input.campaignId)
    const prep = prepareEngine(dice, { rested: input.rested, unrestrained: input.unrestrained })
    const now = await currentGameTime(ctx.tx.trx, input.campaignId)
    const castBy = now + prep.window.seconds
    const spellIds = f.spells.map((s) => s.id)
    await ctx.step.touching('character', f.id)
    const row = await ctx.tx.trx.selectFrom('character').select('sheet').where('id', '=', f.id).executeTakeFirstOrThrow()
    await ctx.tx.trx
      .updateTable('character')
      .set({ sheet: JSON.stringify({ ...(JSON.parse(row.sheet) as object), prepared: spellIds }), updated_at: ctx.tx.realTime })
      .where('id', '=', f.id)
      .execute()
    ctx.tx.emitAfterCommit('record.changed', { campaignId: input.campaignId, kind: 'character', id: f.id, change: 'updated' })
    // OSR-22: the window is the GM's secret, so the entry stays out of the player recap.
    await ctx.step.log({
      kind: 'osr.prepare',
      payload: { name: f.name, characterId: f.id, spells: f.spells.map((s) => s.name), minutes: prep.window.minutes, castBy, gmPenaltyDue: prep.gmPenaltyDue },
      dice: dice.faces,
      gmOnly: true,
    })
    const preparations = [...ctx.state.preparations.filter((p) => p.characterId !== f.id), { characterId: f.id, spellIds, preparedAt: now, castBy }]
    return {
      state: markActed({ ...ctx.state, preparations }, f.id),
      summary: `${f.name} prepared ${f.spells.length === 1 ? f.spells[0]!.name : `${f.spells.length} spells`}`,
      result: { name: f.name, window: prep.window, castBy, gmPenaltyDue: prep.gmPenaltyDue },
    }
  })
  // CLK-6: the cast window on the clock, hidden from the player view.
  const timer = castWindowTimer(prepared.window, { id: `osr-cast-${input.characterId}`, caster: prepared.name })
  await clock.addTimer(deps, { campaignId: input.campaignId, label: timer.label, after: { minutes: prepared.window.minutes }, hiddenFromPlayers: true, repeat: false })
  return {
    minutes: prepared.window.minutes,
    castBy: prepared.castBy,
    gmPenaltyDue: prepared.gmPenaltyDue,
    view: await unitOfWork(deps, (tx) => tableView(tx, input.campaignId)),
  }
}
